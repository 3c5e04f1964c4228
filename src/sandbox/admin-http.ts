/**
 * The admin surface under /_sandbox/ (JSON, no key): the same powers as the in-process SandboxAdmin.
 * Documented in README.md. Admin requests are not recorded in admin.requests().
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminRefusal, credentialFingerprint } from './admin-guard.ts';
import { HttpError, parseJson, readBody, send, type Reply } from './http.ts';
import { parseDeviceStatus } from './handlers/devices.ts';
import { LIMITED_SITE_ID } from './seed-catalog.ts';
import type { SandboxState } from './state.ts';
import type { RecordedRequest, SandboxAdmin } from './types.ts';
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
  /** Reads that hold credentials need the run's token too. */
  tokenForReads?: boolean;
}

const CREDENTIAL_HEADERS = ['x-api-key', 'authorization'];

/** The request log over HTTP: key headers as fingerprints, even for the admin (a key seen is a key usable). */
function redacted(records: RecordedRequest[]): RecordedRequest[] {
  return records.map((r) => {
    const headers = { ...r.headers };
    for (const name of CREDENTIAL_HEADERS) {
      const value = headers[name];
      if (value !== undefined) headers[name] = credentialFingerprint(value);
    }
    return { ...r, headers };
  });
}

/**
 * `label` is what GET /_sandbox/ lists; the route matches its path (the part before `?`), a `{…}` segment
 * standing for any one segment and a trailing `/` being optional.
 */
function adminRoute(
  method: string,
  label: string,
  handle: AdminHandler,
  opts: { tokenForReads?: boolean } = {},
): AdminRoute {
  const path = label.split('?')[0] ?? label;
  const source = path
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => (/^\{.+\}$/.test(seg) ? '([^/]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const pattern = new RegExp(`^${source}${path.endsWith('/') ? '/?' : ''}$`);
  return { method, label, pattern, handle, ...opts };
}

export const ADMIN_ROUTES: AdminRoute[] = [
  adminRoute('GET', '/_sandbox/', (admin) => ({
    limitedSiteId: LIMITED_SITE_ID,
    now: new Date(admin.now()).toISOString(),
    endpoints: ADMIN_ROUTES.map((r) => `${r.method} ${r.label}`),
  })),
  adminRoute('GET', '/_sandbox/state', (admin) => admin.state),
  adminRoute('GET', '/_sandbox/state/{sites|users|sources|tasks|files}', (admin, [part]) => {
    const found = STATE_PARTS.find((p) => p === part);
    if (!found) throw new HttpError(404, `no state part ${part}`, null);
    return admin.state[found];
  }),
  adminRoute('POST', '/_sandbox/keys', (admin, _p, body) => ({ key: admin.mintKey(parsed(KeyBody, body)) })),
  adminRoute('POST', '/_sandbox/inject', (admin, _p, body) => admin.inject(parsed(InjectionBody, body))),
  adminRoute('DELETE', '/_sandbox/inject', (admin) => admin.clearInjections()),
  adminRoute('POST', '/_sandbox/devices/{sourceId}/status', (admin, [id], body) =>
    admin.setDeviceStatus(
      id ?? '',
      parseDeviceStatus(isObj(body) && isObj(body.status) ? body.status : body),
    ),
  ),
  adminRoute('POST', '/_sandbox/sources/{sourceId}/readings', (admin, [id], body) =>
    admin.addReadings(id ?? '', parsed(RowsBody, body).rows),
  ),
  adminRoute('POST', '/_sandbox/sources/{sourceId}/silence', (admin, [id], body) =>
    admin.setLastReadingAge(id ?? '', parsed(NumberBody('seconds'), body).seconds ?? 0),
  ),
  adminRoute('PATCH', '/_sandbox/tasks/{taskId}', (admin, [id], body) =>
    admin.updateTask(id ?? '', parsed(TaskPatchBody, body)),
  ),
  adminRoute('POST', '/_sandbox/tasks', (admin, _p, body) => ({
    id: admin.createTask(parsed(TaskInputBody, body)),
  })),
  adminRoute(
    'GET',
    '/_sandbox/requests?kind=api|presigned&path=/prefix',
    (admin, _p, _b, q) =>
      redacted(
        admin
          .requests()
          .filter(
            (r) =>
              (!q.get('kind') || r.kind === q.get('kind')) &&
              (!q.get('path') || r.path.startsWith(q.get('path') ?? '')),
          ),
      ),
    { tokenForReads: true },
  ),
  adminRoute(
    'GET',
    '/_sandbox/requests/presigned-with-credentials',
    (admin) => redacted(admin.presignedWithCredentials()),
    { tokenForReads: true },
  ),
  adminRoute('DELETE', '/_sandbox/requests', (admin) => admin.clearRequests()),
  adminRoute('GET', '/_sandbox/written', (admin) => admin.written()),
  adminRoute('GET', '/_sandbox/alerts', (admin) => admin.alerts()),
  adminRoute('POST', '/_sandbox/tick', (admin, _p, body) =>
    admin.tick(parsed(NumberBody('ms'), body).ms ?? 0),
  ),
  adminRoute('POST', '/_sandbox/reset', (admin) => admin.reset()),
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
    // Matched first (no effect) to know whether this read needs the token; refused before anything runs.
    const match = ADMIN_ROUTES.map((route) => ({ route, found: route.pattern.exec(url.pathname) })).find(
      (r) => r.route.method === method && r.found,
    );
    const refused = adminRefusal(req, token, { tokenForReads: match?.route.tokenForReads === true });
    if (refused) throw new HttpError(403, refused, null);
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
