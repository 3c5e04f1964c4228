/** What the forms listeners need: the base deps, the forms service and the drafts (built in ../index.ts). */
import type { BaseDeps } from '../../base/deps.ts';
import type { Drafts } from '../service/drafts.ts';
import type { FormsService } from '../service/forms-service.ts';

export type FormsDeps = Pick<BaseDeps, 'log' | 'clock'> & { forms: FormsService; drafts: Drafts };
