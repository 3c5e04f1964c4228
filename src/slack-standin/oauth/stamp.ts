/**
 * Requests from another workspace than the seeded one (issue 39): the driver builds every payload for the seeded
 * workspace, and this rewrites the workspace fields of what it sends — team, enterprise, is_enterprise_install,
 * the event's authorizations — as Slack would send them from the workspace in use. The seeded workspace's requests
 * are left byte for byte as they were.
 */
import { TEAM } from '../seed.ts';
import type { JsonObject } from '../types.ts';
import type { StandinWorkspace } from './workspaces.ts';

const FORM = 'application/x-www-form-urlencoded';
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function stampWorkspace(
  body: string,
  contentType: string | undefined,
  ws: StandinWorkspace,
  orgWide: boolean,
): string {
  if (ws.id === TEAM.id && !ws.enterprise) return body;
  const enterprise = ws.enterprise;
  if ((contentType ?? FORM) === FORM && !body.startsWith('payload=')) {
    const form = new URLSearchParams(body);
    if (!form.has('team_id')) return body;
    form.set('team_id', ws.id);
    form.set('team_domain', ws.domain);
    if (enterprise) {
      form.set('enterprise_id', enterprise.id);
      form.set('enterprise_name', enterprise.name);
    }
    form.set('is_enterprise_install', String(orgWide));
    return form.toString();
  }
  if (body.startsWith('payload=')) {
    const payload = JSON.parse(new URLSearchParams(body).get('payload') ?? '{}') as JsonObject;
    stampInteraction(payload, ws, orgWide);
    return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  }
  const envelope = JSON.parse(body) as JsonObject;
  stampEvent(envelope, ws, orgWide);
  return JSON.stringify(envelope);
}

function stampInteraction(payload: JsonObject, ws: StandinWorkspace, orgWide: boolean): void {
  const enterprise = ws.enterprise;
  payload.team = {
    id: ws.id,
    domain: ws.domain,
    ...(enterprise ? { enterprise_id: enterprise.id, enterprise_name: enterprise.name } : {}),
  };
  payload.enterprise = enterprise ? { id: enterprise.id, name: enterprise.name } : null;
  payload.is_enterprise_install = orgWide;
  if (isObject(payload.user) && payload.user.team_id === TEAM.id) payload.user.team_id = ws.id;
  if (isObject(payload.view)) {
    if (payload.view.team_id === TEAM.id) payload.view.team_id = ws.id;
    if (payload.view.app_installed_team_id === TEAM.id) payload.view.app_installed_team_id = ws.id;
  }
}

function stampEvent(envelope: JsonObject, ws: StandinWorkspace, orgWide: boolean): void {
  const enterprise = ws.enterprise;
  envelope.team_id = ws.id;
  envelope.context_team_id = ws.id;
  envelope.enterprise_id = enterprise?.id ?? null;
  envelope.context_enterprise_id = enterprise?.id ?? null;
  const auths = Array.isArray(envelope.authorizations) ? envelope.authorizations : [];
  envelope.authorizations = auths.map((a) =>
    isObject(a)
      ? {
          ...a,
          enterprise_id: enterprise?.id ?? null,
          // An org-wide installation is authorised for the organisation, not one of its workspaces.
          team_id: orgWide ? null : ws.id,
          is_enterprise_install: orgWide,
        }
      : a,
  );
  if (typeof envelope.event_context === 'string')
    envelope.event_context = envelope.event_context.replace(TEAM.id, ws.id);
  const event = envelope.event;
  if (isObject(event)) {
    if (event.team === TEAM.id) event.team = ws.id;
    if (event.user_team === TEAM.id) event.user_team = ws.id;
  }
}
