import { catalogue } from '../../faults/properties.js';
import { describeFaultRuns } from '../fault-runs.js';

describeFaultRuns('properties', catalogue);
