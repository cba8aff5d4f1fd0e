import { catalogue } from '../../faults/batches.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('batches', catalogue);
