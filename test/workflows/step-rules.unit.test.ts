/** The steps' pure rules: inputs read from what Slack sends, outputs made plain text, ranges and ages. */
import { describe, expect, it } from 'vitest';
import { actingUserOf, parseReadingInputs, parseTaskInputs } from '../../src/workflows/rules/step-inputs.ts';
import {
  ageMinutes,
  incidentsList,
  inert,
  outside,
  rangesText,
} from '../../src/workflows/rules/step-outputs.ts';

describe('step inputs', () => {
  it('reads the acting person only as a Slack user id', () => {
    expect(actingUserOf({ acting_user: 'U0ANA' })).toBe('U0ANA');
    expect(actingUserOf({ acting_user: '<@U0ANA>' })).toBeUndefined();
    expect(actingUserOf({})).toBeUndefined();
  });

  it('reads a task’s kind and priority, refusing words the step does not know', () => {
    expect(
      parseTaskInputs({ name: ' Fix ', site: 'Berlin', priority: 'HIGH', kind: 'data source' }),
    ).toMatchObject({
      ok: true,
      value: { name: 'Fix', site: 'Berlin', kind: '3', priorityId: expect.any(String), confirm: false },
    });
    expect(parseTaskInputs({ priority: 'urgent' })).toEqual({
      ok: false,
      error: 'Priority: use high, medium or low.',
    });
    expect(parseTaskInputs({ kind: 'robot' })).toEqual({
      ok: false,
      error: 'Kind: use manual or data source.',
    });
  });

  it('reads a reading’s time and range', () => {
    const ok = parseReadingInputs({
      data_source: 'A',
      metric: 'B',
      value: 3,
      time: 1_700_000_000,
      min: '1',
      max: 5,
    });
    expect(ok).toMatchObject({
      ok: true,
      value: { value: '3', timestampSec: 1_700_000_000, min: 1, max: 5 },
    });
    expect(parseReadingInputs({ data_source: 'A', metric: 'B', value: 3, min: 6, max: 5 })).toEqual({
      ok: false,
      error: 'Lowest expected value is above the highest.',
    });
  });
});

describe('step outputs', () => {
  it('make platform text inert in Slack (no links, no entities)', () => {
    expect(inert('<https://x.example|click> & <!channel>')).toBe(
      '&lt;https://x.example|click&gt; &amp; &lt;!channel&gt;',
    );
  });

  it('say which ranges a value is outside of', () => {
    const ranges = [
      { min: 2, max: 7, from: 'the step’s range' },
      { min: null, max: 9, from: 'the round of Boiler 1' },
    ];
    expect(outside(8, ranges).map((r) => r.from)).toEqual(['the step’s range']);
    expect(outside(5, ranges)).toEqual([]);
    expect(rangesText(ranges)).toBe('the step’s range: 2–7; the round of Boiler 1: at most 9');
  });

  it('count whole minutes of age and list incidents worst first as given', () => {
    expect(ageMinutes(0, 125_000)).toBe(2);
    expect(ageMinutes(10_000, 0)).toBe(0);
    expect(incidentsList([], 'Berlin')).toBe('No open incidents at Berlin.');
    expect(
      incidentsList(
        [{ sourceName: 'Pump <3>', severity: 'critical', details: ['no reading for 3 h'] }],
        'Berlin',
      ),
    ).toBe('critical — Pump &lt;3&gt;: no reading for 3 h');
  });
});
