/**
 * A monitoring sandbox in its own process (so that the process under measurement holds only fieldline's
 * memory and CPU). argv[2]: the seed as JSON. Answers with its URL and key, counts requests by route, clears
 * its request log, and injects faults.
 */
import { startSandbox, type Injection, type SeedOptions } from '../../src/sandbox/index.ts';
import { serveParent } from '../lib/child.ts';

const seed: SeedOptions = JSON.parse(process.argv[2] ?? '{}') as SeedOptions;
const sandbox = await startSandbox({ seed, ingestionDelayMs: 0 });

/** '/data-sources/1001' → '/data-sources/{id}' so that records and list pages count apart. */
function route(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/{id}');
}

serveParent(
  {
    info: () => ({
      url: sandbox.url,
      apiKey: sandbox.keys.full,
      cameras: sandbox.admin.state.sources.filter((s) => s.kind === 'camera').length,
      sources: sandbox.admin.state.sources.length,
      tasks: sandbox.admin.state.tasks.length,
    }),
    /** API requests since the last call, by method and route; then forgets them. */
    takeRequests: () => {
      const counts: Record<string, number> = {};
      for (const r of sandbox.admin.requests()) {
        if (r.kind !== 'api') continue;
        const key = `${r.method} ${route(r.path)}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      sandbox.admin.clearRequests();
      return counts;
    },
    inject: (payload) => {
      sandbox.admin.inject(payload as Injection);
      return null;
    },
    clearInjections: () => {
      sandbox.admin.clearInjections();
      return null;
    },
  },
  () => sandbox.close(),
);
