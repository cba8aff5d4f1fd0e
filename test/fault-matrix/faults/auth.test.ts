import { catalogue } from '../../faults/auth.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('auth', catalogue);
