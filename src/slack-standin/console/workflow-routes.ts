/**
 * The console's Workflows panel (issue 41): pick one of the app's custom steps (the manifest's `functions`), fill
 * its inputs, run it — the stand-in starts a run and sends the app the signed function_executed event, as a
 * workflow would — and see its outputs or its error.
 *   GET  /console/workflows              the panel's page
 *   GET  /console/workflows/steps        the steps, their inputs and outputs, the manifest's problems, the people
 *   GET  /console/workflows/runs/<id>    a run: running, completed with outputs, or failed with the error
 *   POST /console/api/workflow-run       { callbackId, inputs } → { executionId, status }
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../api.ts';
import type { Standin } from '../index.ts';
import type { StaticFiles } from './static-files.ts';

export const workflowRunBody = z.object({
  callbackId: z.string().min(1).max(255),
  inputs: z.record(z.string(), z.unknown()),
  tab: z.string().optional(),
});

export async function runWorkflowStep(
  standin: Standin,
  body: z.infer<typeof workflowRunBody>,
): Promise<object> {
  const sent = await standin.driver.functionExecuted({ callbackId: body.callbackId, inputs: body.inputs });
  return { executionId: sent.executionId, status: sent.status };
}

const RUN = /^\/console\/workflows\/runs\/(Fx[A-Z0-9]+)$/;

/** The panel's GET routes; false when the path is none of them. */
export async function workflowPages(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  deps: { standin: Standin; token: string; files: StaticFiles },
): Promise<boolean> {
  if (req.method !== 'GET') return false;
  const { functions } = deps.standin;
  if (path === '/console/workflows')
    return deps.files.serve(res, 'workflows.html', { '{{CONSOLE_TOKEN}}': deps.token });
  if (path === '/console/workflows/steps') {
    sendJson(
      res,
      200,
      {
        steps: functions.definitions(),
        problems: functions.problems(),
        users: deps.standin.users.map((u) => ({
          id: u.id,
          name: u.real_name || u.name,
          bot: u.is_bot === true,
        })),
      },
      { 'Cache-Control': 'no-store' },
    );
    return true;
  }
  const run = RUN.exec(path);
  if (run) {
    const found = functions.run(run[1] ?? '');
    sendJson(res, found ? 200 : 404, found ?? { ok: false, error: 'function_execution_not_found' }, {
      'Cache-Control': 'no-store',
    });
    return true;
  }
  return false;
}
