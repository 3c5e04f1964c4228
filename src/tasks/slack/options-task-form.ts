/**
 * Typeahead options for the task modal: sites (from the directory), data sources of the chosen site
 * (GET /data-sources with textSearch; the site is read from the view state Slack sends with the
 * suggestion request) and feed channels. Slack waits 3 s, so each answer is bounded.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { filterSites } from '../../directory/index.ts';
import { within } from '../../kit/time-budget.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { TASK_FIELD } from '../render/task-ids.ts';
import { inputOf, stateValues } from '../../kit/blocks/view-state.ts';

const ANSWER_WITHIN_MS = 2_500;
const option = (text: string, value: string) => ({
  text: { type: 'plain_text' as const, text: truncate(text, 75) },
  value,
});

/** What a block_suggestion listener receives. */
export type TaskOptionsArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;
export type TaskOptionsDeps = Pick<Deps, 'directory' | 'monitoring' | 'log'>;

const suggestionView = z.looseObject({
  view: z
    .looseObject({
      state: z.looseObject({ values: stateValues }).optional(),
    })
    .optional(),
});

function selectedInView(body: unknown, field: string): string | undefined {
  const parsed = suggestionView.safeParse(body);
  const values = parsed.success ? parsed.data.view?.state?.values : undefined;
  return values ? inputOf(values, field)?.selected_option?.value : undefined;
}

export async function handleTaskSiteOptions(
  { ack, options }: TaskOptionsArgs,
  deps: Pick<Deps, 'directory' | 'log'>,
): Promise<void> {
  const sites = await within(deps.directory.sites(), ANSWER_WITHIN_MS).catch((err: unknown) => {
    deps.log.child({ module: 'tasks' }).warn({ err }, 'site options unavailable');
    return undefined;
  });
  await ack({
    options: filterSites(sites ?? [], options.value ?? '')
      .slice(0, 100)
      .map((s) => option(s.name, s.id)),
  });
}

export async function handleTaskDeviceOptions(
  { ack, options, body }: TaskOptionsArgs,
  deps: TaskOptionsDeps,
): Promise<void> {
  const siteId = selectedInView(body, TASK_FIELD.site);
  const text = (options.value ?? '').trim();
  const query = {
    limit: 50,
    ...(siteId ? { siteIds: [siteId] } : {}),
    ...(text ? { textSearch: text } : {}),
  };
  const page = await within(deps.monitoring.dataSources.listPage(query, null), ANSWER_WITHIN_MS).catch(
    (err: unknown) => {
      deps.log.child({ module: 'tasks' }).warn({ err }, 'data source options unavailable');
      return undefined;
    },
  );
  const rows = page?.rows ?? [];
  await ack({
    options: rows.map((row) =>
      // The value carries the source's site for a quick hint in the modal only; after the ack the platform's
      // record decides (flows/source-site.ts).
      option(siteId ? row.name : `${row.name} — ${row.site.name ?? row.site.id}`, `${row.id}|${row.site.id}`),
    ),
  });
}

export async function handleTaskChannelOptions(
  { ack, options, body }: TaskOptionsArgs,
  deps: Pick<Deps, 'directory'>,
): Promise<void> {
  const siteId = selectedInView(body, TASK_FIELD.site);
  const sites = (await within(deps.directory.sites(), ANSWER_WITHIN_MS).catch(() => undefined)) ?? [];
  const withChannel = filterSites(sites, options.value ?? '').filter((s) => s.channelId);
  withChannel.sort((a, b) => Number(b.id === siteId) - Number(a.id === siteId));
  await ack({ options: withChannel.slice(0, 100).map((s) => option(`${s.name} feed`, s.channelId ?? '')) });
}
