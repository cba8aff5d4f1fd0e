import { catalogue } from '../../faults/v1-orders.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v1-orders', catalogue);
