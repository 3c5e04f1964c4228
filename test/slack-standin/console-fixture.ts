/**
 * A tiny app for the console tests: a loopback HTTP server that checks Slack's signature on every request the
 * stand-in sends it, records them, and answers with whatever the test says. Plus the stand-in with the console
 * mounted, pointed at it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountConsole, type MountedConsole } from '../../src/slack-standin/console/index.ts';
import { slackSignature, startStandin, type Standin } from '../../src/slack-standin/index.ts';

export interface AppRequest {
  contentType: string;
  body: string;
  /** X-Slack-Signature matched the signing secret over timestamp + raw body */
  signatureValid: boolean;
  /** decoded: form fields for commands, the `payload` JSON for interactivity, the JSON for events */
  fields: Record<string, string>;
  payload: Record<string, unknown> | undefined;
}

export type Responder = (req: AppRequest) => { status?: number; json?: unknown } | undefined;

export interface ConsoleFixture {
  standin: Standin;
  console: MountedConsole;
  url: string;
  requests: AppRequest[];
  respond(fn: Responder): void;
  post(action: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  /** Calls the stand-in's Web API `method` with the bot token, as the app would: its JSON answer. */
  api(method: string, body: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

function decode(contentType: string, body: string) {
  if (contentType.includes('json')) {
    const parsed: unknown = JSON.parse(body);
    return { fields: {}, payload: parsed !== null && typeof parsed === 'object' ? { ...parsed } : undefined };
  }
  const fields = Object.fromEntries(new URLSearchParams(body));
  const payload: unknown = fields.payload ? JSON.parse(fields.payload) : undefined;
  return { fields, payload: payload !== null && typeof payload === 'object' ? { ...payload } : undefined };
}

export async function startConsoleFixture(opts: { manifestPath?: string } = {}): Promise<ConsoleFixture> {
  const signingSecret = 'console-test-secret';
  const requests: AppRequest[] = [];
  let responder: Responder = () => undefined;
  const app: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const ts = Number(req.headers['x-slack-request-timestamp']);
      const contentType = String(req.headers['content-type'] ?? '');
      const record: AppRequest = {
        contentType,
        body,
        signatureValid: req.headers['x-slack-signature'] === slackSignature(signingSecret, ts, body),
        ...decode(contentType, body),
      };
      requests.push(record);
      const answer = responder(record);
      res.writeHead(answer?.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(answer?.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const { port } = app.address() as AddressInfo;
  const standin = await startStandin({ signingSecret, appUrl: `http://127.0.0.1:${port}` });
  const mounted = mountConsole(standin, opts);
  const url = standin.baseUrl;
  return {
    standin,
    console: mounted,
    url,
    requests,
    respond: (fn) => void (responder = fn),
    api: async (method, body) =>
      (
        await fetch(`${standin.apiUrl}${method}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${standin.botToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<unknown>,
    async post(action, body) {
      const res = await fetch(new URL(`console/api/${action}`, url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Token': mounted.token },
        body: JSON.stringify(body),
      });
      const json: unknown = await res.json();
      return { status: res.status, json: json !== null && typeof json === 'object' ? { ...json } : {} };
    },
    async stop() {
      mounted.close();
      await standin.close();
      app.closeAllConnections();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    },
  };
}
