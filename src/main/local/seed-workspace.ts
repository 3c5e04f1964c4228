/**
 * Local mode's starting point, so that something happens without anyone typing `/monitor` first: the bot is a
 * member of the demo channels, #plant-north-alerts receives device alerts and #maintenance task changes (every
 * site the sandbox key sees), and #general greets the visitor with what to try. Subscriptions go through the
 * relay's own subscription service, exactly as `/monitor subscribe …` stores them.
 */
import type { Deps } from '../../base/deps.ts';
import { parseMonitorCommand, alertStore, subscribeIfNew } from '../../alerts/index.ts';
import type { LocalChannel, Standin } from '../../slack-standin/index.ts';
import { welcomeBlocks, WELCOME_TEXT } from './welcome.ts';

export interface LocalChannelSeed {
  channel: LocalChannel;
  /** what `/monitor` would be told in that channel */
  monitor: string | null;
}

export const LOCAL_CHANNELS: readonly LocalChannelSeed[] = [
  {
    channel: { id: 'C0GENERAL', name: 'general', is_private: false, is_im: false, is_member: true },
    monitor: null,
  },
  {
    channel: { id: 'C0ALERTS', name: 'plant-north-alerts', is_private: false, is_im: false, is_member: true },
    monitor: 'subscribe alerts',
  },
  {
    channel: { id: 'C0MAINT', name: 'maintenance', is_private: false, is_im: false, is_member: true },
    monitor: 'subscribe tasks',
  },
  // A Slack Connect channel shared with Partner Co: Kai (their member) is refused there, Ana is not. It is the
  // only conversation Kai is in (the others keep the stand-in's seeded members).
  {
    channel: {
      id: 'C0PARTNER',
      name: 'partner-co-shared',
      is_private: false,
      is_im: false,
      is_member: true,
      is_ext_shared: true,
      members: ['U0ANA', 'U0BEN', 'U0KAI'],
    },
    monitor: null,
  },
];

/** Kai's first message in the shared channel, so the console shows who he is. */
const PARTNER_HELLO = 'Hi from Partner Co — can I see the Chicago Works tasks from here?';

export type LocalSeedDeps = Pick<Deps, 'store' | 'clock' | 'directory' | 'log'>;

export interface LocalSeedReport {
  /** channels whose subscription was created now (a persistent store keeps earlier ones untouched) */
  subscribed: string[];
  welcomed: boolean;
}

export async function seedLocalWorkspace(deps: LocalSeedDeps, standin: Standin): Promise<LocalSeedReport> {
  const rs = alertStore(deps.store);
  const subscribed: string[] = [];
  for (const seed of LOCAL_CHANNELS) {
    standin.addChannel(seed.channel);
    if (seed.monitor === null) continue;
    const cmd = parseMonitorCommand(seed.monitor);
    if (cmd.kind !== 'subscribe') throw new Error(`local seed: "${seed.monitor}" is not a subscription`);
    // A sqlite store survives restarts: keep what a previous run (or the user, meanwhile) set up, atomically.
    const outcome = await subscribeIfNew(
      { rs, directory: deps.directory, now: deps.clock.now() },
      seed.channel.id,
      cmd,
    );
    if (outcome.kind === 'saved') subscribed.push(seed.channel.id);
  }
  if (standin.messages('C0PARTNER').length === 0)
    standin.addMessage({ channel: 'C0PARTNER', user: 'U0KAI', text: PARTNER_HELLO });
  const general = LOCAL_CHANNELS[0]?.channel.id ?? 'C0GENERAL';
  const welcomed = standin.messages(general).length === 0;
  if (welcomed) {
    standin.addMessage({
      channel: general,
      user: standin.botUserId,
      text: WELCOME_TEXT,
      blocks: welcomeBlocks(),
    });
  }
  deps.log.info({ subscribed }, 'local workspace ready');
  return { subscribed, welcomed };
}
