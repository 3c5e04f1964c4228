/** "Enter reading" on a source card: the typed-input modal (one input per writable metric). */
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import { metricCatalog } from '../rules/metric-catalog.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { renderMessageView, renderReadingEntryView } from '../render/reading-entry-view.ts';
import { openSourceModal } from './source-modal-open.ts';

export async function handleSourceEnterReading(
  args: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  await openSourceModal(args, deps, 'Enter reading', 'readings.entry-modal', (source, meta) => {
    const catalog = source.metrics && source.metrics.length > 0 ? metricCatalog(source) : [];
    if (catalog.length === 0) {
      return renderMessageView(
        'Enter reading',
        'This data source has no schema, so fieldline does not know its writable metrics.',
      );
    }
    return renderReadingEntryView(source, catalog, zoneOrUtc(source.tzTimezoneName), meta);
  });
}
