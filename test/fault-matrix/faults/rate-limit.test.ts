import { catalogue } from '../../faults/rate-limit.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('rate-limit', catalogue);
