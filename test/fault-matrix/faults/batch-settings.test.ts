import { catalogue } from '../../faults/batch-settings.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('batch-settings', catalogue);
