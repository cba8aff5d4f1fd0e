import { catalogue } from '../../faults/webhooks.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('webhooks', catalogue);
