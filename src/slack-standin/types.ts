/**
 * Shapes the stand-in stores and records. Plain data so a test (or the web console) can read them as-is.
 * The stand-in shares no types with the app's Slack code on purpose: it is an independent reading of Slack.
 */

export type JsonObject = Record<string, unknown>;

/** One Web API call as the stand-in saw it. `args` are the decoded body fields (JSON strings parsed). */
export interface RecordedCall {
  method: string;
  args: JsonObject;
  response: JsonObject;
  status: number;
  /** epoch ms (stand-in clock) */
  at: number;
}

export interface StoredFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  filetype: string;
  size: number;
  user: string;
  created: number;
  /** the bytes as received (upload) or seeded (addFile) */
  content: Buffer;
  url_private: string;
  url_private_download: string;
  permalink: string;
  alt_text?: string;
  /** false until files.completeUploadExternal (uploads) */
  completed: boolean;
  channels: string[];
  /** where the file was shared, as files.info reports it: { public|private: { [channel]: [{ ts, thread_ts? }] } } */
  shares?: Record<string, Record<string, JsonObject[]>>;
}

export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  /** user id of the author (bot user for app messages) */
  user: string;
  bot_id?: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  files?: string[];
  /** set for chat.postEphemeral / ephemeral response_url replies: the only user who sees it */
  ephemeralTo?: string;
  /** where it came from: Web API method, response_url, or seeded */
  via: string;
  edited?: { ts: string };
  metadata?: unknown;
  reply_broadcast?: boolean;
  /** Posted with a custom step run's token: its buttons come back with the run's function_data. */
  functionExecution?: string;
}

export type ViewType = 'modal' | 'home';

export interface StoredView {
  id: string;
  hash: string;
  type: ViewType;
  team_id: string;
  app_id: string;
  bot_id: string;
  /** the user the view is shown to */
  user: string;
  callback_id: string;
  private_metadata: string;
  external_id: string;
  title?: JsonObject;
  submit?: JsonObject;
  close?: JsonObject;
  blocks: JsonObject[];
  clear_on_close: boolean;
  notify_on_close: boolean;
  submit_disabled?: boolean;
  root_view_id: string;
  previous_view_id: string | null;
  state: { values: Record<string, Record<string, JsonObject>> };
  /** field errors shown under inputs after `response_action: errors` (block_id → message); cleared on update */
  errors?: Record<string, string>;
  /** false once closed, cleared or replaced by a newer home view */
  open: boolean;
}

export interface LocalUser {
  id: string;
  name: string;
  real_name: string;
  /** undefined = a user whose profile has no email (e.g. a guest without the users:read.email view) */
  email?: string;
  tz: string;
  is_bot?: boolean;
  deleted?: boolean;
  /** Workspace guest (multi-channel) and single-channel guest. */
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_admin?: boolean;
  is_owner?: boolean;
  /** The person's own workspace when it is not the stand-in's (a Slack Connect partner). */
  team_id?: string;
}

/** A Slack user group (usergroups.list / usergroups.users.list). */
export interface LocalUsergroup {
  id: string;
  handle: string;
  name: string;
  users: string[];
}

export interface LocalChannel {
  id: string;
  name: string;
  is_private: boolean;
  is_im: boolean;
  /** whether the app's bot user is a member (conversations.join and `/invite @app` set it) */
  is_member: boolean;
  /**
   * The people in the conversation, without the app's bot user (that is `is_member`): what conversations.members
   * lists, and what the web console shows a person. Absent when adding a channel: kept from the channel it
   * replaces, else nobody (a DM: its user).
   */
  members?: string[];
  /** for DMs: the other user */
  user?: string;
  /** A Slack Connect channel, shared with another organisation. */
  is_ext_shared?: boolean;
}

export interface InjectRule {
  /** Web API method (`chat.postMessage`), `upload`, `response_url`, `file_download` or `*` */
  method: string;
  channel?: string;
  /** Slack error code to answer with; defaults to `ratelimited` for status 429 */
  error?: string;
  /** HTTP status; defaults to 429 when error is `ratelimited` or unset, else 200 */
  status?: number;
  retryAfterSeconds?: number;
  /** how many calls it applies to; default 1. Use Infinity until clearInjections(). */
  times?: number;
  /** enforce Slack's per-channel posting rate instead of failing every call: at most N calls/s per channel */
  perChannelPerSecond?: number;
  /**
   * a Slack that answers late: wait this long before answering; with no `error` / `status` the call then runs
   * as usual (only Web API methods)
   */
  delayMs?: number;
}

/** A request for a file's url_private / url_private_download, kept with its headers for assertions. */
export interface FileRequest {
  fileId: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  at: number;
}

/** What the stand-in emits on its state's `change` event (for the web console and waitFor helpers). */
export type StandinChange =
  | { kind: 'call'; call: RecordedCall }
  | { kind: 'message'; action: 'add' | 'update' | 'delete'; message: StoredMessage }
  | { kind: 'view'; action: 'open' | 'update' | 'push' | 'close' | 'publish'; view: StoredView }
  | { kind: 'file'; action: 'add' | 'upload' | 'complete' | 'download'; file: StoredFile }
  | { kind: 'user'; user: LocalUser }
  | { kind: 'channel'; channel: LocalChannel }
  | { kind: 'app-request'; request: AppRequestRecord }
  | { kind: 'reset' };

/** One request the driver sent to the app, with the app's answer. */
export interface AppRequestRecord {
  kind: string;
  body: string;
  status: number;
  response: unknown;
  at: number;
}
