/** What a route handler receives, and the shape of a route. */
import type { IncomingMessage } from 'node:http';
import { HttpError, noAccess, type Reply } from './http.ts';
import type { Source } from './model.ts';
import type { KeyContext, SandboxState } from './state.ts';

export interface RequestContext {
  state: SandboxState;
  /** Key context of API routes; null on pre-signed routes (they carry their own signature). */
  key: KeyContext | null;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON body (API routes with a body), undefined when empty. */
  body: unknown;
  /** Raw request for routes that stream their own body (multipart upload, import PUT). */
  req: IncomingMessage;
  headers: Record<string, string>;
}

export interface Route {
  method: string;
  /** Path with `{name}` segments. */
  path: string;
  /**
   * Query parameters the route takes. contract: general convention 6 — "a request must not carry a query
   * string other than the parameters listed for it"; an empty list means no query string at all.
   */
  query: readonly string[];
  /** Pre-signed route: no x-api-key, own signature, body streamed by the handler. */
  presigned?: boolean;
  handle(ctx: RequestContext): Reply | Promise<Reply>;
}

/** What an API route's handler receives: the request with the caller's key context (never null). */
export type KeyedRequest = RequestContext & { key: KeyContext };

/** An API route (the router has checked x-api-key): the handler gets the key context already resolved. */
export function apiRoute(
  method: string,
  path: string,
  query: readonly string[],
  handle: (ctx: KeyedRequest) => Reply | Promise<Reply>,
): Route {
  return { method, path, query, handle: (ctx) => handle({ ...ctx, key: keyOf(ctx) }) };
}

/** The API key context of a route that requires one (router guarantees it is set). */
function keyOf(ctx: RequestContext): KeyContext {
  if (ctx.key === null) throw new Error(`route ${ctx.method} ${ctx.path} needs a key context`);
  return ctx.key;
}

/**
 * The data source named by the `meterId` query parameter, readable by the caller's key. A missing meterId is a
 * validation failure; an unknown or inaccessible one is 401 (contract: Authentication rule 3).
 */
export function readableMeter(ctx: RequestContext): Source {
  const id = ctx.query.meterId;
  if (!id) throw new HttpError(400, 'meterId is required.', '02-001');
  const source = ctx.state.world.sourceById.get(id);
  if (!source || !ctx.state.canRead(keyOf(ctx), source)) throw noAccess('data source');
  return source;
}
