/**
 * One audit entry (issue 42): who did what, where and when, through fieldline — never a secret (no key, token or
 * text typed by the person: ids, a kind, field names and counts only).
 */

/** What was done. Platform writes, then configuration changes made in Slack. */
export const AUDIT_KINDS = [
  'task.created',
  'task.changed',
  'reading.written',
  'import.started',
  'post.created',
  'file.uploaded',
  'device.status',
  'subscription.changed',
  'schedule.changed',
  'key.connected',
  'key.removed',
  'connection.changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who and where, from the request being handled (or the relay, acting for nobody). */
export interface AuditWho {
  actor: 'person' | 'relay' | 'system';
  /** The Slack user id of the person acting. */
  slackUser: string | null;
  /** The platform user their key belongs to, when fieldline knows it. */
  platformUser: string | null;
  /** The installation (src/kit/workspace.ts's WorkspaceKey): whose trail this entry is kept in. */
  workspace: string | null;
  /** The Slack conversation the request came from. */
  channel: string | null;
}

/** What the caller knows of the change. */
export interface AuditWhat {
  /** The platform's id of what was written (task id, meter id, post id, upload name, device id). */
  platformId?: string | null;
  /** The platform site, when known (tasks, uploads, subscriptions): `/monitor audit <site>` filters on it. */
  site?: string | null;
  /** Short and free of secrets and typed text: field names, a count, an error code. */
  detail?: string;
  /** Overrides the request's conversation (a subscription is about the channel it was typed in). */
  channel?: string | null;
}

export interface AuditEntry extends AuditWho {
  /** ISO 8601, UTC. */
  at: string;
  kind: AuditKind;
  outcome: 'ok' | 'failed';
  platformId: string | null;
  site: string | null;
  detail: string | null;
}
