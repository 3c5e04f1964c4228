/**
 * Leaving cleanly (issue 39): the jobs still waiting for an installation that was removed are deleted from the
 * queue, bodies and all (in Redis they would otherwise sit there until they ran), instead of only being dropped
 * when they run (src/installs/slack/uninstall-events.ts keeps that guard for the jobs already running).
 *
 * Which installation a job is for is read from its Slack body as Bolt's authorize reads it: an event names it in
 * `authorizations[0]`, a command in flat fields (`is_enterprise_install` is the text "true"), an interaction in
 * `team` / `enterprise` objects. An org-wide install's key is its enterprise id, any other its team id
 * (../../kit/workspace.ts).
 */
import type { Logger } from '../../base/log.ts';
import { workspaceKeyOf, type InstallationIds, type WorkspaceKey } from '../../kit/workspace.ts';
import type { JobQueue } from './job-queue.ts';
import type { SlackJob } from './slack-job.ts';

type Json = Record<string, unknown>;
const rec = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const flag = (v: unknown) =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

/** The installation ids a Slack body carries (events, commands, interactions). */
export function installationIdsOfBody(body: unknown): InstallationIds {
  const b = rec(body);
  const auth = rec(Array.isArray(b.authorizations) ? b.authorizations[0] : undefined);
  const team = rec(b.team);
  return {
    teamId:
      str(auth.team_id) ??
      str(b.team_id) ??
      str(team.id) ??
      str(rec(b.user).team_id) ??
      str(rec(b.view).team_id),
    enterpriseId:
      str(auth.enterprise_id) ?? str(b.enterprise_id) ?? str(rec(b.enterprise).id) ?? str(team.enterprise_id),
    isEnterpriseInstall: flag(auth.is_enterprise_install) ?? flag(b.is_enterprise_install),
  };
}

/**
 * Whether a job is one of installation `key`'s: its body's installation key is `key`; or `key` is its
 * organisation's and the body does not say whether an org-wide install served it (then the organisation's serves
 * a workspace without one of its own). A workspace of the organisation with its own installation is not touched.
 */
export function jobOfInstallation(key: WorkspaceKey): (job: SlackJob) => boolean {
  return (job) => {
    // Cheap first: a body that never names the key is not its installation's (most of a full queue, unparsed).
    if (!job.body.includes(key)) return false;
    let body: unknown;
    try {
      body = JSON.parse(job.body);
    } catch {
      return false;
    }
    const ids = installationIdsOfBody(body);
    if (workspaceKeyOf(ids) === key) return true;
    return ids.isEnterpriseInstall === undefined && ids.enterpriseId === key;
  };
}

/** An installs `onRemoved` handler (wired by the composition root): deletes the installation's waiting jobs. */
export async function removeInstallationJobs(queue: JobQueue, key: WorkspaceKey, log: Logger): Promise<void> {
  const removed = await queue.removeWaiting(jobOfInstallation(key));
  log.info({ workspace: key, removed }, 'installation removed: its waiting jobs are deleted');
}
