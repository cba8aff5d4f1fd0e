import { catalogue } from '../../faults/errors.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('errors', catalogue);
