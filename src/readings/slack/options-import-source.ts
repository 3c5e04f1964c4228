/** The data source picker of the import modal (external_select): name search over GET /data-sources. */
import type { SuggestionArgs } from '../flows/listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';

export async function handleReadingImportSourceOptions(
  { ack, options }: SuggestionArgs,
  deps: Pick<Deps, 'monitoring' | 'log'>,
): Promise<void> {
  const text = options.value.trim();
  try {
    const page = await deps.monitoring.dataSources.listPage(
      { limit: 50, ...(text ? { textSearch: text } : {}) },
      null,
      AbortSignal.timeout(2_500),
    );
    await ack({
      options: page.rows.slice(0, 100).map((row) => ({
        text: {
          type: 'plain_text',
          text: truncate(row.site.name ? `${row.name} · ${row.site.name}` : row.name, 75),
        },
        value: row.id,
      })),
    });
  } catch (err) {
    deps.log.warn({ err }, 'import source options failed');
    await ack({ options: [] });
  }
}
