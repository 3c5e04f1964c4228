/**
 * The console's HTTP routes, mounted on the stand-in's server:
 *   GET  /                       the page
 *   GET  /console/static/<file>  its script and style files
 *   GET  /console/state          everything the page shows (users, channels, messages, views, manifest)
 *   GET  /console/events         server-sent events: one `change` per message/view/user/channel change
 *   GET  /console/files/<id>     a file's bytes (the browser never holds the bot token url_private needs)
 *   GET  /archives/<C>[/p<ts>]   a permalink (chat.getPermalink): the page, which opens the message
 *   GET  /app_redirect?…         Slack's app_redirect link: the page, which opens the channel or the app
 *   GET  /files/<U>/<F>/<name>   a file's permalink: redirects to /console/files/<F>
 *   POST /console/api/<action>   command | message | action | suggest | submit | close | shortcut | home
 *                                | share (a file attached in the composer) | invite (`/invite @app`)
 *                                | workflow-run (./workflow-routes.ts: the Workflows panel, /console/workflows…)
 *                                | upload (a file chosen in a modal's file_input: uploaded, shared nowhere)
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
import type { ModalOwners } from './owners.ts';
import * as schemas from './schemas.ts';
import { invite, shareFile, SHARE_BODY_LIMIT, uploadFile } from './share.ts';
import { FILE_PREFIX, snapshot } from './snapshot.ts';
import type { StaticFiles } from './static-files.ts';
import type { StoredView } from '../types.ts';
import { runWorkflowStep, workflowPages, workflowRunBody } from './workflow-routes.ts';

export interface RouteDeps {
  standin: Standin;
  /** This run's token: embedded in the page, required on every POST (./guard.ts). */
  token: string;
  manifest: () => Promise<ConsoleManifest>;
  events: EventStream;
  owners: ModalOwners;
  files: StaticFiles;
}

type Handler = (standin: Standin, body: unknown, owners: ModalOwners) => Promise<object>;

function handler<S extends z.ZodType>(
  schema: S,
  run: (s: Standin, b: z.infer<S>, owners: ModalOwners) => Promise<object>,
): Handler {
  return (standin, body, owners) => run(standin, schema.parse(body), owners);
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
  'workflow-run': handler(workflowRunBody, runWorkflowStep),
  upload: handler(schemas.uploadBody, uploadFile),
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
    const limit = name === 'share' || name === 'upload' ? SHARE_BODY_LIMIT : 1_000_000;
    body = JSON.parse((await readRaw(req, limit)).toString('utf8'));
  } catch {
    return sendJson(res, 400, { ok: false, error: 'invalid_json' });
  }
  try {
    sendJson(res, 200, { ok: true, ...(await run(deps.standin, body, deps.owners)) });
  } catch (err) {
    // The browser asked for something the workspace does not have (unknown user, closed view, missing input).
    if (err instanceof DriverError) return sendJson(res, 400, { ok: false, error: err.message });
    if (err instanceof z.ZodError) return sendJson(res, 400, { ok: false, error: z.prettifyError(err) });
    throw err;
  }
}

/** Links the app builds from the stand-in's address (permalinks, app_redirect): the page opens their place. */
const PLACE = /^\/(?:archives\/[A-Z0-9]+(?:\/p\d+)?\/?|app_redirect)$/;
/** A file's permalink (files.info `permalink`). */
const FILE_PERMALINK = /^\/files\/[A-Z0-9]+\/([A-Z0-9]+)(?:\/[^/]*)?$/;

function isConsolePath(path: string): boolean {
  return (
    path === '/' ||
    path === '/favicon.ico' ||
    path === '/console' ||
    path.startsWith('/console/') ||
    PLACE.test(path) ||
    FILE_PERMALINK.test(path)
  );
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
    if (await workflowPages(req, res, path, deps)) return true;
    if (req.method === 'GET') {
      if (path === '/' || path === '/console' || path === '/console/' || PLACE.test(path))
        return deps.files.serve(res, 'index.html', { '{{CONSOLE_TOKEN}}': deps.token });
      const file = FILE_PERMALINK.exec(path);
      if (file) {
        // Relative, so it stays on the host the link was opened on.
        res.writeHead(302, { Location: `${FILE_PREFIX}${encodeURIComponent(file[1] ?? '')}` }).end();
        return true;
      }
      if (path === '/favicon.ico') {
        res.writeHead(204).end();
        return true;
      }
      if (path.startsWith('/console/static/'))
        return deps.files.serve(res, path.slice('/console/static/'.length));
      if (path === '/console/state') {
        const tabOf = (v: StoredView) => deps.owners.tabOf(v) ?? null;
        const state = snapshot(deps.standin.state, await deps.manifest(), tabOf, deps.standin.baseUrl);
        sendJson(res, 200, state, {
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
