/**
 * What a task made from an alert message starts with: the device, its site and — for a critical alert — a High
 * priority. Used by the parent's Create task button and, through the composition root, by the "Create task from
 * message" shortcut on an alert message (the tasks feature never imports alerts). Prefill only: the submission
 * is checked with the person's own key like any other.
 */
import type { TaskPrefill } from '../../tasks/index.ts';
import { TASK_TYPE } from '../../monitoring/api.ts';
import { alertStore } from '../engine/alert-store.ts';
import { incidentFromAlert } from '../render/incident-message.ts';
import { ACTIONS_BLOCK } from '../render/alert-message.ts';
import type { IncidentView, MessageRecord } from '../rules/model.ts';
import { suggestedPriority } from '../rules/task-priority.ts';
import { relayRoot, type RelayRootDeps } from './relay-root.ts';

/** The incident an alert parent shows, when its record is one. */
export function incidentOf(rec: MessageRecord | undefined): IncidentView | undefined {
  if (rec?.view.type === 'incident') return rec.view.incident;
  if (rec?.view.type === 'alert') return incidentFromAlert(rec.view.alert);
  return undefined;
}

/** The device, its site and the suggested priority of an incident, as the task modal's prefill. */
export function incidentTaskFacts(inc: IncidentView): TaskPrefill {
  const priorityId = suggestedPriority(inc.severity);
  return {
    typeId: TASK_TYPE.device,
    deviceId: inc.sourceId,
    deviceName: inc.sourceName,
    siteId: inc.siteId,
    ...(inc.siteName ? { siteName: inc.siteName } : {}),
    ...(priorityId ? { priorityId } : {}),
  };
}

/** The subject an incident parent's action row names (its block_id), if the message has one. */
function subjectIn(blocks: unknown): string | undefined {
  if (!Array.isArray(blocks)) return undefined;
  for (const block of blocks as { block_id?: unknown }[]) {
    const id = typeof block?.block_id === 'string' ? block.block_id : '';
    if (id.startsWith(ACTIONS_BLOCK.incident)) return id.slice(ACTIONS_BLOCK.incident.length);
  }
  return undefined;
}

/**
 * For a message shortcut: the alert facts of `message` when it is an incident parent fieldline posted in
 * `channel` — found by the record of that channel whose message is this very one (its ts), never by what the
 * message's blocks claim alone.
 */
export async function alertTaskPrefill(
  deps: RelayRootDeps,
  channel: string,
  message: { ts: string; blocks?: unknown },
): Promise<TaskPrefill | undefined> {
  const subject = subjectIn(message.blocks);
  if (!subject) return undefined;
  const rec = await alertStore(await relayRoot(deps)).message(channel, subject);
  if (!rec || rec.ts !== message.ts) return undefined;
  const inc = incidentOf(rec);
  return inc ? incidentTaskFacts(inc) : undefined;
}
