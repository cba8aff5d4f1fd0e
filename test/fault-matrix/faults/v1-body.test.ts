import { catalogue } from '../../faults/v1-body.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v1-body', catalogue);
