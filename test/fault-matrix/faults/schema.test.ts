import { catalogue } from '../../faults/schema.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('schema', catalogue);
