/**
 * The console's workspace switcher (issue 39), mounted next to the console when the stand-in offers several
 * workspaces (started with `oauth`):
 *   GET  /console/workspaces   the workspaces, which one the console's requests come from, which are installed
 *   POST /console/workspace    {id}: send the console's requests from that workspace
 * The page side is static/workspace-switcher.js. Same guard as every console route (./guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../api.ts';
import { readRaw } from '../http-body.ts';
import type { Standin } from '../index.ts';
import type { MountedHandler } from '../server.ts';
import { consoleRefusal } from './guard.ts';

const choose = z.object({ id: z.string().min(1).max(40) });

export function workspaceRoutes(standin: Standin, token: string, installUrl?: string): MountedHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (path !== '/console/workspaces' && path !== '/console/workspace') return false;
    const workspaces = standin.workspaces;
    if (!workspaces) return false;
    const refusal = consoleRefusal(req, token, req.method === 'POST');
    if (refusal) {
      sendJson(res, 403, { ok: false, error: refusal });
      return true;
    }
    if (req.method === 'GET' && path === '/console/workspaces') {
      const installed = new Set(workspaces.installed());
      sendJson(res, 200, {
        ok: true,
        current: workspaces.current().id,
        ...(installUrl ? { installUrl } : {}),
        workspaces: workspaces.list.map((w) => ({
          id: w.id,
          name: w.name,
          ...(w.enterprise ? { organisation: w.enterprise.name } : {}),
          installed: installed.has(w.id) || (w.enterprise !== undefined && installed.has(w.enterprise.id)),
        })),
      });
      return true;
    }
    if (req.method === 'POST' && path === '/console/workspace') {
      const parsed = choose.safeParse(JSON.parse((await readRaw(req)).toString() || '{}'));
      const known = parsed.success && workspaces.list.some((w) => w.id === parsed.data.id);
      if (!parsed.success || !known) {
        sendJson(res, 400, { ok: false, error: 'unknown workspace' });
        return true;
      }
      workspaces.use(parsed.data.id);
      sendJson(res, 200, { ok: true, current: parsed.data.id });
      return true;
    }
    sendJson(res, 405, { ok: false, error: 'method not allowed' });
    return true;
  };
}
