/**
 * The workspaces the stand-in offers to install fieldline in (issue 39): the seeded one, another one on its own,
 * and an Enterprise Grid organisation with two workspaces. The same people and channels appear in each (the
 * stand-in keeps one directory); what differs is the workspace a request comes from and the token it needs.
 */
import { TEAM } from '../seed.ts';

export interface Organisation {
  id: string;
  name: string;
}

export interface StandinWorkspace {
  id: string;
  name: string;
  domain: string;
  enterprise?: Organisation;
}

export const ORGANISATION: Organisation = { id: 'E0ACME', name: 'Acme Manufacturing' };

export const WORKSPACES: readonly StandinWorkspace[] = [
  { id: TEAM.id, name: TEAM.name, domain: TEAM.domain },
  { id: 'T0SOUTH', name: 'South Plant', domain: 'south-plant' },
  { id: 'T0LYON', name: 'Acme Lyon', domain: 'acme-lyon', enterprise: ORGANISATION },
  { id: 'T0PORTO', name: 'Acme Porto', domain: 'acme-porto', enterprise: ORGANISATION },
];

export const workspaceById = (id: string): StandinWorkspace | undefined =>
  WORKSPACES.find((w) => w.id === id);

/** An installation: a workspace (team id) or a whole organisation (enterprise id), as fieldline keys them. */
export interface StandinInstall {
  key: string;
  teamId?: string;
  enterpriseId?: string;
  isEnterpriseInstall: boolean;
}
