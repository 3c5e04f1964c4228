/**
 * Slack's request signing: `X-Slack-Signature: v0=hex(HMAC_SHA256(signing_secret, "v0:" + ts + ":" + rawBody))`
 * with `X-Slack-Request-Timestamp: ts` (seconds).
 */
import { createHmac } from 'node:crypto';

export function slackSignature(signingSecret: string, timestampSeconds: number, rawBody: string): string {
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${rawBody}`);
  return `v0=${hmac.digest('hex')}`;
}

export function signedHeaders(
  signingSecret: string,
  timestampSeconds: number,
  rawBody: string,
): Record<string, string> {
  return {
    'X-Slack-Request-Timestamp': String(timestampSeconds),
    'X-Slack-Signature': slackSignature(signingSecret, timestampSeconds, rawBody),
  };
}
