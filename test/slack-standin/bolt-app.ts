/**
 * A tiny real Bolt app (HTTPReceiver on a loopback port) wired to a stand-in, for the driver tests.
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import type { AddressInfo } from 'node:net';
import { startStandin, type Standin, type StandinOptions } from '../../src/slack-standin/index.ts';

export interface BoltFixture {
  standin: Standin;
  app: App;
  receiver: HTTPReceiver;
  stop(): Promise<void>;
}

export async function startBoltFixture(
  register: (app: App) => void,
  opts: StandinOptions = {},
): Promise<BoltFixture> {
  const standin = await startStandin(opts);
  const receiver = new HTTPReceiver({ signingSecret: standin.signingSecret, logLevel: LogLevel.ERROR });
  const app = new App({
    receiver,
    token: standin.botToken,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } },
  });
  register(app);
  const server = await receiver.start(0);
  const { port } = server.address() as AddressInfo;
  standin.setAppUrl(`http://127.0.0.1:${port}`);
  return {
    standin,
    app,
    receiver,
    stop: async () => {
      await receiver.stop();
      await standin.close();
    },
  };
}

/** Poll for an effect that happens after the ack (handlers continue in the background). */
export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
