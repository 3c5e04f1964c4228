/**
 * People learned from task assignees (src/directory/people.ts): only what is new is written, and what one replica
 * writes adds to what the others stored.
 */
import { describe, expect, it } from 'vitest';
import { createPeopleDirectory } from '../../src/directory/people.ts';
import { createLogger } from '../../src/base/log.ts';
import type { Assignee } from '../../src/monitoring/api.ts';
import { openStore } from '../../src/store/open-store.ts';
import { waitFor } from '../harness.ts';
import { countingStore } from './counting-store.ts';

const log = createLogger({ level: 'silent' });
const person = (id: string, email: string) => ({ assignee: { id, email, name: `User ${id}` } as Assignee });
/** A Slack client whose every user has the email `email`. */
const slackWith = (email: string) => ({ users: { info: async () => ({ user: { profile: { email } } }) } });

describe('people', () => {
  it('learns a person once: the same assignee on every page changes nothing', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const people = createPeopleDirectory({ store, scan: async () => undefined });
    expect(people.learn([person('501', 'Ana.Silva@plant.example'), person('502', 'ben@plant.example')])).toBe(
      true,
    );
    expect(people.learn([person('501', 'Ana.Silva@plant.example')])).toBe(false);
    expect(people.learn([person('501', 'ana.silva@plant.example ')])).toBe(false);
    // the same email now names another platform user: that is news
    expect(people.learn([person('509', 'ana.silva@plant.example')])).toBe(true);
    expect(await people.platformUserFor(slackWith('ana.silva@plant.example'), 'U0ANA')).toMatchObject({
      kind: 'found',
      assignee: { id: '509' },
    });
  });

  it('adds what it learned to what other replicas stored, instead of writing over it', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const stored = () => store.namespace('directory').get<Record<string, Assignee>>('people');
    const a = createPeopleDirectory({ store, scan: async () => undefined });
    const b = createPeopleDirectory({ store, scan: async () => undefined });
    a.learn([person('501', 'ana@plant.example')]);
    await waitFor(async () => (await stored())?.['ana@plant.example'], { message: 'first replica stored' });
    b.learn([person('502', 'ben@plant.example')]);
    await waitFor(async () => (await stored())?.['ben@plant.example'], { message: 'second replica stored' });
    expect(Object.keys((await stored()) ?? {}).sort()).toEqual(['ana@plant.example', 'ben@plant.example']);
    const fresh = createPeopleDirectory({ store, scan: async () => undefined });
    expect(await fresh.platformUserFor(slackWith('ana@plant.example'), 'U0ANA')).toMatchObject({
      kind: 'found',
      assignee: { id: '501' },
    });
  });

  it("reads a person's Slack email from the store at most once a minute", async () => {
    const { store, reads } = await countingStore();
    let now = Date.UTC(2026, 10, 21, 12);
    const people = createPeopleDirectory({ store, scan: async () => undefined, now: () => now });
    const slack = slackWith('ana@plant.example');
    expect(await people.slackEmail(slack, 'U0ANA')).toBe('ana@plant.example');
    expect(await people.slackEmail(slack, 'U0ANA')).toBe('ana@plant.example');
    now += 59_999;
    await people.slackEmail(slack, 'U0ANA');
    const emailReads = () => reads.filter((k) => k === 'directory/slack-email:U0ANA').length;
    expect(emailReads()).toBe(1);
    now += 1;
    await people.slackEmail(slack, 'U0ANA');
    expect(emailReads()).toBe(2);
  });
});
