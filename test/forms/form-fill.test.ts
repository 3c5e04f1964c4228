/**
 * Forms in Slack, through signed requests against the sandbox and the stand-in: every form the sandbox seeds opens
 * from its formConfig, is filled in, submitted as one reading with the person's own key and read back through GET
 * /reading; a required field left empty is refused on its field with nothing written; the answer says what was
 * recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { blockOf, formNamed, inputsOf, openForm, readBack, seededForms, viewText } from './form-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

const readingWrites = () =>
  h.sandbox.admin.requests().filter((r) => r.method === 'POST' && r.path === '/reading');

describe('every seeded form', () => {
  it('the sandbox seeds the three named forms and more', () => {
    const names = seededForms(h).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['Daily Safety Round', 'Shift Handover Checklist', 'Quality Form']),
    );
    expect(names.length).toBeGreaterThan(3);
  });

  it(
    'opens from /form <name>, is submitted as one reading and reads back through GET /reading',
    { timeout: 120_000 },
    async () => {
      for (const form of seededForms(h)) {
        const view = await openForm(h, form.name);
        // contract: formConfig order — Inspector, Oil Level, Result, Notes; number → number_input, string → text
        expect(inputsOf(view)).toEqual({
          fl_t_2101: 'plain_text_input',
          fl_n_2102: 'number_input',
          fl_t_2103: 'plain_text_input',
          fl_t_2104: 'plain_text_input',
          form_done_at: 'datetimepicker',
        });
        // required fields are marked so Slack itself asks for them
        expect(blockOf(view, 'fl_t_2101').optional).toBe(false);
        expect(blockOf(view, 'fl_n_2102').optional).toBe(true);
        expect(blockOf(view, 'fl_t_2103').optional).toBe(false);
        expect(view.notify_on_close).toBe(true);
        const before = readingWrites().length;
        const note = `checked ${form.id} <ok> & done`;
        const res = await h.driver.viewSubmission({
          view,
          values: { fl_t_2101: 'Shift A', fl_n_2102: '81', fl_t_2103: 'PASS', fl_t_2104: note },
        });
        expect(res.closed).toBe(true);
        await waitFor(() => readingWrites().length > before);
        // as the person: never the shared key
        expect(readingWrites().at(-1)!.headers['x-api-key']).not.toBe(h.sandbox.keys.full);
        const rows = await waitFor(async () => {
          const all = await readBack(h, form.id);
          return all.find((r) => r['2104'] === note) ? all : undefined;
        });
        const row = rows.find((r) => r['2104'] === note)!;
        expect(row).toMatchObject({
          '2101': 'Shift A',
          '2102': 81,
          '2103': 'PASS',
          '2104': note,
          meter_id: Number(form.id),
        });
        const answer = await waitFor(() =>
          h.standin
            .messages('C0GENERAL')
            .find(
              (m) =>
                m.ephemeralTo === 'U0ANA' &&
                m.text.includes(form.name) &&
                JSON.stringify(m.blocks).includes(`checked ${form.id}`),
            ),
        );
        const shown = JSON.stringify(answer.blocks);
        expect(shown).toContain('recorded');
        expect(shown).toContain('your time');
        // platform text escaped in mrkdwn
        expect(shown).toContain('&lt;ok&gt; &amp; done');
        expect(shown).not.toContain('<ok>');
      }
    },
  );

  it('writes with the person’s own key, one reading holding only timestamp and values', async () => {
    const form = formNamed(h, 'Quality Form');
    const view = await openForm(h, 'quality form');
    const before = readingWrites().length;
    await h.driver.viewSubmission({ view, values: { fl_t_2101: 'Shift C', fl_t_2103: 'FAIL' } });
    await waitFor(() => readingWrites().length > before);
    const write = readingWrites().at(-1)!;
    // the key that read the form for Ana wrote it: hers, not the shared one
    const read = h.sandbox.admin
      .requests()
      .filter((r) => r.path === `/data-sources/${form.id}`)
      .at(-1);
    expect(write.headers['x-api-key']).toBe(read?.headers['x-api-key']);
    expect(write.headers['x-api-key']).not.toBe(h.sandbox.keys.full);
    expect(write.status).toBe(200);
    expect(write.query).toEqual({});
    const stored = await waitFor(() =>
      h.sandbox.admin
        .written()
        .readings.find((r) => r.sourceId === form.id && r.values['2101'] === 'Shift C'),
    );
    // contract: readings rule 3 — the metrics left out are stored as null (rule 1: the sandbox answers 400 to any
    // key in a reading object besides timestamp and values, so the 200 above says there was none)
    expect(stored.values).toMatchObject({ '2101': 'Shift C', '2102': null, '2103': 'FAIL', '2104': null });
  });
});

describe('checks on submit', () => {
  it('a required field left empty is refused on its field and nothing is written', async () => {
    const view = await openForm(h, 'Daily Safety Round');
    const before = readingWrites().length;
    const res = await h.driver.viewSubmission({
      view,
      values: { fl_n_2102: '50' },
      allowMissingRequired: true,
    });
    expect(res.closed).toBe(false);
    expect(res.errors).toEqual({ fl_t_2101: 'Inspector is required.', fl_t_2103: 'Result is required.' });
    await h.app.whenIdle();
    expect(readingWrites().length).toBe(before);
  });

  it('a number that is not one is refused on its field', async () => {
    const view = await openForm(h, 'Daily Safety Round');
    const res = await h.driver.viewSubmission({
      view,
      values: { fl_t_2101: 'Shift A', fl_n_2102: 'lots', fl_t_2103: 'PASS' },
    });
    expect(res.errors).toEqual({ fl_n_2102: 'Oil Level takes a number; “lots” is not one.' });
  });

  it('shows the last submission as each field’s hint', async () => {
    const view = await openForm(h, 'Shift Handover Checklist');
    const text = viewText(view);
    expect(text).toContain('Hints show the last submission');
    expect(blockOf(view, 'fl_t_2101').hint?.text).toMatch(/^Last: /);
  });
});
