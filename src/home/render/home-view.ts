/**
 * The App Home tab, pure. The skeleton goes out at once (header and quick actions work before any platform
 * call returns); the full view replaces it when the data is in. Each part carries its own failure notice, so
 * a platform outage shows up as a sentence inside the tab, never as an empty or broken tab.
 */
import type { HomeView } from '@slack/types';
import type { AlertStatus } from '../../alerts/index.ts';
import { slackDate } from '../../kit/blocks/mrkdwn.ts';
import { HOME_ACTION } from './home-ids.ts';
import { FORM_ACTION } from '../../forms/index.ts';
import {
  renderHomeConnection,
  renderHomeSubscriptions,
  type HomeConnection,
  type HomeSubscriptions,
} from './home-status.ts';
import { renderHomeTasks, type HomeTasks } from './home-tasks.ts';
import type { BlockJson } from '../../tasks/index.ts';
import { context } from '../../kit/blocks/text-blocks.ts';
import { homeAccessBlocks, type HomeAccessState } from '../../access/index.ts';
import { connectionHomeBlocks, type ConnectionHomeState } from '../../connections/index.ts';

export type { HomeTask, HomeTasks } from './home-tasks.ts';
export type { HomeConnection, HomeSubscriptions } from './home-status.ts';

export interface HomeModel {
  user: string;
  nowMs: number;
  tasks: HomeTasks;
  subscriptions: HomeSubscriptions;
  connection: HomeConnection;
  /** The relay's last recorded state; null when it never ran (or could not be read). */
  alerts: AlertStatus | null;
  /** Whether a task assigned to this person sends them its card by DM; undefined = not shown. */
  assignmentDms?: boolean;
  /** The person's platform account (Connect / Disconnect); undefined = not shown. */
  account?: HomeAccessState;
  /** The workspace's platform connection: workspace admins and owners only; undefined = not shown. */
  platformConnection?: ConnectionHomeState;
  /** The workspace's rounds (issue 40), rendered by the rounds feature; undefined = none. */
  rounds?: BlockJson[];
}

function dmToggle(on: boolean | undefined): BlockJson[] {
  if (on === undefined) return [];
  const text = on
    ? ':incoming_envelope: When a task is assigned to you, I send you its card here.'
    : ':no_bell: You get no DM when a task is assigned to you.';
  const turn = on ? 'off' : 'on';
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text },
      accessory: { ...button(HOME_ACTION.dmToggle, on ? 'Turn off' : 'Turn on'), value: turn },
    },
  ];
}

const divider: BlockJson = { type: 'divider' };
const button = (actionId: string, text: string, style?: 'primary'): BlockJson => ({
  type: 'button',
  action_id: actionId,
  text: { type: 'plain_text', text, emoji: true },
  ...(style ? { style } : {}),
});

function top(user: string): BlockJson[] {
  return [
    { type: 'header', text: { type: 'plain_text', text: 'fieldline', emoji: true } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `Hi <@${user}>: your tasks, the channels that receive alerts, and the platform's state.`,
      },
    },
    {
      type: 'actions',
      block_id: 'home_quick_actions',
      elements: [
        button(HOME_ACTION.newTask, ':heavy_plus_sign: New task', 'primary'),
        button(HOME_ACTION.sourceSearch, ':mag: Search data sources'),
        button(FORM_ACTION.home, ':clipboard: Fill in a form'),
        button(HOME_ACTION.refresh, ':arrows_counterclockwise: Refresh'),
      ],
    },
    context('In any channel: `/source <name>` finds data sources, `/reading <source>` shows readings.'),
    divider,
  ];
}

function home(blocks: BlockJson[]): HomeView {
  return { type: 'home', blocks: blocks.slice(0, 100) };
}

export function renderHomeSkeleton(user: string): HomeView {
  return home([
    ...top(user),
    { type: 'section', text: { type: 'mrkdwn', text: '*Your open tasks*' } },
    context(':hourglass_flowing_sand: Loading your tasks…'),
    divider,
    context(':hourglass_flowing_sand: Loading channels and the platform status…'),
  ]);
}

export function renderHomeView(model: HomeModel): HomeView {
  const updated = slackDate(
    model.nowMs,
    '{date_short_pretty} {time}',
    new Date(model.nowMs).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  );
  return home([
    ...top(model.user),
    ...(model.account ? [...homeAccessBlocks(model.account), divider] : []),
    ...renderHomeTasks(model.tasks),
    divider,
    ...renderHomeSubscriptions(model.subscriptions),
    divider,
    ...renderHomeConnection(model.connection, model.alerts, model.nowMs),
    ...dmToggle(model.assignmentDms),
    ...(model.rounds ? [divider, ...model.rounds] : []),
    ...(model.platformConnection ? [divider, ...connectionHomeBlocks(model.platformConnection)] : []),
    context(`Updated ${updated}.`),
  ]);
}
