import { catalogue } from '../../faults/restocking.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('restocking', catalogue);
