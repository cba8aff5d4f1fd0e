import { catalogue } from '../../faults/v2-lists.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v2-lists', catalogue);
