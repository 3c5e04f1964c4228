/** Shapes of the directory service (sites, task statuses, people) that other features code against. */
import type { Assignee, Task } from '../monitoring/api.ts';

export interface SiteInfo {
  id: string;
  name: string;
  /** The site's platform feed channel (from data-source rows' `site.channelId`). */
  channelId: string | null;
  /** IANA zone of the site, from one of its data sources' full record; null when unknown. */
  timeZone: string | null;
}

export type SiteMatch =
  { kind: 'one'; site: SiteInfo } | { kind: 'many'; sites: SiteInfo[] } | { kind: 'none' };

export interface TaskStatusInfo {
  id: string;
  name: string;
}

export type PersonMatch =
  { kind: 'found'; assignee: Assignee } | { kind: 'no-email' } | { kind: 'no-match'; email: string };

export interface StatusLookup {
  /** The id for a status name (case- and space-insensitive); undefined when nobody has told us — never a guess. */
  idFor(name: string): string | undefined;
  nameFor(id: string): string | undefined;
  all(): TaskStatusInfo[];
}

export interface StatusDirectory extends StatusLookup {
  /** Records `{id, name}` pairs seen on tasks; true when something new was learned. */
  learn(tasks: Iterable<Pick<Task, 'status'>>): boolean;
  /** Loads pairs learned by other replicas (store), then scans GET /tasks once when a canonical status is unknown. */
  refresh(signal?: AbortSignal): Promise<void>;
}

/** What the people lookup needs of Slack's WebClient (users.info); the directory itself knows no Slack types. */
export interface SlackProfiles {
  users: { info(args: { user: string }): Promise<unknown> };
}

export interface PeopleDirectory {
  platformUserFor(client: SlackProfiles, slackUserId: string, signal?: AbortSignal): Promise<PersonMatch>;
  /** The Slack profile email of a user (cached); undefined when the profile shows none. */
  slackEmail(client: SlackProfiles, slackUserId: string): Promise<string | undefined>;
  learn(tasks: Iterable<Pick<Task, 'assignee'>>): boolean;
  /** A platform user already learned (from any replica), by id; undefined when not met yet. */
  byId(id: string): Promise<Assignee | undefined>;
}

export interface Directory {
  sites(signal?: AbortSignal): Promise<SiteInfo[]>;
  /** Drops the cached site list of one scope (a person connected another key, or disconnected). */
  forget(scope: string): void;
  /** `listener` is told of every forget(scope) in this process: other views kept per scope drop theirs too. */
  onForget(listener: (scope: string) => void): void;
  site(siteId: string, signal?: AbortSignal): Promise<SiteInfo | undefined>;
  resolveSite(text: string, signal?: AbortSignal): Promise<SiteMatch>;
  statuses: StatusDirectory;
  people: PeopleDirectory;
  /** Feeds tasks seen anywhere (lists, relay cycles) into the status and people registries. */
  learnFromTasks(tasks: readonly Pick<Task, 'status' | 'assignee'>[]): Promise<void>;
  /** A workspace left (issue 39): its statuses and people are forgotten and deleted from its store root. */
  removeWorkspace(workspace: string): Promise<void>;
}
