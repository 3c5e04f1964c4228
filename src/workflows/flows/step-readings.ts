/**
 * "Record a reading" and "Latest reading": a data source and one of its metrics by name, as the acting person's
 * key sees them; the value checked by the manual entry's rules (same messages) and against the step's range and
 * the limits the workspace's rounds set for that metric; the latest value in the site's time.
 */
import { buildEntry, formatNumber, siteTime, zoneOrUtc } from '../../readings/index.ts';
import { roundLimitsFor } from '../../rounds/index.ts';
import {
  parseReadingInputs,
  parseSourceMetric,
  type ReadingInputs,
  type SourceMetricInputs,
} from '../rules/step-inputs.ts';
import { ageMinutes, inert, outside, rangesText, type Range } from '../rules/step-outputs.ts';
import { esc, renderQuestion } from '../render/step-question.ts';
import { findMetric, findSource } from './lookups.ts';
import type { StepDefinition, StepDeps, StepOutcome } from './step-run.ts';

export const recordReadingStep = (deps: StepDeps): StepDefinition<ReadingInputs> => ({
  parse: parseReadingInputs,
  async run(ctx, input): Promise<StepOutcome> {
    const source = await findSource(deps, input.dataSource);
    if (!source.ok) return { error: source.error };
    const metric = findMetric(source.value, input.metric);
    if (!metric.ok) return { error: metric.error };
    const m = metric.value;
    // The manual entry's rules and messages: a number, a whole one for counts, no formula, not in the future.
    const entry = buildEntry(
      source.value.id,
      [{ ...m, required: true }],
      { values: { [m.metricId]: input.value }, timestampSec: input.timestampSec },
      deps.clock.now(),
    );
    if (!entry.ok) {
      const [field, message] = Object.entries(entry.errors)[0] ?? ['', 'The value cannot be written.'];
      return { error: `${field === 'timestamp' ? 'Reading time' : 'Value'}: ${message}` };
    }
    const value = Number(input.value);
    const ranges: Range[] = [
      ...(input.min !== null || input.max !== null
        ? [{ min: input.min, max: input.max, from: 'the step’s range' }]
        : []),
      ...(await roundLimitsFor(deps.store, ctx.workspace, source.value.id, m.metricId)).map((l) => ({
        min: l.min,
        max: l.max,
        from: `the round of ${l.round}`,
      })),
    ];
    const out = outside(value, ranges);
    const unit = m.unit ? ` ${m.unit}` : '';
    if (out.length > 0 && input.confirmOutOfRange && !ctx.answered) {
      const text = `A workflow is about to write *${esc(formatNumber(value) + unit)}* for ${esc(m.label)} of *${esc(source.value.name)}*, as you — outside ${esc(rangesText(out))}. Write it anyway?`;
      await ctx.client.chat.postMessage({
        channel: ctx.user,
        ...renderQuestion({ text, yes: 'Write it', no: 'Don’t write' }),
      });
      return { asked: true };
    }
    await deps.sources.write(entry.batch);
    const zone = zoneOrUtc(source.value.tzTimezoneName);
    const at = input.timestampSec !== null ? input.timestampSec * 1000 : deps.clock.now();
    return {
      outputs: {
        written: inert(
          `${source.value.name} · ${m.label} = ${formatNumber(value)}${unit} at ${siteTime(at, zone)} (${zone})`,
        ),
        out_of_range: out.length > 0,
        ...(ranges.length > 0 ? { range: inert(rangesText(ranges)) } : {}),
      },
    };
  },
});

export const latestReadingStep = (deps: StepDeps): StepDefinition<SourceMetricInputs> => ({
  parse: parseSourceMetric,
  async run(_ctx, input): Promise<StepOutcome> {
    const source = await findSource(deps, input.dataSource);
    if (!source.ok) return { error: source.error };
    const metric = findMetric(source.value, input.metric);
    if (!metric.ok) return { error: metric.error };
    const row = source.value.lastReading;
    const raw = row?.values[metric.value.metricId];
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
    const name = inert(source.value.name, 80);
    const label = inert(metric.value.label, 60);
    if (!row || raw === null || raw === undefined)
      return { error: `Latest reading: ${name} has no recent reading of ${label}.` };
    if (!Number.isFinite(value))
      return { error: `Latest reading: ${label} of ${name} is text, not a number; this step gives numbers.` };
    const at = Date.parse(row.eventDate);
    const zone = zoneOrUtc(source.value.tzTimezoneName);
    return {
      outputs: {
        value,
        ...(metric.value.unit ? { unit: inert(metric.value.unit, 40) } : {}),
        time: `${siteTime(at, zone)} (${zone})`,
        age_minutes: ageMinutes(at, deps.clock.now()),
      },
    };
  },
});
