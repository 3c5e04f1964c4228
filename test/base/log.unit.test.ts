import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, slackLogger } from '../../src/base/log.ts';

const apiKey = 'pk_live_4f9a2c7e1b3d';
const botToken = 'xoxb-1111-2222-abcdefABCDEF';
const signingSecret = '8f14e45fceea167a5a36dedd4bea2543';
const appToken = 'xapp-1-A0FIELD-3333-deadbeef';

function capture(level = 'trace', secrets: string[] = [apiKey, botToken, signingSecret, appToken]) {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      text += String(chunk);
      callback();
    },
  });
  return { log: createLogger({ level, secrets, destination }), text: () => text };
}

describe('logging never prints secrets', () => {
  it('redacts known fields wherever fieldline puts them', () => {
    const { log, text } = capture();
    log.info({ token: botToken, signingSecret, apiKey }, 'top level');
    log.info({ headers: { 'x-api-key': apiKey, authorization: `Bearer ${botToken}` } }, 'headers');
    log.info({ req: { headers: { 'x-api-key': apiKey, authorization: `Bearer ${botToken}` } } }, 'request');
    log.info({ config: { slack: { botToken, signingSecret, appToken }, monitoring: { apiKey } } }, 'config');
    const out = text();
    for (const secret of [apiKey, botToken, signingSecret, appToken]) expect(out).not.toContain(secret);
    expect(out).toContain('[Redacted]');
    expect(out.split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('scrubs known secret values from messages, errors and deep structures', () => {
    const { log, text } = capture();
    log.error({ err: new Error(`GET /tasks failed with key ${apiKey}`) }, 'platform call failed');
    log.warn(`token was ${botToken}`);
    log.debug(
      { deep: { a: { b: { c: [{ secret: signingSecret, url: `https://x/?key=${apiKey}` }] } } } },
      'deep',
    );
    const out = text();
    for (const secret of [apiKey, botToken, signingSecret]) expect(out).not.toContain(secret);
    expect(out).toContain('platform call failed');
  });

  it('scrubs any Slack token shape even when it was not declared a secret', () => {
    const { log, text } = capture('info', []);
    log.info({ note: 'xoxb-9999-8888-zzzz and xapp-1-B-2-c and xoxp-123-456' }, 'tokens');
    expect(text()).not.toMatch(/xox[bp]-\d|xapp-1/);
  });

  it('routes Bolt and WebClient logs through the same redaction', () => {
    const { log, text } = capture();
    const slack = slackLogger(log);
    slack.setName('web-api:WebClient:0');
    slack.warn('http request failed', { headers: { Authorization: `Bearer ${botToken}` } });
    slack.error(new Error(`signature check with ${signingSecret}`));
    const out = text();
    expect(out).not.toContain(botToken);
    expect(out).not.toContain(signingSecret);
    expect(out).toContain('web-api:WebClient:0');
  });

  it('writes one JSON object per line with level, time and message', () => {
    const { log, text } = capture('info');
    log.child({ module: 'relay' }).info({ channel: 'C1' }, 'delivered');
    log.debug('not at info');
    const lines = text().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      module: 'relay',
      channel: 'C1',
      msg: 'delivered',
      app: 'fieldline',
    });
  });
});
