/**
 * The console's HTTP routes, mounted on the stand-in's server:
 *   GET  /                       the page
 *   GET  /console/static/<file>  its script and style files
 *   GET  /console/state          everything the page shows (users, channels, messages, views, manifest)
 *   GET  /console/events         server-sent events: one `change` per message/view/user/channel change
 *   GET  /console/files/<id>     a file's bytes (the browser never holds the bot token url_private needs)
 *   POST /console/api/<action>   command | message | action | suggest | submit | close | shortcut | home
 *                                | share (a file attached in the composer) | invite (`/invite @app`)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../api.ts';
import { readRaw } from '../http-body.ts';
import type { Standin } from '../index.ts';
import { DriverError } from '../payloads.ts';
import type { EventStream } from './events.ts';
import { consoleRefusal } from './guard.ts';
import * as act from './interact.ts';
import type { ConsoleManifest } from './manifest.ts';
import * as schemas from './schemas.ts';
import { invite, shareFile, SHARE_BODY_LIMIT } from './share.ts';
import { FILE_PREFIX, snapshot } from './snapshot.ts';
import type { StaticFiles } from './static-files.ts';

export interface RouteDeps {
  standin: Standin;
  /** This run's token: embedded in the page, required on every POST (./guard.ts). */
  token: string;
  manifest: () => Promise<ConsoleManifest>;
  events: EventStream;
  files: StaticFiles;
}

type Handler = (standin: Standin, body: unknown) => Promise<object>;

function handler<S extends z.ZodType>(
  schema: S,
  run: (s: Standin, b: z.infer<S>) => Promise<object>,
): Handler {
  return (standin, body) => run(standin, schema.parse(body));
}

const ACTIONS: Record<string, Handler> = {
  command: handler(schemas.commandBody, act.runCommand),
  message: handler(schemas.messageBody, act.postMessage),
  action: handler(schemas.actionBody, act.runAction),
  suggest: handler(schemas.suggestBody, act.suggest),
  submit: handler(schemas.submitBody, act.submit),
  close: handler(schemas.closeBody, act.close),
  shortcut: handler(schemas.shortcutBody, act.shortcut),
  home: handler(schemas.homeBody, act.openHome),
  share: handler(schemas.shareBody, shareFile),
  invite: handler(schemas.inviteBody, invite),
};

/** Images a browser can show safely inline; anything else is a download (an uploaded .html or .svg never runs). */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function serveFile(res: ServerResponse, standin: Standin, id: string): void {
  const file = standin.state.file(id);
  if (!file) return sendJson(res, 404, { ok: false, error: 'file_not_found' });
  const inline = INLINE.has(file.mimetype);
  res.writeHead(200, {
    'Content-Type': inline ? file.mimetype : 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
  });
  res.end(file.content);
}

async function runAction(req: IncomingMessage, res: ServerResponse, deps: RouteDeps, name: string) {
  const run = ACTIONS[name];
  if (!run) return sendJson(res, 404, { ok: false, error: 'unknown_console_action' });
  let body: unknown;
  try {
    const limit = name === 'share' ? SHARE_BODY_LIMIT : 1_000_000;
    body = JSON.parse((await readRaw(req, limit)).toString('utf8'));
  } catch {
    return sendJson(res, 400, { ok: false, error: 'invalid_json' });
  }
  try {
    sendJson(res, 200, { ok: true, ...(await run(deps.standin, body)) });
  } catch (err) {
    // The browser asked for something the workspace does not have (unknown user, closed view, missing input).
    if (err instanceof DriverError) return sendJson(res, 400, { ok: false, error: err.message });
    if (err instanceof z.ZodError) return sendJson(res, 400, { ok: false, error: z.prettifyError(err) });
    throw err;
  }
}

function isConsolePath(path: string): boolean {
  return path === '/' || path === '/favicon.ico' || path === '/console' || path.startsWith('/console/');
}

export function consoleRoutes(deps: RouteDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (!isConsolePath(path)) return false;
    const refused = consoleRefusal(req, deps.token, req.method !== 'GET' && req.method !== 'HEAD');
    if (refused) {
      sendJson(res, 403, { ok: false, error: refused });
      return true;
    }
    if (req.method === 'GET') {
      if (path === '/' || path === '/console' || path === '/console/')
        return deps.files.serve(res, 'index.html', { '{{CONSOLE_TOKEN}}': deps.token });
      if (path === '/favicon.ico') {
        res.writeHead(204).end();
        return true;
      }
      if (path.startsWith('/console/static/'))
        return deps.files.serve(res, path.slice('/console/static/'.length));
      if (path === '/console/state') {
        sendJson(res, 200, snapshot(deps.standin.state, await deps.manifest()), {
          'Cache-Control': 'no-store',
        });
        return true;
      }
      if (path === '/console/events') {
        deps.events.open(req, res);
        return true;
      }
      if (path.startsWith(FILE_PREFIX)) {
        serveFile(res, deps.standin, decodeURIComponent(path.slice(FILE_PREFIX.length)));
        return true;
      }
      return false;
    }
    if (req.method === 'POST' && path.startsWith('/console/api/')) {
      await runAction(req, res, deps, path.slice('/console/api/'.length));
      return true;
    }
    return false;
  };
}
