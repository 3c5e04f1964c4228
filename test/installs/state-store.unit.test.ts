/** The OAuth state (issue 39): signed, expiring, good once; opening the install page stores nothing. */
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { InvalidStateError } from '@slack/oauth';
import { STATE_TTL_MS, storeStateStore } from '../../src/installs/slack/state-store.ts';
import { openStore } from '../../src/store/open-store.ts';

const options = { scopes: ['commands'] };

async function bed() {
  const store = await openStore({ kind: 'memory' }, { log: pino({ level: 'silent' }), keyPrefix: 's:' });
  const clock = { t: 1_000_000 };
  const states = storeStateStore(store, 'a-state-secret-of-enough-length', options, () => clock.t);
  return { store, clock, states };
}

describe('OAuth state', () => {
  it('is accepted once, with the install options', async () => {
    const { states } = await bed();
    const state = await states.generateStateParam(options, new Date());
    expect(await states.verifyStateParam(new Date(), state)).toEqual(options);
    await expect(states.verifyStateParam(new Date(), state)).rejects.toThrow(InvalidStateError);
  });

  it('refuses a state not signed with the secret, or changed', async () => {
    const { states } = await bed();
    const state = await states.generateStateParam(options, new Date());
    const [id, expires] = state.split('.');
    await expect(states.verifyStateParam(new Date(), `${id}.${expires}.forged`)).rejects.toThrow(
      'not one fieldline issued',
    );
    await expect(
      states.verifyStateParam(new Date(), `${id}.${Number(expires) + 60_000}.${state.split('.')[2]}`),
    ).rejects.toThrow('not one fieldline issued');
    const other = storeStateStore((await bed()).store, 'another-secret-of-enough-len', options, () => 0);
    await expect(other.verifyStateParam(new Date(), state)).rejects.toThrow('not one fieldline issued');
  });

  it('refuses a state older than ten minutes', async () => {
    const { states, clock } = await bed();
    const state = await states.generateStateParam(options, new Date());
    clock.t += STATE_TTL_MS + 1;
    await expect(states.verifyStateParam(new Date(), state)).rejects.toThrow('expired');
  });
});
