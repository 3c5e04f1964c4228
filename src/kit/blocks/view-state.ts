/**
 * The `view.state.values` Slack sends with view submissions: block id → action id → the input's current value.
 * It arrives from Slack, so it is parsed (zod, passthrough so unknown keys survive), never cast. fieldline's
 * modals give a block and its one element the same id, so `inputOf(values, id)` reads one input.
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

export function inputOf(values: StateValues, id: string): InputValue | undefined {
  return values[id]?.[id];
}
