/** POST /reading (section 4): write readings, accepted or rejected as a whole batch. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { noAccess, ok, ValidationError, type Reply } from '../http.ts';
import type { Source } from '../model.ts';
import { normalise } from '../readings-store.ts';
import type { SandboxState } from '../state.ts';
import { parseIsoIn } from '../time.ts';
import type { ReadingValues } from '../types.ts';
import { isObj, onlyKeys } from '../validate.ts';

interface Parsed {
  meterId: string;
  readings: { t: number; values: ReadingValues }[];
}

/** Metric ids a write may carry: the schema's writable metrics (calculated ones are left out — rule 3). */
export function checkValues(source: Source | undefined, values: unknown, where: string): ReadingValues {
  if (!isObj(values)) throw new ValidationError(`${where}.values must be an object`);
  const out: ReadingValues = {};
  for (const [metricId, value] of Object.entries(values)) {
    if (value !== null && typeof value !== 'number' && typeof value !== 'string')
      throw new ValidationError(`${where}.values.${metricId} must be a number, string or null`);
    if (source) {
      const metric = source.kind.metrics.find((m) => m.id === metricId);
      if (!metric || metric.calculated)
        throw new ValidationError(`${where}.values.${metricId} is not a writable metric of ${source.id}`);
      if (value !== null && typeof value !== metric.valueType)
        throw new ValidationError(`${where}.values.${metricId} must be a ${metric.valueType}`);
    }
    out[metricId] = value;
  }
  return out;
}

function parseBatch(state: SandboxState, body: unknown): Parsed[] {
  if (!Array.isArray(body)) throw new ValidationError('body must be an array of meter objects');
  return body.map((meter, i) => {
    if (!isObj(meter)) throw new ValidationError(`[${i}] must be an object`);
    // contract: section 4 — meterId is a string; "a JSON number is rejected". Extra meter keys are ignored (rule 1).
    if (typeof meter.meterId !== 'string' || meter.meterId === '')
      throw new ValidationError(`[${i}].meterId must be a string`);
    if (!Array.isArray(meter.readings)) throw new ValidationError(`[${i}].readings must be an array`);
    const source = state.world.sourceById.get(meter.meterId);
    const readings = meter.readings.map((reading: unknown, j: number) => {
      const where = `[${i}].readings[${j}]`;
      if (!isObj(reading)) throw new ValidationError(`${where} must be an object`);
      // contract: readings rule 1 — a reading object accepts only timestamp and values.
      onlyKeys(reading, ['timestamp', 'values'], where);
      // contract: section 4 — the timestamp key must be present; null means the server's current time.
      if (!('timestamp' in reading)) throw new ValidationError(`${where}.timestamp is required`);
      const ts = reading.timestamp;
      if (ts !== null && typeof ts !== 'string')
        throw new ValidationError(`${where}.timestamp must be a string or null`);
      const t = ts === null ? state.now() : parseIsoIn(ts, 'UTC');
      if (t === null) throw new ValidationError(`${where}.timestamp is not ISO 8601`);
      if (reading.values === undefined) throw new ValidationError(`${where}.values is required`);
      return { t, values: checkValues(source, reading.values, where) };
    });
    return { meterId: meter.meterId, readings };
  });
}

function writeReadings({ state, key, body }: KeyedRequest): Reply {
  const batch = parseBatch(state, body);
  // contract: readings rule 2 — "If the key cannot write to any data source in the batch, the result is 401
  // and nothing is written."
  for (const meter of batch) {
    const source = state.world.sourceById.get(meter.meterId);
    if (!source || !state.canWrite(key, source)) throw noAccess('data source');
  }
  const visibleAt = state.now() + state.ingestionDelayMs;
  for (const meter of batch) {
    const source = state.world.sourceById.get(meter.meterId);
    if (!source) continue;
    for (const r of meter.readings) {
      state.readings.add({
        sourceId: source.id,
        t: r.t,
        values: normalise(source, r.values),
        visibleAt,
        via: 'api',
      });
    }
  }
  // contract: readings rule 5 — {data: SUCCESS}: accepted for ingestion, not yet stored.
  return ok('SUCCESS');
}

export const postReadings = apiRoute('POST', '/reading', [], writeReadings);
