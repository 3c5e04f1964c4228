/**
 * Ack benchmark, platform side (its own process): the monitoring sandbox and the Slack stand-in. It opens one
 * real task modal through the app and captures the signed view_submission the stand-in sends, so the load
 * generator can replay that exact payload shape; it issues real response_urls and switches on the 2.5 s
 * latency of every platform call.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../src/sandbox/index.ts';
import { startStandin, type JsonObject, type StandinChange } from '../../src/slack-standin/index.ts';
import { serveParent } from '../lib/child.ts';

const CHANNEL = 'C0GENERAL';
const USER = 'U0ANA';

const sandbox = await startSandbox({ ingestionDelayMs: 0 });
const standin = await startStandin({
  signingSecret: randomBytes(16).toString('hex'),
  botToken: `xoxb-bench-${randomBytes(8).toString('hex')}`,
  blockKitSchemaPath: false,
});

function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function captureSubmission(appUrl: string): Promise<string> {
  standin.setAppUrl(appUrl);
  const before = standin.views().length;
  const opened = await standin.driver.command({
    command: '/task',
    text: 'new Bench leak',
    user: USER,
    channel: CHANNEL,
  });
  if (opened.status !== 200) throw new Error(`/task answered ${opened.status}`);
  const deadline = Date.now() + 10_000;
  let view = standin
    .views()
    .slice(before)
    .find((v) => v.callback_id === 'task_create');
  while (!view && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    view = standin
      .views()
      .slice(before)
      .find((v) => v.callback_id === 'task_create');
  }
  if (!view) throw new Error('the task modal did not open');
  const suggestion = await standin.driver.blockSuggestion({
    actionId: 'task_site',
    value: 'berlin',
    view,
    user: USER,
  });
  const body = suggestion.body as { options?: JsonObject[] };
  const site = body.options?.[0];
  if (!site) throw new Error('no site option for the task modal');
  let sent: string | undefined;
  const listen = (change: StandinChange) => {
    if (change.kind === 'app-request' && change.request.kind === 'view_submission')
      sent = change.request.body;
  };
  standin.state.on('change', listen);
  const result = await standin.driver.viewSubmission({
    view,
    values: { task_site: site, task_priority_input: '10', task_due: futureDate(7) },
    user: USER,
  });
  standin.state.off('change', listen);
  if (!result.closed || sent === undefined)
    throw new Error(`submission not accepted: ${JSON.stringify(result.body)}`);
  const payload = new URLSearchParams(sent).get('payload');
  if (!payload) throw new Error('captured submission has no payload');
  return payload;
}

// The fairness bench's response_urls (bench/fairness.ts): on the stand-in's origin (the app accepts only that),
// each records when its first answer arrived (epoch ms, sub-millisecond).
const answered = new Map<string, number>();
let nextAnswer = 0;
const ANSWER = /^\/bench-answer\/(\d+)$/;
standin.mount(async (req, res) => {
  const m = ANSWER.exec(req.url ?? '');
  if (!m || req.method !== 'POST') return false;
  const at = performance.timeOrigin + performance.now();
  for await (const _ of req); // the answer's body is not read
  if (!answered.has(m[1] ?? '')) answered.set(m[1] ?? '', at);
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  return true;
});

serveParent(
  {
    info: () => ({
      sandboxUrl: sandbox.url,
      apiKey: sandbox.keys.full,
      apiUrl: standin.apiUrl,
      signingSecret: standin.signingSecret,
      botToken: standin.botToken,
      channel: CHANNEL,
      user: USER,
    }),
    capture: (payload) => captureSubmission(String((payload as { appUrl: string }).appUrl)),
    responseUrls: (payload) => {
      const n = Number((payload as { count: number }).count);
      return Array.from({ length: n }, () => standin.issueResponseUrl({ channel: CHANNEL, user: USER }));
    },
    slow: (payload) => {
      sandbox.admin.clearInjections();
      const latencyMs = Number((payload as { latencyMs: number }).latencyMs);
      if (latencyMs > 0) sandbox.admin.inject({ endpoint: '/**', latencyMs, times: Number.MAX_SAFE_INTEGER });
      return null;
    },
    /** Only calls to `endpoint` (e.g. `GET /reading`) take `latencyMs`; the rest answer at once. */
    slowPath: (payload) => {
      const { endpoint, latencyMs } = payload as { endpoint: string; latencyMs: number };
      sandbox.admin.clearInjections();
      sandbox.admin.inject({ endpoint, latencyMs, times: Number.MAX_SAFE_INTEGER });
      return null;
    },
    /** `count` response_urls whose first answer's arrival is recorded: [id, url] each. */
    answerUrls: (payload) =>
      Array.from({ length: Number((payload as { count: number }).count) }, () => {
        const id = String(nextAnswer++);
        return [id, `${standin.baseUrl}bench-answer/${id}`];
      }),
    /** When each of `ids` was first answered (epoch ms), where it was. */
    answers: (payload) =>
      Object.fromEntries(
        (payload as { ids: string[] }).ids.flatMap((id) => {
          const at = answered.get(id);
          return at === undefined ? [] : [[id, at]];
        }),
      ),
    /** Counts since the last reset, then forgets them (keeps the logs small over a long run). */
    counts: () => {
      const api = sandbox.admin.requests().filter((r) => r.kind === 'api').length;
      const slack = standin.calls.length;
      sandbox.admin.clearRequests();
      standin.calls.splice(0, standin.calls.length);
      return { platformCalls: api, slackCalls: slack };
    },
  },
  async () => {
    await standin.close();
    await sandbox.close();
  },
);
