import { describe, expect, it } from 'vitest';
import { readFormConfig } from '../../src/forms/rules/form-config.ts';

describe('readFormConfig', () => {
  it('reads the sandbox’s shape: fields in order, types, required, the key as metric id', () => {
    const spec = readFormConfig({
      order: ['2101', '2102'],
      required: ['2101'],
      properties: {
        '2102': { title: 'Oil Level', type: 'number' },
        '2101': { title: 'Inspector', type: 'string' },
      },
    });
    expect(spec.fields.map((f) => [f.metricId, f.title, f.kind, f.required])).toEqual([
      ['2101', 'Inspector', 'text', true],
      ['2102', 'Oil Level', 'number', false],
    ]);
    expect(spec.notUnderstood).toEqual([]);
  });

  it('maps choices, yes/no, dates and times, limits and a metric id of its own', () => {
    const spec = readFormConfig({
      properties: {
        a: { title: 'Shift', enum: ['A', 'B', 2] },
        b: { label: 'Guard ok', type: 'boolean' },
        c: { title: 'Day', type: 'string', format: 'date' },
        d: { title: 'At', type: ['string', 'null'], format: 'date-time' },
        e: { title: 'Temp', type: 'number', minimum: -20, maximum: 80, metricId: 9001 },
        f: {
          title: 'Grade',
          type: 'select',
          oneOf: [
            { const: 1, title: 'Good' },
            { const: 2, title: 'Poor' },
          ],
        },
        g: { title: 'Time', type: 'time' },
        h: { title: 'Whole', type: 'integer' },
      },
    });
    const by = Object.fromEntries(spec.fields.map((f) => [f.key, f]));
    expect(by.a).toMatchObject({
      kind: 'choice',
      choices: [{ value: 'A' }, { value: 'B' }, { value: 2, label: '2' }],
    });
    expect(by.b).toMatchObject({ kind: 'yes-no', title: 'Guard ok' });
    expect(by.c?.kind).toBe('date');
    expect(by.d?.kind).toBe('datetime');
    expect(by.e).toMatchObject({ kind: 'number', min: -20, max: 80, metricId: '9001' });
    expect(by.f).toMatchObject({
      kind: 'choice',
      choices: [
        { value: 1, label: 'Good' },
        { value: 2, label: 'Poor' },
      ],
    });
    expect(by.g?.kind).toBe('time');
    expect(by.h?.kind).toBe('integer');
  });

  it('keeps a property of an unknown type as text with its type named, never dropping it', () => {
    const spec = readFormConfig({
      order: ['sig', 'photo', 'odd'],
      properties: { sig: { title: 'Signature', type: 'signature' }, photo: { title: 'Photo' }, odd: 42 },
    });
    expect(spec.fields.map((f) => [f.key, f.kind, f.typeName])).toEqual([
      ['sig', 'unknown', 'signature'],
      ['photo', 'unknown', 'none given'],
      ['odd', 'unknown', 'none given'],
    ]);
    expect(spec.notUnderstood.join(' ')).toContain('“odd” is not described as a field');
  });

  it('says what it could not understand', () => {
    const spec = readFormConfig({
      order: ['a', 'ghost', { x: 1 }],
      required: 'a',
      properties: { a: { title: 'A', type: 'string' }, b: { title: 'B', type: 'select' } },
    });
    const said = spec.notUnderstood.join(' ');
    expect(said).toContain('“ghost”, which the form does not describe');
    expect(said).toContain('not a field name');
    expect(said).toContain('the required fields is not a list');
    // a select with nothing to choose from is typed as text
    expect(spec.fields.find((f) => f.key === 'b')).toMatchObject({ kind: 'unknown', typeName: 'select' });
    // properties left out of the order still come, after the ordered ones
    expect(spec.fields.map((f) => f.key)).toEqual(['a', 'b']);
  });

  it('reads no fields from a missing or malformed formConfig, and says so', () => {
    expect(readFormConfig(null)).toMatchObject({
      fields: [],
      notUnderstood: [expect.stringContaining('no field list')],
    });
    expect(readFormConfig({ properties: [] })).toMatchObject({
      fields: [],
      notUnderstood: [expect.stringContaining('missing or not a map')],
    });
  });

  it('leaves out read-only properties (the platform fills them) and a second field writing the same metric', () => {
    const spec = readFormConfig({
      properties: {
        a: { title: 'Total', type: 'number', readOnly: true },
        b: { title: 'B', type: 'number', metricId: 'm1' },
        c: { title: 'C', type: 'number', metricId: 'm1' },
      },
    });
    expect(spec.readOnly).toEqual(['Total']);
    expect(spec.fields.map((f) => f.key)).toEqual(['b']);
    expect(spec.notUnderstood.join(' ')).toContain('“C” writes the same value as another field');
  });
});
