/**
 * A digest's "and N more" (issue 37): the button value names a digest, and digest ids are predictable
 * (`channel:site:epoch`), so the value is no authority. The digest must be one posted in the conversation Slack
 * signed, and the list is shown only within the presser's own platform rights. Local mode's links: Ana sees every
 * site, Ben only Chicago Works, Dav has not connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import { answerTo, textOf } from '../access/access-helpers.ts';
import { ALERTS, MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

const LEADS = 'G0LEADS';
const ANA = 'U0ANA';
const BEN = 'U0BEN';
const DAV = 'U0DAV';
const OVERDUE = ['Overdue Berlin audit 1', 'Overdue Berlin audit 2', 'Overdue Berlin audit 3'].concat(
  ['4', '5', '6'].map((n) => `Overdue Berlin audit ${n}`),
);

let bed: AlertsBed;
/** The "and N more" button of the overdue section of the digest posted in the private #shift-leads. */
let leadsDigest: StoredMessage;

beforeAll(async () => {
  bed = await startAlertsBed({ harness: { links: 'local' } });
  const { h } = bed;
  h.standin.addChannel({ id: LEADS, name: 'shift-leads', is_private: true, is_im: false, is_member: true });
  const say = async (text: string, channel: string) =>
    textOf(await answerTo(h, { command: '/monitor', text, user: ANA, channel }));
  expect(await say('subscribe tasks site Berlin Plant', LEADS)).toMatch(/Subscribed/);
  expect(await say('subscribe tasks site Berlin Plant', ALERTS)).toMatch(/Subscribed/);
  await bed.tick(0);
  OVERDUE.forEach((name, i) =>
    h.sandbox.admin.createTask({ name, siteId: '101', dueDate: `2020-01-0${i + 1}` }),
  );
  await bed.tick(MIN);
  leadsDigest = await digestNow(LEADS);
});
afterAll(() => bed?.stop());

/** `/monitor digest now` by Ana in `channel`: the digest message posted there. */
async function digestNow(channel: string): Promise<StoredMessage> {
  const before = bed.h.standin.messages(channel).length;
  await bed.h.driver.command({ command: '/monitor', text: 'digest now', channel, user: ANA });
  return waitFor(() =>
    bed.h.standin
      .messages(channel)
      .slice(before)
      .find((m) => m.text.startsWith('Shift handover — now: Berlin Plant')),
  );
}

const moreValue = (m: StoredMessage) => /"value":"([^"]+\|overdue)"/.exec(JSON.stringify(m.blocks))?.[1];

/** Presses "and N more" (overdue) on `message` as `user`, optionally with an edited value; the answer to them. */
async function pressMore(message: StoredMessage, user: string, value?: string): Promise<string> {
  const before = bed.h.standin.messages(message.channel).length;
  const res = await bed.h.driver.blockAction({
    actionId: 'digest_more_overdue_0',
    message,
    channel: message.channel,
    user,
    ...(value ? { value } : {}),
  });
  expect(res.status).toBe(200);
  const answer = await waitFor(() =>
    bed.h.standin
      .messages(message.channel)
      .slice(before)
      .find((m) => m.ephemeralTo === user),
  );
  return textOf(answer);
}

describe('"and N more" lists only what the presser may see, of this conversation', () => {
  it('Ana (every site) sees the whole overdue list of the private channel she pressed it in', async () => {
    const shown = await pressMore(leadsDigest, ANA);
    for (const name of OVERDUE) expect(shown).toContain(name);
  });

  it("a value forged to name #shift-leads' digest, pressed in #alerts, lists nothing of it", async () => {
    const forged = moreValue(leadsDigest);
    expect(forged).toMatch(/^G0LEADS:101:/);
    // A digest of #alerts' own, whose button carries the private channel's digest id instead.
    const here = await digestNow(ALERTS);
    const shown = await pressMore(here, ANA, forged);
    expect(shown).toContain('not a digest of this conversation');
    expect(shown).not.toContain('Overdue Berlin audit 6');
  });

  it("Ben (Chicago Works only) is not shown Berlin Plant's overdue tasks, even on a genuine button", async () => {
    const shown = await pressMore(leadsDigest, BEN);
    expect(shown).toMatch(/Berlin Plant.*your platform account doesn't see/);
    for (const name of OVERDUE) expect(shown).not.toContain(name);
  });

  it('Dav, who never connected, is asked to connect and shown nothing', async () => {
    const shown = await pressMore(leadsDigest, DAV);
    expect(shown).toContain('access_connect');
    for (const name of OVERDUE) expect(shown).not.toContain(name);
  });
});
