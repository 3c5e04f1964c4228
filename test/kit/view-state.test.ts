/** One form's view state (src/kit/blocks/view-state.ts): only the form's inputs are parsed, the rest dropped. */
import { describe, expect, it } from 'vitest';
import { formState, formValues, inputOf, stateValues } from '../../src/kit/blocks/view-state.ts';

const form = formState(['task_name', 'task_site', 'task_due']);

describe('formState', () => {
  it("reads the form's inputs, with the keys an input carries, and drops other blocks", () => {
    const state = form.parse({
      values: {
        task_name: { task_name: { type: 'plain_text_input', value: 'Valve <3 bar' } },
        task_site: {
          task_site: { type: 'static_select', selected_option: { value: 'S1', text: { text: 'North' } } },
        },
        other_block: { other_block: { type: 'plain_text_input', value: 'ignored' } },
      },
      extra: true,
    });
    expect(inputOf(state.values, 'task_name')).toEqual({ type: 'plain_text_input', value: 'Valve <3 bar' });
    expect(inputOf(state.values, 'task_site')?.selected_option?.text?.text).toBe('North');
    expect(inputOf(state.values, 'task_due')).toBeUndefined();
    expect(state.values).not.toHaveProperty('other_block');
    expect(state).not.toHaveProperty('extra');
  });

  it('refuses an input of the form whose value is not what Slack sends', () => {
    expect(form.safeParse({ values: { task_name: { task_name: { value: 42 } } } }).success).toBe(false);
    expect(
      form.safeParse({ values: { task_site: { task_site: { selected_option: { value: 7 } } } } }).success,
    ).toBe(false);
    expect(form.safeParse({}).success).toBe(false);
  });
});

describe('formValues', () => {
  const values = {
    post_content: { post_content: { type: 'plain_text_input', value: 'Pump 3 noisy' } },
    odd_block: { odd_block: { value: 42 } },
  };

  it("reads the form's inputs even where another block would fail the whole state's parse", () => {
    expect(stateValues.safeParse(values).success).toBe(false);
    const parsed = formValues(['post_content', 'post_title']).parse(values);
    expect(inputOf(parsed, 'post_content')?.value).toBe('Pump 3 noisy');
    expect(inputOf(parsed, 'post_title')).toBeUndefined();
    expect(parsed).not.toHaveProperty('odd_block');
  });
});
