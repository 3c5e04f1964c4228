/** GET /reading/template (section 5) and GET /import (section 6). */
import { apiRoute, readableMeter, type KeyedRequest } from '../context.ts';
import { csvLines } from '../csv.ts';
import { noAccess, ok, type Reply } from '../http.ts';
import { presign } from '../signing.ts';
import { localIso } from '../time.ts';

function writeTemplate(ctx: KeyedRequest): Reply {
  const { state } = ctx;
  const source = readableMeter(ctx);
  // contract: section 5 — header `timestamp` then one column per writable metric (display names);
  // calculated metrics omitted; line 2 is the latest reading, site-local with an offset; no trailing newline.
  const metrics = source.kind.metrics.filter((m) => !m.calculated);
  const lines: (string | number | null)[][] = [['timestamp', ...metrics.map((m) => m.displayName)]];
  const latest = state.readings.latest(source);
  if (latest)
    lines.push([
      localIso(latest.t, source.site.timeZone),
      ...metrics.map((m) => latest.values[m.id] ?? null),
    ]);
  return ok(csvLines(lines));
}

export const getTemplate = apiRoute('GET', '/reading/template', ['meterId'], writeTemplate);

function startImport({ state, key, query }: KeyedRequest): Reply {
  const source = query.meterId ? state.world.sourceById.get(query.meterId) : undefined;
  // contract: section 6 rule 5 — "An unknown or inaccessible meterId gives 401 (not 404)".
  if (!source || !state.canWrite(key, source)) throw noAccess('data source');
  const id = `imp-${state.seq.import++}`;
  state.imports.set(id, {
    id,
    sourceId: source.id,
    timestampFormat: query.timestampFormat ?? null,
    createdAt: state.now(),
    state: 'waiting',
    rows: 0,
    errors: [],
    csv: null,
  });
  // contract: section 6 rule 2 — valid one hour; "each call starts a new import run, and the URL points at
  // one fixed path per data source" (the run travels in the signed query).
  const fileUrl = presign(
    state.secret,
    state.baseUrl,
    `/_storage/imports/${source.id}`,
    state.now() + 3_600_000,
    { run: id },
  );
  return ok({ fileUrl });
}

export const getImport = apiRoute('GET', '/import', ['meterId', 'timestampFormat'], startImport);
