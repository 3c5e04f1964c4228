/**
 * Views leave fieldline sealed (src/kit/blocks/guard-client.ts with a seal): whatever a feature passes to
 * views.publish / open / update / push — an object or JSON text — Slack stores its private_metadata sealed, and
 * the seal opens it to what the feature wrote. Metadata too long to seal fails the call before anything is sent.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardBlockLimits } from '../../src/kit/blocks/guard-client.ts';
import {
  deriveMetadataKey,
  MAX_SEALABLE_METADATA,
  metadataSeal,
  MetadataTooLongError,
} from '../../src/kit/sealed-metadata.ts';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
const seal = metadataSeal([deriveMetadataKey('guard-client test')]);
const newClient = () =>
  new WebClient('xoxb-test-token', { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
const home = (meta: string) => ({
  type: 'home' as const,
  callback_id: 'home_test',
  private_metadata: meta,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }],
});
const META = JSON.stringify({ channel: 'C0GENERAL', ts: '1.2' });

beforeAll(async () => {
  standin = await startStandin({ signingSecret: 'test-secret', botToken: 'xoxb-test-token' });
});
afterAll(() => standin.close());

describe('guardBlockLimits with a seal', () => {
  it('publishes a view whose stored private_metadata is sealed and opens to what was written', async () => {
    const client = guardBlockLimits(newClient(), seal);
    await client.views.publish({ user_id: 'U0ANA', view: home(META) });
    const stored = standin.views().find((v) => v.type === 'home' && v.user === 'U0ANA')!;
    expect(stored.private_metadata).not.toBe(META);
    expect(seal.open(stored.private_metadata, 'home_test')).toEqual({ ok: true, text: META });
  });

  it('seals a view given as JSON text, and empty metadata stays empty', async () => {
    const client = guardBlockLimits(newClient(), seal);
    await client.views.publish({ user_id: 'U0BEN', view: JSON.stringify(home(META)) as never });
    const stored = () => standin.views().find((v) => v.type === 'home' && v.user === 'U0BEN')!;
    expect(seal.open(stored().private_metadata, 'home_test')).toEqual({ ok: true, text: META });
    await client.views.publish({ user_id: 'U0BEN', view: home('') });
    expect(stored().private_metadata).toBe('');
  });

  it('seals once however often the client is guarded, also when it was guarded before without a seal', async () => {
    const client = guardBlockLimits(guardBlockLimits(guardBlockLimits(newClient()), seal), seal);
    await client.views.publish({ user_id: 'U0ANA', view: home(META) });
    const stored = standin.views().find((v) => v.type === 'home' && v.user === 'U0ANA')!;
    expect(seal.open(stored.private_metadata, 'home_test')).toEqual({ ok: true, text: META });
  });

  it('refuses metadata that cannot fit once sealed, before Slack is called', async () => {
    const client = guardBlockLimits(newClient(), seal);
    const calls = standin.callsTo('views.publish').length;
    await expect(
      client.views.publish({ user_id: 'U0ANA', view: home('x'.repeat(MAX_SEALABLE_METADATA + 1)) }),
    ).rejects.toThrow(MetadataTooLongError);
    expect(standin.callsTo('views.publish')).toHaveLength(calls);
  });
});
