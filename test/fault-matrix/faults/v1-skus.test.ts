import { catalogue } from '../../faults/v1-skus.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v1-skus', catalogue);
