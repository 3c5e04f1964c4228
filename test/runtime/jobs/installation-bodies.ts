/**
 * Slack bodies as each surface sends them, for the tests of deleting a removed installation's jobs (issue 39):
 * workspace T1; T2 and T3 through organisation E1's org-wide install; T4 in E1 with an installation of its own;
 * T9 elsewhere.
 */
import { laneOf } from '../../../src/runtime/jobs/lanes.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';

export const BODIES = {
  /** A slash command in workspace T1 (form fields: the flag is text). */
  commandT1: { command: '/task', text: 'list', team_id: 'T1', user_id: 'UA', is_enterprise_install: 'false' },
  /** An event in T1, its installation in `authorizations`. */
  eventT1: {
    type: 'event_callback',
    team_id: 'T1',
    event: { type: 'app_home_opened', user: 'UB' },
    authorizations: [{ enterprise_id: null, team_id: 'T1', is_enterprise_install: false }],
  },
  /** A command in T2, a workspace of E1, through E1's org-wide install. */
  commandT2: {
    command: '/task',
    team_id: 'T2',
    enterprise_id: 'E1',
    user_id: 'UC',
    is_enterprise_install: 'true',
  },
  /** A button in T3, another workspace of E1. */
  actionT3: {
    type: 'block_actions',
    team: { id: 'T3', domain: 't3', enterprise_id: 'E1' },
    enterprise: { id: 'E1', name: 'Org' },
    user: { id: 'UD', team_id: 'T3' },
    is_enterprise_install: true,
  },
  /** An event in T2 through the org-wide install: authorised for the organisation, no team. */
  eventT2: {
    type: 'event_callback',
    team_id: 'T2',
    enterprise_id: 'E1',
    event: { type: 'app_home_opened', user: 'UC' },
    authorizations: [{ enterprise_id: 'E1', team_id: null, is_enterprise_install: true }],
  },
  /** T4 is in organisation E1 but has an installation of its own. */
  commandT4: {
    command: '/task',
    team_id: 'T4',
    enterprise_id: 'E1',
    user_id: 'UE',
    is_enterprise_install: 'false',
  },
  /** Another workspace, whose text names T1 and E1. */
  commandT9: {
    command: '/task',
    text: 'T1 E1',
    team_id: 'T9',
    user_id: 'UX',
    is_enterprise_install: 'false',
  },
};
export type BodyName = keyof typeof BODIES;

export const jobOf = (id: string, name: BodyName): SlackJob => ({
  id,
  kind: name.startsWith('command') ? 'tasks.list' : 'home.opened',
  body: JSON.stringify(BODIES[name]),
  lane: laneOf(BODIES[name]),
  acceptedAt: Date.now(),
});
