/** Helpers of the forms tests: open a form as a person, read its inputs, the sandbox's forms and their readings. */
import type { StoredView } from '../../src/slack-standin/index.ts';
import { waitFor, type Harness } from '../harness.ts';

export const FORM_VIEW = 'form_fill_view';
export const OTHER_VIEW = 'form_other_view';

/** Every form data source the sandbox seeded (usage 2 "form"). */
export function seededForms(h: Harness) {
  return h.sandbox.admin.state.sources.filter((s) => s.applyingId === 2);
}

export function formNamed(h: Harness, name: string) {
  const found = seededForms(h).find((s) => s.name === name);
  if (!found) throw new Error(`no sandbox form ${name}`);
  return found;
}

/** The view with `callbackId` among those opened since `before` (a "Loading…" modal becomes the form in place). */
export function viewSince(
  h: Harness,
  before: number,
  callbackId: string,
  user?: string,
): Promise<StoredView> {
  return waitFor(
    () =>
      h.standin
        .views()
        .slice(before)
        .find((v) => v.callback_id === callbackId && v.open && (!user || v.user === user)),
    { timeoutMs: 15_000 },
  );
}

/** `/form <text>` as `user` in #general; the modal it ends in (the form, or `callbackId`). */
export async function openForm(
  h: Harness,
  text: string,
  opts: { user?: string; callbackId?: string } = {},
): Promise<StoredView> {
  const before = h.standin.views().length;
  const res = await h.driver.command({
    command: '/form',
    text,
    channel: 'C0GENERAL',
    ...(opts.user ? { user: opts.user } : {}),
  });
  if (res.status !== 200) throw new Error(`/form answered ${res.status}`);
  return viewSince(h, before, opts.callbackId ?? FORM_VIEW, opts.user);
}

type Block = {
  type: string;
  block_id?: string;
  optional?: boolean;
  hint?: { text: string };
  element?: Record<string, unknown>;
};

/** block_id → element type of the view's inputs, in order. */
export function inputsOf(view: StoredView): Record<string, string> {
  return Object.fromEntries(
    (view.blocks as Block[])
      .filter((b) => b.type === 'input')
      .map((b) => [b.block_id, String(b.element?.type)]),
  );
}

export function blockOf(view: StoredView, blockId: string): Block {
  const found = (view.blocks as Block[]).find((b) => b.block_id === blockId);
  if (!found) throw new Error(`no block ${blockId} in ${view.callback_id}`);
  return found;
}

export const viewText = (view: StoredView) => JSON.stringify(view.blocks);

/** Reading rows of `meterId` over the days around now, straight from the sandbox's GET /reading. */
export async function readBack(h: Harness, meterId: string): Promise<Record<string, unknown>[]> {
  const day = 86_400_000;
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  const q = new URLSearchParams({
    meterId,
    startTime: local(Date.now() - 2 * day),
    endTime: local(Date.now() + 2 * day),
    limit: '500',
  });
  const res = await fetch(`${h.sandbox.url}/reading?${q}`, { headers: { 'x-api-key': h.sandbox.keys.full } });
  const body = (await res.json()) as { data: Record<string, unknown>[] | null };
  if (!res.ok) throw new Error(`GET /reading ${res.status}`);
  return body.data ?? [];
}
