/** Builders for the small test modals the stand-in's tests open (each test keeps its own ids and labels). */
export const plainText = (text: string) => ({ type: 'plain_text' as const, text });

type Element = { type: string; action_id: string } & Record<string, unknown>;

export function inputBlock(block_id: string, label: string, element: Element, optional?: true) {
  return { type: 'input', block_id, ...(optional ? { optional } : {}), label: plainText(label), element };
}

export function modalView<B>(
  head: { callback_id: string; title: string; submit: string } & Record<string, unknown>,
  blocks: B[],
) {
  const { callback_id, title, submit, ...rest } = head;
  return {
    type: 'modal' as const,
    callback_id,
    ...rest,
    title: plainText(title),
    submit: plainText(submit),
    blocks,
  };
}
