/**
 * The OAuth `state` parameter (CSRF): a random id and an expiry (ten minutes), signed with SLACK_STATE_SECRET, so
 * opening the install page stores nothing (it is public). The callback accepts a state once: it records the id as
 * used (`add`, atomic on every backend, kept until the state would expire), and only the caller that added it goes
 * on — a replayed redirect is refused. The installer also ties the state to the browser that started the flow with
 * a cookie (@slack/oauth's InstallProvider).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidStateError, type InstallURLOptions, type StateStore } from '@slack/oauth';
import type { Store } from '../../store/store.ts';

export const STATE_TTL_MS = 10 * 60_000;

export function storeStateStore(
  store: Store,
  stateSecret: string,
  installOptions: InstallURLOptions,
  now: () => number,
): StateStore {
  const ns = store.namespace('installs');
  const sign = (text: string) => createHmac('sha256', stateSecret).update(text).digest('base64url');
  return {
    generateStateParam() {
      const body = `${randomBytes(18).toString('base64url')}.${now() + STATE_TTL_MS}`;
      return Promise.resolve(`${body}.${sign(body)}`);
    },
    async verifyStateParam(_now, state) {
      const [id, expires, signature] = state.split('.');
      const body = `${id ?? ''}.${expires ?? ''}`;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature ?? '');
      if (!id || !expires || expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new InvalidStateError('The state parameter is not one fieldline issued.');
      const left = Number(expires) - now();
      if (!(left > 0) || !(await ns.add(`state-used:${id}`, 1, left)))
        throw new InvalidStateError('The state parameter has expired or was already used.');
      return installOptions;
    },
  };
}
