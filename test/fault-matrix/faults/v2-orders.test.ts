import { catalogue } from '../../faults/v2-orders.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v2-orders', catalogue);
