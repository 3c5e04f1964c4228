/**
 * Bodies of the requests the ack benchmark sends: slash commands (flat form fields, like Slack's
 * slash_command form) and view submissions (a captured real submission of fieldline's task modal, made unique
 * per request by its view id, so that every one creates a task).
 */
import { randomBytes } from 'node:crypto';
import type { LoadRequest } from './load.ts';

export interface Workspace {
  channel: string;
  user: string;
}

export const BENCH_COMMANDS = [
  { command: '/source', text: 'pump' },
  { command: '/task', text: 'list open' },
  { command: '/reading', text: '1008 24h' },
] as const;

export function commandBody(ws: Workspace, command: string, text: string, responseUrl: string): LoadRequest {
  const fields = {
    token: 'bench-verification-token',
    team_id: 'T0FIELD',
    team_domain: 'fieldline-local',
    channel_id: ws.channel,
    channel_name: 'general',
    user_id: ws.user,
    user_name: 'ana.silva',
    command,
    text,
    api_app_id: 'A0FIELD',
    is_enterprise_install: 'false',
    response_url: responseUrl,
    trigger_id: `${Date.now()}.${randomBytes(6).toString('hex')}`,
  };
  return { kind: 'command', body: new URLSearchParams(fields).toString() };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of the captured view_submission payload with its own view id and trigger id. */
export function submissionBody(template: string, tag: string): LoadRequest {
  const payload: unknown = JSON.parse(template);
  if (!isRecord(payload) || !isRecord(payload.view)) throw new Error('captured submission has no view');
  payload.view.id = `VB${tag}`;
  payload.trigger_id = `${Date.now()}.${randomBytes(6).toString('hex')}`;
  return {
    kind: 'view_submission',
    body: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
  };
}

/**
 * A copy of the captured task-modal submission with its own view id and its own task name (the Name input,
 * block and action `task_name`), so the tasks it creates can be counted by name.
 */
export function namedSubmissionBody(template: string, tag: string, name: string): LoadRequest {
  const payload: unknown = JSON.parse(template);
  if (!isRecord(payload) || !isRecord(payload.view)) throw new Error('captured submission has no view');
  const state = payload.view.state;
  const values = isRecord(state) ? state.values : undefined;
  const block = isRecord(values) ? values.task_name : undefined;
  const field = isRecord(block) ? block.task_name : undefined;
  if (!isRecord(field)) throw new Error('captured submission has no task_name input');
  field.value = name;
  payload.view.id = `VR${tag}`;
  payload.trigger_id = `${Date.now()}.${randomBytes(6).toString('hex')}`;
  return {
    kind: 'view_submission',
    tag: name,
    body: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
  };
}

/** Half view submissions, half commands (rotating through BENCH_COMMANDS). */
export function mixedRequest(
  ws: Workspace,
  template: string,
  urls: string[],
  run: string,
  i: number,
): LoadRequest {
  if (i % 2 === 0) return submissionBody(template, `${run}-${i}`);
  const k = (i - 1) / 2;
  const c = BENCH_COMMANDS[k % BENCH_COMMANDS.length] ?? BENCH_COMMANDS[0];
  return commandBody(ws, c.command, c.text, urls[k % Math.max(1, urls.length)] ?? '');
}
