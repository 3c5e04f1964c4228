/**
 * Which metrics a data source has, under which names and units, and of which value type. The schema
 * (GET /data-sources/{id}?withSchema=true) "is how metric IDs used by the reading endpoints are mapped to
 * names" (contract section 2); without one, metric ids are all we can show.
 */
import { z } from 'zod';
import type { DataSource, ReadingRow } from '../../monitoring/api.ts';

export type MetricKind = 'number' | 'text';

export interface MetricInfo {
  metricId: string;
  /** Display name from the schema, or the raw id when there is no schema. */
  label: string;
  unit: string | null;
  kind: MetricKind;
  required: boolean;
  /** Counts things (people, visitors, items): whole numbers, never negative. */
  count?: boolean;
}

// Names of metrics that count: a camera's People In/Out, visitor or item counts.
const COUNT_NAME = /\b(people|persons?|visitors?|count|counts|entries|exits|pieces|items)\b/i;

/** A count-like metric: declared integer-valued by the schema, or named like a count. */
function isCountLike(label: string, declared: string | undefined): boolean {
  return /^(int|integer|long|count)/i.test(declared ?? '') || COUNT_NAME.test(label);
}

// The contract does not show a value type on schema metrics; read one when the service sends it.
const rawSchema = z.looseObject({
  metrics: z
    .array(
      z.looseObject({
        metric: z.looseObject({ id: z.union([z.string(), z.number()]) }),
        valueType: z.string().optional(),
        type: z.string().optional(),
        dataType: z.string().optional(),
      }),
    )
    .optional(),
});

/** The value type the schema declares per metric id, as sent (when it sends one). */
function declaredTypes(source: DataSource): Map<string, string> {
  const out = new Map<string, string>();
  const parsed = rawSchema.safeParse(source.meterSchema);
  if (!parsed.success) return out;
  for (const m of parsed.data.metrics ?? []) {
    const hint = m.valueType ?? m.dataType ?? m.type;
    if (hint) out.set(String(m.metric.id), hint);
  }
  return out;
}

function declaredKinds(source: DataSource): Map<string, MetricKind> {
  const out = new Map<string, MetricKind>();
  const parsed = rawSchema.safeParse(source.meterSchema);
  if (!parsed.success) return out;
  for (const m of parsed.data.metrics ?? []) {
    const hint = (m.valueType ?? m.dataType ?? m.type ?? '').toLowerCase();
    if (/^(number|numeric|double|float|decimal|int|integer|long)/.test(hint))
      out.set(String(m.metric.id), 'number');
    else if (/^(string|text|choice|enum)/.test(hint)) out.set(String(m.metric.id), 'text');
  }
  return out;
}

function kindFrom(value: unknown): MetricKind | undefined {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'text';
  return undefined;
}

/**
 * The metrics to show for `source`. With a schema: the schema's metrics in order (metrics outside it are
 * calculated ones and are not shown). Without: the metric ids seen in `sample` rows.
 */
export function metricCatalog(source: DataSource, sample: readonly ReadingRow[] = []): MetricInfo[] {
  const latest = source.lastReading?.values ?? {};
  const seenKind = (id: string): MetricKind | undefined => {
    for (const row of [source.lastReading, ...sample]) {
      const k = kindFrom(row?.values[id]);
      if (k) return k;
    }
    return undefined;
  };
  if (source.metrics && source.metrics.length > 0) {
    const declared = declaredKinds(source);
    const types = declaredTypes(source);
    return source.metrics.map((m) => {
      const label = m.displayName ?? m.name ?? m.metricId;
      const kind = declared.get(m.metricId) ?? seenKind(m.metricId) ?? (m.unitLabel ? 'number' : 'text');
      return {
        metricId: m.metricId,
        label,
        unit: m.unitLabel,
        kind,
        required: m.isRequired,
        count: kind === 'number' && isCountLike(label, types.get(m.metricId)),
      };
    });
  }
  const ids = new Set<string>(Object.keys(latest));
  for (const row of sample) for (const id of Object.keys(row.values)) ids.add(id);
  return [...ids].map((id) => ({
    metricId: id,
    label: id,
    unit: null,
    kind: seenKind(id) ?? 'number',
    required: false,
    count: false,
  }));
}

export function hasSchema(source: DataSource): boolean {
  return source.metrics !== null && source.metrics.length > 0;
}
