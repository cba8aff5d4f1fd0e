import { catalogue } from '../../faults/not-found.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('not-found', catalogue);
