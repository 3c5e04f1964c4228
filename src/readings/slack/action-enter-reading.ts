/** "Enter reading" on a source card: the typed-input modal (one input per writable metric). */
import type { Deps } from '../../base/deps.ts';
import { sourceModalEntry } from '../flows/source-modal.ts';
import { renderMessageView, renderReadingEntryView } from '../render/reading-entry-view.ts';
import { SOURCE_ACTION } from '../render/source-ids.ts';
import { metricCatalog } from '../rules/metric-catalog.ts';
import { zoneOrUtc } from '../rules/range.ts';

export const enterReading = (deps: Pick<Deps, 'sources' | 'log'>) =>
  sourceModalEntry(deps, {
    match: SOURCE_ACTION.enterReading,
    kind: 'readings.entry-modal',
    title: 'Enter reading',
    render(source, meta) {
      const catalog = source.metrics && source.metrics.length > 0 ? metricCatalog(source) : [];
      if (catalog.length === 0) {
        return renderMessageView(
          'Enter reading',
          'This data source has no schema, so fieldline does not know its writable metrics.',
        );
      }
      return renderReadingEntryView(source, catalog, zoneOrUtc(source.tzTimezoneName), meta);
    },
  });
