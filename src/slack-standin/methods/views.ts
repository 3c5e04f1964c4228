/**
 * views.open / views.push / views.update / views.publish. Views get Slack-style ids and hashes; modals form
 * stacks of at most 3 (views.push beyond that: push_limit_reached); views.update matches view_id or external_id
 * and checks `hash` when given (hash_conflict).
 */
import { randomBytes } from 'node:crypto';
import { APP_ID, BOT_ID, TEAM } from '../seed.ts';
import { normalizeBlocks } from '../normalize.ts';
import type { JsonObject, StoredView, ViewType } from '../types.ts';
import {
  ApiError,
  isJsonObject,
  optionalString,
  requireString,
  validationError,
  type MethodContext,
  type MethodHandler,
} from './context.ts';

export const MAX_VIEW_STACK = 3;

export function viewJson(v: StoredView): JsonObject {
  const { user: _user, open: _open, errors: _errors, ...rest } = v;
  return { ...rest, app_installed_team_id: v.team_id };
}

function newHash(ctx: MethodContext): string {
  return `${Math.floor(ctx.now() / 1000)}.${randomBytes(4).toString('hex')}`;
}

export function checkedView(ctx: MethodContext, value: unknown, expected: ViewType): JsonObject {
  if (!isJsonObject(value))
    throw validationError('invalid_arguments', ['view must be a JSON object [json-pointer:/view]']);
  if (value.type !== expected) {
    throw validationError('invalid_arguments', [`must be ${expected} [json-pointer:/view/type]`]);
  }
  const problems = ctx.validator.validateView(value);
  if (problems.length > 0) throw validationError('invalid_blocks', problems);
  return value;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function plainText(value: unknown): JsonObject | undefined {
  return isJsonObject(value) ? { ...value, emoji: value.emoji ?? true } : undefined;
}

/** The stored form of a view definition; `base` keeps identity (id, root, previous) across updates. */
function buildView(
  ctx: MethodContext,
  def: JsonObject,
  base: Pick<StoredView, 'id' | 'user' | 'root_view_id' | 'previous_view_id'>,
): StoredView {
  const view: StoredView = {
    id: base.id,
    user: base.user,
    root_view_id: base.root_view_id,
    previous_view_id: base.previous_view_id,
    hash: newHash(ctx),
    type: def.type === 'home' ? 'home' : 'modal',
    team_id: TEAM.id,
    app_id: APP_ID,
    bot_id: BOT_ID,
    callback_id: str(def.callback_id),
    private_metadata: str(def.private_metadata),
    external_id: str(def.external_id),
    blocks: Array.isArray(def.blocks) ? normalizeBlocks(def.blocks) : [],
    clear_on_close: def.clear_on_close === true,
    notify_on_close: def.notify_on_close === true,
    state: { values: {} },
    open: true,
  };
  const title = plainText(def.title);
  const submit = plainText(def.submit);
  const close = plainText(def.close);
  if (title) view.title = title;
  if (submit) view.submit = submit;
  if (close) view.close = close;
  if (typeof def.submit_disabled === 'boolean') view.submit_disabled = def.submit_disabled;
  return view;
}

function consumeTrigger(args: JsonObject, ctx: MethodContext): string {
  const trigger = args.trigger_id ?? args.interactivity_pointer;
  const check = ctx.triggers.consume(trigger);
  if (!check.ok) throw new ApiError(check.error);
  return check.context.user;
}

function externalIdTaken(ctx: MethodContext, def: JsonObject, except?: string): void {
  const ext = str(def.external_id);
  const holder = ext === '' ? undefined : ctx.state.viewByExternalId(ext);
  if (holder && holder.id !== except) throw new ApiError('duplicate_external_id');
}

const open: MethodHandler = (args, ctx) => {
  const def = checkedView(ctx, args.view, 'modal');
  const user = consumeTrigger(args, ctx);
  externalIdTaken(ctx, def);
  // A new modal replaces whatever stack the user had open.
  for (const v of ctx.state.views())
    if (v.type === 'modal' && v.open && v.user === user) ctx.state.closeView(v);
  const id = ctx.state.newId('V');
  const view = buildView(ctx, def, { id, user, root_view_id: id, previous_view_id: null });
  ctx.state.putView(view, 'open');
  return { ok: true, view: viewJson(view) };
};

/** Push a checked view definition onto the stack whose top is `top` (views.push and response_action push). */
export function pushView(ctx: MethodContext, top: StoredView, def: JsonObject): StoredView {
  if (ctx.state.stack(top.root_view_id).length >= MAX_VIEW_STACK) throw new ApiError('push_limit_reached');
  externalIdTaken(ctx, def);
  const view = buildView(ctx, def, {
    id: ctx.state.newId('V'),
    user: top.user,
    root_view_id: top.root_view_id,
    previous_view_id: top.id,
  });
  return ctx.state.putView(view, 'push');
}

/** Replace a view's content, keeping its id and place in the stack (views.update and response_action update). */
export function replaceView(ctx: MethodContext, current: StoredView, def: JsonObject): StoredView {
  externalIdTaken(ctx, def, current.id);
  return ctx.state.putView(buildView(ctx, def, current), 'update');
}

export function topModalOf(ctx: MethodContext, user: string): StoredView | undefined {
  return ctx.state
    .views()
    .filter((v) => v.type === 'modal' && v.open && v.user === user)
    .at(-1);
}

const push: MethodHandler = (args, ctx) => {
  const def = checkedView(ctx, args.view, 'modal');
  const user = consumeTrigger(args, ctx);
  const top = topModalOf(ctx, user);
  if (!top) throw new ApiError('not_found');
  return { ok: true, view: viewJson(pushView(ctx, top, def)) };
};

const update: MethodHandler = (args, ctx) => {
  const viewId = optionalString(args, 'view_id');
  const externalId = optionalString(args, 'external_id');
  if (!viewId && !externalId) throw new ApiError('invalid_arguments', { missing: 'view_id' });
  const current = viewId ? ctx.state.view(viewId) : ctx.state.viewByExternalId(externalId ?? '');
  if (!current || !current.open) throw new ApiError('not_found');
  const def = checkedView(ctx, args.view, current.type);
  const hash = optionalString(args, 'hash');
  if (hash !== undefined && hash !== current.hash) throw new ApiError('hash_conflict');
  return { ok: true, view: viewJson(replaceView(ctx, current, def)) };
};

const publish: MethodHandler = (args, ctx) => {
  const user = requireString(args, 'user_id');
  if (!ctx.state.user(user)) throw new ApiError('user_not_found');
  const def = checkedView(ctx, args.view, 'home');
  const current = ctx.state.homeOf(user);
  const hash = optionalString(args, 'hash');
  if (hash !== undefined && current && hash !== current.hash) throw new ApiError('hash_conflict');
  // Slack keeps one home view per user: same id, new hash on every publish.
  const id = current?.id ?? ctx.state.newId('V');
  const view = buildView(ctx, def, { id, user, root_view_id: id, previous_view_id: null });
  ctx.state.putView(view, 'publish');
  return { ok: true, view: viewJson(view) };
};

export const viewMethods: Record<string, MethodHandler> = {
  'views.open': open,
  'views.push': push,
  'views.update': update,
  'views.publish': publish,
};
