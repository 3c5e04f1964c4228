/** What the rounds listeners and the scheduler need: the app's deps, the rounds store and the forms service. */
import type { Deps } from '../../base/deps.ts';
import type { FormsService } from '../../forms/index.ts';
import type { RoundsStore } from '../service/rounds-store.ts';

export type RoundsDeps = Deps & { rounds: RoundsStore; forms: FormsService };
