import { describe, expect, it } from 'vitest';
import type { FormField } from '../../src/forms/rules/form-config.ts';
import { buildValues, choiceKey, valueWords } from '../../src/forms/rules/form-values.ts';
import { matchForm } from '../../src/forms/rules/find-form.ts';
import { shiftEndAfter } from '../../src/forms/rules/shift-end.ts';

const f = (metricId: string, kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({
  key: metricId,
  metricId,
  title: metricId.toUpperCase(),
  kind,
  required: false,
  ...extra,
});

describe('buildValues', () => {
  const fields = [
    f('n', 'number', { min: 0, max: 100, required: true }),
    f('i', 'integer'),
    f('t', 'text', { maxLength: 5 }),
    f('b', 'yes-no'),
    f('c', 'choice', {
      choices: [
        { value: 1, label: 'One' },
        { value: 'two', label: 'Two' },
      ],
    }),
    f('d', 'date'),
    f('tm', 'time'),
    f('dt', 'datetime'),
    f('u', 'unknown'),
  ];

  it('writes each kind as a reading value and leaves empty fields out (stored as null)', () => {
    const out = buildValues(fields, {
      n: '42.5',
      i: '3',
      t: 'ok',
      b: 'no',
      c: choiceKey(1),
      d: '2026-12-06',
      tm: '06:30',
      dt: 1_796_000_000,
      u: 'signed',
    });
    expect(out).toEqual({
      ok: true,
      values: {
        n: 42.5,
        i: 3,
        t: 'ok',
        b: 'false',
        c: 1,
        d: '2026-12-06',
        tm: '06:30',
        dt: new Date(1_796_000_000_000).toISOString().replace('.000Z', 'Z'),
        u: 'signed',
      },
    });
    expect(buildValues(fields, { n: '1', c: choiceKey('two'), t: '' })).toEqual({
      ok: true,
      values: { n: 1, c: 'two' },
    });
  });

  it('says what is wrong per field, in operator words', () => {
    const out = buildValues(fields, {
      n: '',
      i: '2.5',
      t: 'too long',
      c: 's:three',
      d: '2026-02-30',
      tm: '25:00',
    });
    expect(out).toEqual({
      ok: false,
      errors: {
        n: 'N is required.',
        i: 'I takes a whole number.',
        t: 'T takes at most 5 characters.',
        c: 'Choose one of the offered answers for C.',
        d: 'D takes a date.',
        tm: 'TM takes a time of day.',
      },
    });
    expect(buildValues(fields, { n: '101' })).toEqual({
      ok: false,
      errors: { n: 'N must be between 0 and 100.' },
    });
    expect(buildValues(fields, { n: '1e999' })).toMatchObject({ ok: false });
  });

  it('shows stored values in operator words', () => {
    expect(valueWords(f('b', 'yes-no'), 'true')).toBe('Yes');
    expect(valueWords(f('b', 'yes-no'), 0)).toBe('No');
    expect(valueWords(fields[4]!, 1)).toBe('One');
    expect(valueWords(f('n', 'number', { unit: '%' }), 78)).toBe('78 %');
    expect(valueWords(f('t', 'text'), null)).toBeNull();
  });
});

describe('matchForm', () => {
  const forms = [
    { id: '1006', name: 'Daily Safety Round' },
    { id: '1012', name: 'Shift Handover Checklist' },
    { id: '1016', name: 'Quality Form' },
    { id: '1030', name: 'Checklist 3' },
  ];
  it('opens an exact name, an id, or the only one holding every word', () => {
    expect(matchForm('daily  safety round', forms)).toMatchObject({ kind: 'one', form: { id: '1006' } });
    expect(matchForm('1016', forms)).toMatchObject({ kind: 'one', form: { id: '1016' } });
    expect(matchForm('handover', forms)).toMatchObject({ kind: 'one', form: { id: '1012' } });
  });
  it('lists several that match, and offers near names for a slip', () => {
    expect(matchForm('checklist', forms)).toMatchObject({
      kind: 'several',
      forms: [{ id: '1012' }, { id: '1030' }],
    });
    expect(matchForm('Daily Safty Round', forms)).toEqual({ kind: 'none', near: [forms[0]] });
    expect(matchForm('xyz', forms)).toEqual({ kind: 'none', near: [] });
  });
});

describe('shiftEndAfter', () => {
  it('is the next shift change in the site’s zone', () => {
    // 2026-12-06 10:00 in Berlin (UTC+1) → 14:00 Berlin = 13:00 UTC
    expect(new Date(shiftEndAfter(Date.UTC(2026, 11, 6, 9, 0), 'Europe/Berlin')).toISOString()).toBe(
      '2026-12-06T13:00:00.000Z',
    );
    // 23:30 in Chicago (UTC-6) → 06:00 the next day = 12:00 UTC
    expect(new Date(shiftEndAfter(Date.UTC(2026, 11, 7, 5, 30), 'America/Chicago')).toISOString()).toBe(
      '2026-12-07T12:00:00.000Z',
    );
  });
  it('follows daylight saving: Berlin’s 06:00 on 29 March 2026 is 04:00 UTC', () => {
    expect(new Date(shiftEndAfter(Date.UTC(2026, 2, 28, 21, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
  });
  it('keeps 8 hours where the zone is unknown', () => {
    expect(shiftEndAfter(1000, null)).toBe(1000 + 8 * 3_600_000);
    expect(shiftEndAfter(1000, 'Not/AZone')).toBe(1000 + 8 * 3_600_000);
  });
});
