/**
 * A run at LOG_LEVEL=trace through every flow never prints the API key, the bot token or the signing secret —
 * not whole, not in part, not URL- or base64-encoded — and sends each secret only where it belongs: the key to
 * the platform API (never to a pre-signed URL), the bot token to Slack only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { runEveryFlow } from './secrets-flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logLevel: 'trace' });
  await runEveryFlow(h);
}, 60_000);
afterAll(async () => {
  await h.stop();
});

/** The secret, its encodings, and every 12-character piece of its random part (a truncated leak). */
function forms(secret: string, prefix: RegExp): string[] {
  const random = secret.replace(prefix, '');
  const pieces = Array.from({ length: Math.max(0, random.length - 11) }, (_, i) => random.slice(i, i + 12));
  return [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), ...pieces];
}

describe('secrets at LOG_LEVEL=trace through every flow', () => {
  const secrets = () => ({
    'API key': forms(h.sandbox.keys.full, /^sbx-full-/),
    'bot token': forms(h.standin.botToken, /^xoxb-harness-/),
    'signing secret': forms(h.standin.signingSecret, /^$/),
  });

  it('logged plenty, down to debug lines (so the checks below mean something)', () => {
    expect(h.logs.length).toBeGreaterThan(100);
    expect(h.logs.some((l) => typeof l.level === 'number' && l.level <= 20)).toBe(true);
  });

  it.each(['API key', 'bot token', 'signing secret'] as const)('never prints the %s', (name) => {
    const text = h.logText();
    for (const form of secrets()[name])
      expect(text.includes(form), `${name} form ${form.slice(0, 4)}…`).toBe(false);
  });

  it('never sends the API key or any credential to a pre-signed URL', () => {
    const presigned = h.sandbox.admin.requests().filter((r) => r.kind === 'presigned');
    // the flows above did download and upload through pre-signed URLs
    expect(presigned.length).toBeGreaterThan(0);
    expect(h.sandbox.admin.presignedWithCredentials()).toEqual([]);
    for (const r of presigned) expect(JSON.stringify(r.headers)).not.toContain(h.sandbox.keys.full);
  });

  it('sends the bot token only to Slack, and the API key never to Slack', () => {
    for (const r of h.sandbox.admin.requests())
      expect(JSON.stringify(r.headers)).not.toContain(h.standin.botToken);
    for (const c of h.standin.calls) expect(JSON.stringify(c.args)).not.toContain(h.sandbox.keys.full);
    for (const f of h.standin.fileRequests())
      expect(JSON.stringify(f.headers)).not.toContain(h.sandbox.keys.full);
  });
});
