/**
 * The monitoring sandbox: a loopback HTTP server implementing ../shared/monitoring-api.md (sections 1–14)
 * with a deterministic seed, fault injection and an admin surface. See ./README.md.
 */
import { createServer } from 'node:http';
import { createAdmin } from './admin.ts';
import { newAdminToken } from './admin-guard.ts';
import { handleAdmin } from './admin-http.ts';
import { runLive } from './live.ts';
import { compileRoutes, dispatch } from './router.ts';
import { ROUTES } from './routes.ts';
import { resolveSeed } from './seed.ts';
import { LIMITED_SITE_ID } from './seed-catalog.ts';
import { SandboxState } from './state.ts';
import type { Sandbox, StartSandboxOptions } from './types.ts';

export type * from './types.ts';
export type { User as SeedUser, Site as SeedSite } from './model.ts';
export { SEED_USERS, SITES as SEED_SITES, LIMITED_SITE_ID, COMPANY as SEED_COMPANY } from './seed-catalog.ts';

/** Fixed demo keys (documented in README): `full` sees every site, `limited` one site only. */
export const SANDBOX_KEYS = { full: 'sbx-full-7d1f3c9a2b64', limited: 'sbx-limited-51e0a8c4f2d9' } as const;

/** Seeded per-user keys (README): Ana Silva sees every site, Ben Okafor only Chicago Works. */
export const SANDBOX_USER_KEYS = { ana: 'sbx-user-ana-3f9c1e7a', ben: 'sbx-user-ben-8b2d4c6e' } as const;
const USER_GRANTS = new Map([
  [SANDBOX_USER_KEYS.ana, { userId: '501', siteIds: null }],
  [SANDBOX_USER_KEYS.ben, { userId: '502', siteIds: [LIMITED_SITE_ID] }],
]);

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<Sandbox> {
  const clock = opts.now ?? Date.now;
  const state = new SandboxState(
    resolveSeed(opts.seed),
    clock,
    opts.ingestionDelayMs ?? 0,
    { ...SANDBOX_KEYS },
    USER_GRANTS,
  );
  const live = opts.live !== undefined && opts.live !== false;
  const admin = createAdmin(state, live);
  const routes = compileRoutes(ROUTES);
  const log = opts.log;
  const adminToken = newAdminToken();
  const server = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/_sandbox')) {
      void handleAdmin(state, admin, req, res, adminToken);
      return;
    }
    void dispatch(state, routes, req, res, log);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox: server has no TCP address');
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  state.baseUrl = url;
  const tickMs = typeof opts.live === 'object' ? opts.live.tickMs : 5_000;
  const timer = live ? setInterval(() => runLive(state), tickMs) : null;
  timer?.unref();
  log?.info(
    { url, sources: state.world.sources.length, tasks: state.world.tasks.length },
    'sandbox listening',
  );
  return {
    url,
    keys: { ...SANDBOX_KEYS },
    limitedSiteId: LIMITED_SITE_ID,
    userKeys: { ...SANDBOX_USER_KEYS },
    admin,
    adminToken,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (timer) clearInterval(timer);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
