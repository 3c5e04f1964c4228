/**
 * Issue 35's scenario, shared by the replica test (two processes on one Redis) and the one-process tests
 * (sqlite, memory): a new admin types `/monitor subscribe alerts` and `/monitor subscribe tasks` in eight
 * channels back to back (sixteen commands in flight at once), every answer says Subscribed, then one device
 * alert and one task change happen on the platform and every channel must get each exactly once.
 *
 * Only what Slack shows counts: the answers and the relay's messages are read from the stand-in, never from
 * the store. How commands reach the app and how the test knows the relay went idle is the caller's.
 */
import type { Sandbox } from '../../../src/sandbox/index.ts';
import type { DriverResult, Standin, StoredMessage } from '../../../src/slack-standin/index.ts';
import { waitFor } from '../../harness.ts';

/** Eight public channels the bot is a member of (beside the stand-in's seeded ones). */
export const STORM_CHANNELS = Array.from({ length: 8 }, (_, i) => `C0STORM${i + 1}`);
export const TOPICS = ['alerts', 'tasks'] as const;
/** A workspace admin (the stand-in's seed: Ana, is_admin): allowed to change a channel's subscriptions. */
export const ADMIN = 'U0ANA';
/** The site whose device and task change (the sandbox seed's Berlin Plant). */
const SITE_ID = '101';

export interface StormCommand {
  channel: string;
  text: string;
}

/** The sixteen commands in the order typed: both topics of each channel, channel after channel. */
export const STORM_COMMANDS: StormCommand[] = STORM_CHANNELS.flatMap((channel) =>
  TOPICS.map((topic) => ({ channel, text: `subscribe ${topic}` })),
);

/** Adds the eight channels to the stand-in the way its seed has them: public, the bot a member. */
export function addStormChannels(standin: Standin): void {
  STORM_CHANNELS.forEach((id, i) =>
    standin.addChannel({
      id,
      name: `plant-storm-${i + 1}`,
      is_private: false,
      is_im: false,
      is_member: true,
    }),
  );
}

/**
 * Sends every command at once (`send(command, i)` must start its request before it returns its promise), then
 * waits for the ephemeral answers: two per channel. Returns the answers' texts, channel by channel.
 */
export async function subscribeAll(
  standin: Standin,
  send: (command: StormCommand, index: number) => Promise<DriverResult>,
  timeoutMs = 30_000,
): Promise<string[]> {
  const before = new Map(STORM_CHANNELS.map((c) => [c, standin.messages(c).length]));
  const answersIn = (channel: string) =>
    standin
      .messages(channel)
      .slice(before.get(channel))
      .filter((m) => m.ephemeralTo !== undefined);
  const acks = await Promise.all(STORM_COMMANDS.map((command, i) => send(command, i)));
  const refused = acks.filter((r) => r.status !== 200).map((r) => r.status);
  if (refused.length > 0) throw new Error(`/monitor answered HTTP ${refused.join(', ')}`);
  await waitFor(() => STORM_CHANNELS.every((c) => answersIn(c).length >= TOPICS.length), {
    timeoutMs,
    intervalMs: 50,
    message: `all ${STORM_COMMANDS.length} /monitor answers`,
  });
  return STORM_CHANNELS.flatMap((c) => answersIn(c).map((m) => m.text));
}

export interface StormChange {
  sensor: string;
  task: string;
}

/** One device alert (a Berlin sensor falls silent for 2 h) and one task change (an open Berlin task put on hold). */
export function makeStormChange(sandbox: Sandbox): StormChange {
  const admin = sandbox.admin;
  const sensor = admin.state.sources.find((s) => s.siteId === SITE_ID && s.applyingId === 1);
  const task = admin.state.tasks.find((t) => t.siteId === SITE_ID && t.statusId === '5');
  if (!sensor || !task) throw new Error('the sandbox seed has no sensor or open task at Berlin Plant');
  admin.setLastReadingAge(sensor.id, 2 * 3600);
  admin.updateTask(task.id, { statusId: '10' });
  return { sensor: sensor.name, task: task.name };
}

function botMessages(standin: Standin, channel: string): StoredMessage[] {
  return standin.messages(channel).filter((m) => m.bot_id !== undefined && m.ephemeralTo === undefined);
}

const isParent = (m: StoredMessage) => m.thread_ts === undefined || m.thread_ts === m.ts;

export interface StormTally {
  /** Per channel: the relay's alert parents about the device ("Warning: <device> — Silent source …"). */
  alerts: Record<string, number>;
  /** Per channel: the task's parents ("Task: <name> (On Hold)"). */
  tasks: Record<string, number>;
  /** Per channel: the change's thread replies under the task ("<name>: status"). */
  taskReplies: Record<string, number>;
}

export function tally(standin: Standin, change: StormChange): StormTally {
  const count = (match: (m: StoredMessage) => boolean) =>
    Object.fromEntries(STORM_CHANNELS.map((c) => [c, botMessages(standin, c).filter(match).length]));
  return {
    alerts: count((m) => isParent(m) && m.text.includes(`: ${change.sensor} — `)),
    tasks: count((m) => isParent(m) && m.text.startsWith(`Task: ${change.task} (`)),
    taskReplies: count((m) => !isParent(m) && m.text.startsWith(`${change.task}: `)),
  };
}

export interface StormSummary {
  /** Channels that got the alert / the task change (at least once), of 8. */
  alertChannels: number;
  taskChannels: number;
  /** Subscriptions (channel × topic) whose message never came: lost. */
  lost: string[];
  /** Messages that came more than once. */
  duplicates: string[];
}

export function summarize(t: StormTally): StormSummary {
  const got = (per: Record<string, number>) => STORM_CHANNELS.filter((c) => (per[c] ?? 0) > 0).length;
  const lost: string[] = [];
  const duplicates: string[] = [];
  for (const c of STORM_CHANNELS) {
    for (const topic of TOPICS) if ((t[topic][c] ?? 0) === 0) lost.push(`${c} ${topic}`);
    for (const [what, per] of Object.entries(t)) {
      const n = per[c] ?? 0;
      if (n > 1) duplicates.push(`${c} ${what} ×${n}`);
    }
  }
  return { alertChannels: got(t.alerts), taskChannels: got(t.tasks), lost, duplicates };
}

/** Every channel got both messages. */
export function allDelivered(t: StormTally): boolean {
  return summarize(t).lost.length === 0;
}

/** One line for the test log: how many of the 16 subscriptions were lost. */
export function describeStorm(label: string, s: StormSummary): string {
  return (
    `${label}: alert in ${s.alertChannels}/8 channels, task change in ${s.taskChannels}/8; ` +
    `${s.lost.length} of 16 subscriptions lost${s.lost.length ? ` (${s.lost.join(', ')})` : ''}; ` +
    `duplicates: ${s.duplicates.length ? s.duplicates.join(', ') : 'none'}`
  );
}
