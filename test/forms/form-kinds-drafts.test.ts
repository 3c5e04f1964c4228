/**
 * A form's fields as its formConfig describes them — types fieldline knows become the right inputs, a type it does
 * not know is shown as text with a note (never dropped), what it cannot read is said — and a form closed half-way
 * kept for the same person, filled in again when reopened, removed once submitted. Signed requests through the
 * stand-in against the sandbox (a formConfig the seed does not have is served by a sandbox injection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { blockOf, formNamed, inputsOf, openForm, viewText } from './form-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

/** The form's record as the platform sends it, with `formConfig` replaced, served once on GET /data-sources/{id}. */
async function serveFormConfig(id: string, formConfig: unknown): Promise<void> {
  const res = await fetch(`${h.sandbox.url}/data-sources/${id}?withLastReading=true`, {
    headers: { 'x-api-key': h.sandbox.keys.full },
  });
  const { data } = (await res.json()) as { data: Record<string, unknown> };
  h.sandbox.admin.inject({
    endpoint: `GET /data-sources/${id}`,
    status: 200,
    body: { data: { ...data, formConfig } },
  });
}

describe('fields from formConfig', () => {
  it('maps each kind to its input; an unknown type is text with a note; what is not understood is said', async () => {
    const form = formNamed(h, 'Daily Safety Round');
    await serveFormConfig(form.id, {
      order: ['2101', '2110', '2111', '2112', '2113', '2114', '2115', 'ghost', '2102'],
      required: ['2101', '2111'],
      properties: {
        '2101': { title: 'Inspector', type: 'string', enum: ['Shift A', 'Shift B'] },
        '2102': { title: 'Oil Level', type: 'number', minimum: 0, maximum: 100, unit: '%' },
        '2110': { title: 'Guard fitted', type: 'boolean' },
        '2111': { title: 'Signature', type: 'signature' },
        '2112': { title: 'Checked on', type: 'string', format: 'date' },
        '2113': { title: 'Start', type: 'string', format: 'time' },
        '2114': { title: 'Finished at', type: 'string', format: 'date-time' },
        '2115': { title: 'Count', type: 'integer' },
        '2116': { title: 'Left out of order', type: 'string' },
        '2117': 'not an object',
      },
    });
    const view = await openForm(h, 'Daily Safety Round');
    expect(inputsOf(view)).toEqual({
      fl_c_2101: 'static_select',
      fl_b_2110: 'radio_buttons',
      fl_u_2111: 'plain_text_input',
      fl_d_2112: 'datepicker',
      fl_tm_2113: 'timepicker',
      fl_dt_2114: 'datetimepicker',
      fl_i_2115: 'number_input',
      fl_n_2102: 'number_input',
      fl_t_2116: 'plain_text_input',
      fl_u_2117: 'plain_text_input',
      form_done_at: 'datetimepicker',
    });
    const signature = blockOf(view, 'fl_u_2111');
    expect(signature.optional).toBe(false);
    expect(signature.hint?.text).toContain('fieldline does not know this kind of field (signature)');
    expect(blockOf(view, 'fl_n_2102').element).toMatchObject({ min_value: '0', max_value: '100' });
    expect(blockOf(view, 'fl_c_2101').element).toMatchObject({
      options: [
        { text: { text: 'Shift A' }, value: 's:Shift A' },
        { text: { text: 'Shift B' }, value: 's:Shift B' },
      ],
    });
    const text = viewText(view);
    expect(text).toContain('could not read all');
    expect(text).toContain('ghost');
    expect(text).toContain('Oil Level (%)');

    // out of range and a choice the form does not offer are refused on their fields, on receipt
    const res = await h.driver.viewSubmission({
      view,
      values: {
        fl_c_2101: { text: { type: 'plain_text', text: 'x' }, value: 's:Shift Z' },
        fl_u_2111: 'A. Silva',
        fl_n_2102: '140',
      },
    });
    expect(res.errors).toEqual({
      fl_c_2101: 'Choose one of the offered answers for Inspector.',
      fl_n_2102: 'Oil Level (%) must be between 0 and 100.',
    });
  });
});

describe('a form closed half-way', () => {
  const drafts = () => h.deps.store.namespace('form-drafts').namespace(TEAM.id);

  it('keeps what was typed for the same person, fills it in again, and drops it once submitted', async () => {
    const form = formNamed(h, 'Shift Handover Checklist');
    const view = await openForm(h, 'Shift Handover Checklist');
    await h.driver.viewClosed(view, { values: { fl_t_2101: 'Shift B', fl_n_2102: '64' } });
    await waitFor(() => drafts().get(`U0ANA:${form.id}`));

    const again = await openForm(h, 'Shift Handover Checklist');
    expect(blockOf(again, 'fl_t_2101').element?.initial_value).toBe('Shift B');
    expect(blockOf(again, 'fl_n_2102').element?.initial_value).toBe('64');
    expect(viewText(again)).toContain('filled in again');

    // another person opening the same form gets none of it
    const ben = await openForm(h, 'Shift Handover Checklist', { user: 'U0BEN' });
    expect(blockOf(ben, 'fl_t_2101').element?.initial_value).toBeUndefined();
    await h.driver.viewClosed(ben);

    const res = await h.driver.viewSubmission({ view: again, values: { fl_t_2103: 'PASS' } });
    expect(res.closed).toBe(true);
    await waitFor(() =>
      h.sandbox.admin
        .written()
        .readings.find((r) => r.sourceId === form.id && r.values['2101'] === 'Shift B'),
    );
    await h.app.whenIdle();
    expect(await drafts().get(`U0ANA:${form.id}`)).toBeUndefined();
  });
});
