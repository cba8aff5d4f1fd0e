import { catalogue } from '../../faults/inputs.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('inputs', catalogue);
