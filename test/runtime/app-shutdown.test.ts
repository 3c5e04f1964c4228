import { describe, expect, it } from 'vitest';
import { startHarness, waitFor } from '../harness.ts';

describe('stopping the Slack app', () => {
  it('stops taking requests but lets acked handlers finish their work first', async () => {
    const h = await startHarness();
    try {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      h.app.app.command('/slowwork', async ({ ack, client, command }) => {
        await ack();
        started = true;
        await gate;
        await client.chat.postMessage({ channel: command.channel_id, text: 'finished after ack' });
      });
      const res = await h.driver.command({ command: '/slowwork', text: '' });
      expect(res.status).toBe(200);
      await waitFor(() => started);

      let stopped = false;
      const stopping = h.app.stop().then(() => (stopped = true));
      // New connections are refused while the handler is still running.
      await waitFor(async () => {
        try {
          await fetch(`${h.url}/healthz`);
          return false;
        } catch {
          return true;
        }
      });
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(h.standin.messages().some((m) => m.text === 'finished after ack')).toBe(true);
    } finally {
      await h.stop();
    }
  });
});
