/** GET /export (section 7): the whole range as CSV in the site's time zone, behind a pre-signed URL. */
import { apiRoute, readableMeter, type KeyedRequest } from '../context.ts';
import { csvLines } from '../csv.ts';
import { ok, type Reply } from '../http.ts';
import { presign } from '../signing.ts';
import { localIso } from '../time.ts';
import { parseTimeWindow, TIME_FILTER_KEYS } from '../time-window.ts';

const WEEK = 7 * 86_400_000;

function exportRange(ctx: KeyedRequest): Reply {
  const { state, query } = ctx;
  const source = readableMeter(ctx);
  const tz = source.site.timeZone;
  const window = parseTimeWindow(query, tz, state.now(), false) ?? { from: -Infinity, to: state.now() };
  // Form sources carry submission metadata (contract: readings rule 4 "Submission metadata may be appended
  // for certain usage types"); these are the columns a CSV import ignores (import rule 4).
  const form = source.kind.applyingId === 2;
  const submission = form ? ['Submission Id', 'Submitted By', 'Submitted At'] : [];
  const lines: (string | number | null)[][] = [
    ['timestamp', ...source.kind.metrics.map((m) => m.name), ...submission],
  ];
  // contract: section 7 — "The whole range is exported with no row cap"; timestamps in the site time zone.
  for (const row of state.readings.scan(source, { ...window, desc: false })) {
    const meta = form ? [`${source.id}-${row.t / 1000}`, 'Integration User', localIso(row.t, tz)] : [];
    lines.push([localIso(row.t, tz), ...source.kind.metrics.map((m) => row.values[m.id] ?? null), ...meta]);
  }
  if (lines.length === 1) return ok(null);
  const id = `exp-${state.seq.export++}`;
  state.exports.set(id, { id, csv: `${csvLines(lines)}\n`, expiresMs: state.now() + WEEK });
  return ok({
    fileUrl: presign(state.secret, state.baseUrl, `/_storage/exports/${id}.csv`, state.now() + WEEK),
  });
}

// contract: section 7 — "limit and sortDesc are ignored" (accepted, without effect).
export const getExport = apiRoute(
  'GET',
  '/export',
  ['meterId', ...TIME_FILTER_KEYS, 'limit', 'sortDesc'],
  exportRange,
);
