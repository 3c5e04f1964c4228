/**
 * The admin surface under /_sandbox/ (JSON, no key): the same powers as the in-process SandboxAdmin.
 * Documented in README.md. Admin requests are not recorded in admin.requests().
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminRefusal } from './admin-guard.ts';
import { HttpError, parseJson, readBody, send, type Reply } from './http.ts';
import { parseDeviceStatus } from './handlers/devices.ts';
import { LIMITED_SITE_ID } from './seed-catalog.ts';
import type { SandboxState } from './state.ts';
import type { SandboxAdmin } from './types.ts';
import { isObj } from './validate.ts';
import { z } from 'zod';

type AdminHandler = (admin: SandboxAdmin, params: string[], body: unknown, query: URLSearchParams) => unknown;

const InjectionBody = z.object({
  endpoint: z.string().min(1),
  status: z.number().int().optional(),
  retryAfterSeconds: z.number().optional(),
  latencyMs: z.number().optional(),
  times: z.number().int().positive().optional(),
  body: z.unknown().optional(),
});
const TaskPatchBody = z.object({
  statusId: z.string().optional(),
  priorityId: z.string().nullable().optional(),
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  dueDate: z.string().nullable().optional(),
  assigneeId: z.string().nullable().optional(),
  byUserId: z.string().optional(),
});
const TaskInputBody = z.object({
  name: z.string().min(1),
  siteId: z.string(),
  typeId: z.enum(['1', '3']).optional(),
  deviceId: z.string().optional(),
  statusId: z.string().optional(),
  priorityId: z.string().optional(),
  assigneeId: z.string().optional(),
  dueDate: z.string().optional(),
  description: z.string().optional(),
  byUserId: z.string().optional(),
});
const RowsBody = z.object({
  rows: z.array(
    z.object({
      t: z.union([z.string(), z.number()]),
      values: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
    }),
  ),
});
const KeyBody = z.object({
  userId: z.string().min(1),
  siteIds: z.array(z.string().min(1)).nullable().optional(),
});
const NumberBody = (key: string) => z.object({ [key]: z.number() });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, `bad admin body: ${z.prettifyError(result.error)}`, null);
  return result.data;
}

const STATE_PARTS = ['sites', 'users', 'sources', 'tasks', 'files'] as const;

interface AdminRoute {
  method: string;
  label: string;
  pattern: RegExp;
  handle: AdminHandler;
}

export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    label: '/_sandbox/',
    pattern: /^\/_sandbox\/?$/,
    handle: (admin) => ({
      limitedSiteId: LIMITED_SITE_ID,
      now: new Date(admin.now()).toISOString(),
      endpoints: ADMIN_ROUTES.map((r) => `${r.method} ${r.label}`),
    }),
  },
  { method: 'GET', label: '/_sandbox/state', pattern: /^\/_sandbox\/state$/, handle: (admin) => admin.state },
  {
    method: 'GET',
    label: '/_sandbox/state/{sites|users|sources|tasks|files}',
    pattern: /^\/_sandbox\/state\/([a-z]+)$/,
    handle: (admin, [part]) => {
      const found = STATE_PARTS.find((p) => p === part);
      if (!found) throw new HttpError(404, `no state part ${part}`, null);
      return admin.state[found];
    },
  },
  {
    method: 'POST',
    label: '/_sandbox/keys',
    pattern: /^\/_sandbox\/keys$/,
    handle: (admin, _p, body) => ({ key: admin.mintKey(parsed(KeyBody, body)) }),
  },
  {
    method: 'POST',
    label: '/_sandbox/inject',
    pattern: /^\/_sandbox\/inject$/,
    handle: (admin, _p, body) => admin.inject(parsed(InjectionBody, body)),
  },
  {
    method: 'DELETE',
    label: '/_sandbox/inject',
    pattern: /^\/_sandbox\/inject$/,
    handle: (admin) => admin.clearInjections(),
  },
  {
    method: 'POST',
    label: '/_sandbox/devices/{sourceId}/status',
    pattern: /^\/_sandbox\/devices\/([^/]+)\/status$/,
    handle: (admin, [id], body) =>
      admin.setDeviceStatus(
        id ?? '',
        parseDeviceStatus(isObj(body) && isObj(body.status) ? body.status : body),
      ),
  },
  {
    method: 'POST',
    label: '/_sandbox/sources/{sourceId}/readings',
    pattern: /^\/_sandbox\/sources\/([^/]+)\/readings$/,
    handle: (admin, [id], body) => admin.addReadings(id ?? '', parsed(RowsBody, body).rows),
  },
  {
    method: 'POST',
    label: '/_sandbox/sources/{sourceId}/silence',
    pattern: /^\/_sandbox\/sources\/([^/]+)\/silence$/,
    handle: (admin, [id], body) =>
      admin.setLastReadingAge(id ?? '', parsed(NumberBody('seconds'), body).seconds ?? 0),
  },
  {
    method: 'PATCH',
    label: '/_sandbox/tasks/{taskId}',
    pattern: /^\/_sandbox\/tasks\/([^/]+)$/,
    handle: (admin, [id], body) => admin.updateTask(id ?? '', parsed(TaskPatchBody, body)),
  },
  {
    method: 'POST',
    label: '/_sandbox/tasks',
    pattern: /^\/_sandbox\/tasks$/,
    handle: (admin, _p, body) => ({ id: admin.createTask(parsed(TaskInputBody, body)) }),
  },
  {
    method: 'GET',
    label: '/_sandbox/requests?kind=api|presigned&path=/prefix',
    pattern: /^\/_sandbox\/requests$/,
    handle: (admin, _p, _b, q) =>
      admin
        .requests()
        .filter(
          (r) =>
            (!q.get('kind') || r.kind === q.get('kind')) &&
            (!q.get('path') || r.path.startsWith(q.get('path') ?? '')),
        ),
  },
  {
    method: 'GET',
    label: '/_sandbox/requests/presigned-with-credentials',
    pattern: /^\/_sandbox\/requests\/presigned-with-credentials$/,
    handle: (admin) => admin.presignedWithCredentials(),
  },
  {
    method: 'DELETE',
    label: '/_sandbox/requests',
    pattern: /^\/_sandbox\/requests$/,
    handle: (admin) => admin.clearRequests(),
  },
  {
    method: 'GET',
    label: '/_sandbox/written',
    pattern: /^\/_sandbox\/written$/,
    handle: (admin) => admin.written(),
  },
  {
    method: 'GET',
    label: '/_sandbox/alerts',
    pattern: /^\/_sandbox\/alerts$/,
    handle: (admin) => admin.alerts(),
  },
  {
    method: 'POST',
    label: '/_sandbox/tick',
    pattern: /^\/_sandbox\/tick$/,
    handle: (admin, _p, body) => admin.tick(parsed(NumberBody('ms'), body).ms ?? 0),
  },
  {
    method: 'POST',
    label: '/_sandbox/reset',
    pattern: /^\/_sandbox\/reset$/,
    handle: (admin) => admin.reset(),
  },
];

export async function handleAdmin(
  state: SandboxState,
  admin: SandboxAdmin,
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  let reply: Reply;
  try {
    const refused = adminRefusal(req, token);
    if (refused) throw new HttpError(403, refused, null);
    const match = ADMIN_ROUTES.map((route) => ({ route, found: route.pattern.exec(url.pathname) })).find(
      (r) => r.route.method === method && r.found,
    );
    if (!match?.found)
      throw new HttpError(
        404,
        `no admin endpoint ${method} ${url.pathname}; GET /_sandbox/ lists them`,
        null,
      );
    const body = method === 'GET' || method === 'DELETE' ? undefined : parseJson(await readBody(req));
    const result = match.route.handle(admin, match.found.slice(1), body, url.searchParams);
    reply = {
      status: 200,
      body: { ok: true, now: new Date(state.now()).toISOString(), result: result ?? null },
    };
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 500;
    reply = { status, body: { ok: false, error: err instanceof Error ? err.message : String(err) } };
  }
  send(res, reply);
}
