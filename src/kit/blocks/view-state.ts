/**
 * The `view.state.values` Slack sends with view submissions: block id → action id → the input's current value.
 * It arrives from Slack, so it is parsed (zod), never cast: `stateValues` keeps every block and every key an input
 * carries; `formValues` (`view.state.values`) and `formState` (`view.state`) parse one form's own inputs and drop
 * the other blocks. fieldline's modals give a block and its one element the same id, so `inputOf(values, id)` reads
 * one input.
 */
import { z } from 'zod';

const option = z.looseObject({ value: z.string(), text: z.looseObject({ text: z.string() }).optional() });

export const inputValue = z.looseObject({
  value: z.string().nullish(),
  selected_option: option.nullish(),
  selected_options: z.array(option).nullish(),
  selected_date: z.string().nullish(),
  selected_user: z.string().nullish(),
  selected_conversation: z.string().nullish(),
});
export type InputValue = z.infer<typeof inputValue>;

export const stateValues = z.record(z.string(), z.record(z.string(), inputValue));
export type StateValues = z.infer<typeof stateValues>;

/** What `inputOf` reads: every modal's values (StateValues) or one form's (`formState`). */
export type FormValues = Partial<Record<string, Partial<Record<string, InputValue>>>>;

export function inputOf(values: FormValues, id: string): InputValue | undefined {
  return values[id]?.[id];
}

/**
 * The `view.state.values` of one form whose inputs are `ids` (block id = action id), parsed only as far as the form
 * reads it: those inputs, each as `inputValue`; other blocks and keys are dropped instead of copied (issue 18: the
 * whole state, copied key by key, was most of what a task submission allocated before its ack). A block the form
 * does not read cannot make the parse fail, so what was typed into the form's own inputs is never lost to it.
 */
export function formValues(ids: readonly string[]) {
  const inputs = Object.fromEntries(
    ids.map((id) => [id, z.object({ [id]: inputValue.optional() }).optional()]),
  );
  return z.object(inputs);
}

/** The `view.state` of one form whose inputs are `ids` (see `formValues`). */
export function formState(ids: readonly string[]) {
  return z.object({ values: formValues(ids) });
}
