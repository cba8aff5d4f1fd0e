import { catalogue } from '../../faults/v1-lists.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('v1-lists', catalogue);
