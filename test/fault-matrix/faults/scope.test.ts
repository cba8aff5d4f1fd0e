import { catalogue } from '../../faults/scope.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('scope', catalogue);
