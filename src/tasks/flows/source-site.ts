/**
 * The site of a task's data source, asked of the platform with the acting person's key: the `id|site` value of
 * the data-source option came back from Slack and is no authority (issue 14 — "a data source's site comes from
 * the platform, never from an option value"). The modal's own check on that value is only a quick hint.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';

/** Shown as it is by the one error path (an explained error), with the person's input kept. */
export class SourceSiteMismatchError extends Error {
  override readonly name = 'SourceSiteMismatchError';
  readonly explanation: string;
  constructor(sourceId: string, sourceSite: string, chosenSite: string) {
    super(`data source ${sourceId} belongs to another site`);
    this.explanation = `:warning: Data source ${escapeMrkdwn(sourceId)} belongs to ${escapeMrkdwn(sourceSite)}, not to ${escapeMrkdwn(chosenSite)}. Choose a data source of the selected site.`;
  }
}

/**
 * Throws SourceSiteMismatchError when the platform says the source is on another site; a source the person may
 * not read fails here with the platform's own 401 (contract: Authentication rule 3).
 */
export async function checkSourceSite(
  monitoring: Pick<MonitoringApi, 'dataSources'>,
  input: { deviceId: string; siteId: string; siteName: string | null },
  signal?: AbortSignal,
): Promise<void> {
  const source = await monitoring.dataSources.get(input.deviceId, {}, signal);
  if (source.site.id === input.siteId) return;
  throw new SourceSiteMismatchError(
    input.deviceId,
    source.site.name ?? `site ${source.site.id}`,
    input.siteName ?? `site ${input.siteId}`,
  );
}
