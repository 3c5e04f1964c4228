import { describe, expect, it } from 'vitest';
import type { DataSource } from '../../src/monitoring/api.ts';
import { readFormConfig } from '../../src/forms/rules/form-config.ts';
import { MAX_FIELDS, renderFormModal } from '../../src/forms/render/form-modal.ts';
import { fieldsOfView, typedOfView } from '../../src/forms/render/form-read.ts';
import { validateView } from '../../src/slack-standin/index.ts';

const source = (name = 'Round <A> & *B*'): DataSource =>
  ({
    id: '1006',
    name,
    site: { id: '101', name: 'Berlin Plant', channelId: '7101' },
    tzTimezoneName: 'Europe/Berlin',
    lastReading: { meterId: 1006, eventDate: '2026-12-06T05:00:00.000000Z', values: { m0: 12, m1: 'true' } },
  }) as unknown as DataSource;

const meta = { s: '1006', c: null, z: 'Europe/Berlin', n: 'Round', sn: 'Berlin Plant' };

function config(n: number, required: string[] = []) {
  const properties = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `m${i}`,
      { title: `Field ${i} ${'x'.repeat(2500)}`, type: i === 1 ? 'boolean' : 'number' },
    ]),
  );
  return { order: Object.keys(properties), required, properties };
}

describe('renderFormModal', () => {
  it('is a valid modal with escaped names, hints from the last submission and a draft filled in', () => {
    const spec = readFormConfig(config(3));
    const view = renderFormModal({ source: source(), spec, draft: { m2: '7' }, meta });
    expect(validateView(view)).toEqual([]);
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('Round &lt;A&gt; &amp; ∗B∗');
    expect(text).toContain('Last: 12');
    expect(text).toContain('Last: Yes');
    expect(text).toContain('"initial_value":"7"');
    expect(text).toContain('filled in again');
    expect(view.notify_on_close).toBe(true);
    expect(view.submit).toBeDefined();
  });

  it('says clearly when a form has more fields than a Slack form holds', () => {
    const spec = readFormConfig(config(MAX_FIELDS + 7));
    const view = renderFormModal({ source: source(), spec, meta });
    expect(validateView(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(view.blocks)).toContain(
      `This form has ${MAX_FIELDS + 7} fields; a Slack form shows at most ${MAX_FIELDS}`,
    );
    expect(view.submit).toBeDefined();
  });

  it('cannot be submitted from Slack when a required field does not fit, and says so', () => {
    const last = `m${MAX_FIELDS + 1}`;
    const view = renderFormModal({
      source: source(),
      spec: readFormConfig(config(MAX_FIELDS + 2, [last])),
      meta,
    });
    expect(validateView(view)).toEqual([]);
    expect(JSON.stringify(view.blocks)).toContain('cannot be submitted from Slack');
    expect(view.submit).toBeUndefined();
  });

  it('is read back from its own blocks: fields, kinds, limits and what was typed', () => {
    const spec = readFormConfig({
      properties: {
        a: { title: 'Level', type: 'number', minimum: 0, maximum: 9 },
        b: { title: 'Shift', enum: ['A', 2] },
      },
      required: ['b'],
    });
    const view = renderFormModal({ source: source(), spec, meta });
    const fields = fieldsOfView(view);
    expect(fields).toMatchObject([
      { metricId: 'a', kind: 'number', min: 0, max: 9, required: false },
      { metricId: 'b', kind: 'choice', required: true, choices: [{ value: 'A' }, { value: 2 }] },
    ]);
    const typed = typedOfView(
      {
        state: {
          values: {
            fl_n_a: { v: { type: 'number_input', value: '3' } },
            fl_c_b: { v: { selected_option: { value: 'n:2' } } },
          },
        },
      },
      fields,
    );
    expect(typed).toEqual({ a: '3', b: 'n:2' });
  });
});
