/**
 * The Slack stand-in: a loopback server that answers the Web API methods fieldline uses like Slack does, and
 * a driver that sends the app signed requests like Slack does. Used by tests, by local mode and by the web
 * console (which subscribes to `standin.state`'s `change` events and mounts its routes with `mount`).
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { BlockKitValidator, DEFAULT_SCHEMA_PATH } from './block-kit.ts';
import { Driver } from './driver.ts';
import { Injections } from './inject.ts';
import type { MethodContext } from './methods/context.ts';
import { newFile } from './methods/files.ts';
import { ResponseUrls, type ResponseUrlOrigin } from './response-url.ts';
import { APP_ID, BOT_USER_ID } from './seed.ts';
import { closeServer, createStandinServer, listen, type MountedHandler } from './server.ts';
import { SocketModeHub } from './socket-mode.ts';
import type { StandinSocketMode } from './socket-mode-types.ts';
import { StandinState } from './state.ts';
import type { SendResult } from './driver-transport.ts';
import { TriggerRegistry } from './triggers.ts';
import { FunctionRuns } from './functions.ts';
import { WebApiCheck, type SpecProblem } from './web-api-check.ts';
import { DEFAULT_WEB_API_SPEC_DIR, loadWebApiSpec } from './web-api-spec.ts';
import { authorizePages, createStandinWorkspaces, type StandinWorkspaces } from './oauth/index.ts';
import type {
  FileRequest,
  InjectRule,
  LocalChannel,
  LocalUser,
  RecordedCall,
  StoredFile,
  StoredMessage,
  StoredView,
} from './types.ts';

export * from './types.ts';
export { Driver, DriverError } from './driver.ts';
export type { DriverResult, BlockActionInput, SendResult, RawSend, ViewSubmissionResult } from './driver.ts';
export type { InputValue } from './view-state.ts';
export { validateBlocks, validateView, blockKitSchemaAvailable, BlockKitValidator } from './block-kit.ts';
export { StandinState } from './state.ts';
export { FunctionRuns, checkFunctionsManifest, checkOutputs, functionDefinitions } from './functions.ts';
export type { FunctionDefinition, FunctionParameter, FunctionRunView } from './functions.ts';
export { slackSignature } from './signing.ts';
export { TEAM, APP_ID, BOT_ID, BOT_USER_ID } from './seed.ts';
export type { MountedHandler } from './server.ts';
export type { ResponseUrlOrigin } from './response-url.ts';
export type { SpecProblem, SpecProblemKind } from './web-api-check.ts';
export { webApiSpecAvailable } from './web-api-spec.ts';
export { SocketDeliveryError } from './socket-mode-types.ts';
export { ORGANISATION, WORKSPACES } from './oauth/index.ts';
export type { StandinInstall, StandinWorkspace, StandinWorkspaces } from './oauth/index.ts';
export type {
  DisconnectReason,
  SentEnvelope,
  SocketConnectionInfo,
  SocketFailure,
  StandinSocketMode,
} from './socket-mode-types.ts';

export interface StandinOptions {
  port?: number;
  host?: string;
  /** generated when absent (read it back from `standin.signingSecret`) */
  signingSecret?: string;
  /** generated when absent (`xoxb-…`; read it back from `standin.botToken`) */
  botToken?: string;
  /** where the app's Request URL is: a base URL (`/slack/events` is appended) or the full endpoint URL */
  appUrl?: string;
  /** Block Kit JSON Schema file; default ../shared/slack/slack-block-kit.schema.json; false = limits only */
  blockKitSchemaPath?: string | false;
  /**
   * Slack's Web API spec folder (OpenAPI file + supplement) to check every call's arguments against; default
   * ../shared/slack/web-api-spec when it exists; false = no check (see web-api-check.ts)
   */
  webApiSpecDir?: string | false;
  log?: Logger;
  /** epoch ms; drives trigger_id expiry, response_url expiry and message ts (signing always uses the wall clock) */
  clock?: () => number;
  /** how long the driver waits for the app (Slack gives up after 3 s; `tooSlow` flags that) */
  driverTimeoutMs?: number;
  /** the app-level token (`xapp-…`) apps.connections.open takes; generated when absent */
  appToken?: string;
  /** the app is in Socket Mode: the driver sends envelopes over its connections, not to the Request URL */
  socketMode?: boolean;
  /** how long a Socket Mode connection asked to go may stay before the stand-in closes it (default 10 s) */
  socketRetireGraceMs?: number;
  /**
   * OAuth v2 (issue 39): the app's client id and secret. The stand-in then offers several workspaces and an
   * organisation to install in (GET /oauth/v2/authorize), answers oauth.v2.access, and accepts every token it
   * issued; `tokenLifetimeSeconds` turns token rotation on.
   */
  oauth?: { clientId: string; clientSecret: string; tokenLifetimeSeconds?: number };
  /** The app manifest whose `functions` (custom steps) the stand-in runs; default: manifest.yml of the checkout. */
  manifestPath?: string;
  /** The official manifest schema the `functions` are checked against; default ../shared/slack/manifest-schema. */
  manifestSchemaPath?: string;
}

export interface AddFileInput {
  name: string;
  content: Buffer | string;
  title?: string;
  mimetype?: string;
  /** author; default the first local user */
  user?: string;
}

export interface AddMessageInput {
  channel: string;
  text: string;
  /** author; default the first local user */
  user?: string;
  thread_ts?: string;
  blocks?: unknown[];
  /** ids of files (from addFile) attached to the message */
  files?: string[];
}

export interface Standin {
  /** Web API base ending with `/api/` — pass as WebClient's slackApiUrl */
  apiUrl: string;
  /** `http://127.0.0.1:<port>/` */
  baseUrl: string;
  port: number;
  signingSecret: string;
  botToken: string;
  /** the app-level token for apps.connections.open (Socket Mode) */
  appToken: string;
  socketMode: StandinSocketMode;
  botUserId: string;
  /** whether calls are checked against Slack's published Web API arguments (the spec folder was found) */
  checksWebApiSpec: boolean;
  /**
   * calls outside Slack's published spec since the start (reset() keeps them): undocumented methods and
   * arguments, bad types, missing ones
   */
  specProblems(): SpecProblem[];
  /** live list of every Web API call (and `response_url` / `upload` uses) */
  calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  messages(channel?: string): StoredMessage[];
  views(): StoredView[];
  /** the current version of a view by id */
  view(id: string): StoredView | undefined;
  /** uploaded and seeded files (StoredFile.content holds the bytes) */
  uploads(): StoredFile[];
  /** requests for url_private / url_private_download, with their headers */
  fileRequests(): FileRequest[];
  inject(rule: InjectRule): void;
  clearInjections(): void;
  /** back to the seeded workspace (users, channels), clearing messages, views, files, records, injections */
  reset(): void;
  addFile(input: AddFileInput): StoredFile;
  addMessage(input: AddMessageInput): StoredMessage;
  addUser(user: LocalUser): LocalUser;
  /** adds or replaces a conversation; without `members` it keeps those of the one it replaces */
  addChannel(channel: LocalChannel): LocalChannel;
  /** who is in a conversation, as conversations.members lists them (its people, then the bot when it is in) */
  members(channel: string): string[];
  /** a person joins a conversation (the bot's user id: the bot joins) — as in Slack, not a Web API call */
  addMember(channel: string, user: string): LocalChannel;
  /** a person leaves a conversation (the bot's user id: the bot leaves) */
  removeMember(channel: string, user: string): LocalChannel;
  users: LocalUser[];
  channels: LocalChannel[];
  /** the state store; emits `change` (StandinChange) for every call, message, view, file, user, channel */
  state: StandinState;
  driver: Driver;
  /** Custom steps: the manifest's `functions` and their runs (./functions.ts). */
  functions: FunctionRuns;
  setAppUrl(url: string): void;
  /** a fresh trigger_id for this user (what the driver puts in each request): valid once, for 3 s */
  issueTriggerId(user: string): string;
  /** a response_url served by the stand-in, posting into `origin.channel` (replace/delete act on messageTs) */
  issueResponseUrl(origin: ResponseUrlOrigin): string;
  /** extra HTTP handlers (the web console); tried in order for requests the stand-in does not serve itself */
  mount(handler: MountedHandler): void;
  /** With `oauth`: the workspaces, which one requests come from, the installations (issue 39). */
  workspaces?: StandinWorkspaces;
  /** With `oauth`: the authorize URL (Add to Slack goes there). */
  authorizeUrl?: string;
  /** With `oauth`: revokes the installation's tokens and sends the app `app_uninstalled`, as Slack does. */
  uninstall(key: string): Promise<SendResult>;
  close(): Promise<void>;
}

export async function startStandin(opts: StandinOptions = {}): Promise<Standin> {
  const now = opts.clock ?? Date.now;
  const signingSecret = opts.signingSecret ?? randomBytes(16).toString('hex');
  const botToken = opts.botToken ?? `xoxb-standin-${randomBytes(12).toString('hex')}`;
  const host = opts.host ?? '127.0.0.1';
  let baseUrl = '';
  let appUrl = opts.appUrl;
  const state = new StandinState(now);
  const functions = new FunctionRuns(now, opts.manifestPath, opts.manifestSchemaPath);
  const ctx: MethodContext = {
    functions,
    state,
    triggers: new TriggerRegistry(now),
    validator: new BlockKitValidator(opts.blockKitSchemaPath ?? DEFAULT_SCHEMA_PATH),
    baseUrl: () => baseUrl,
    now,
  };
  const injections = new Injections(now);
  const spec =
    opts.webApiSpecDir === false ? undefined : loadWebApiSpec(opts.webApiSpecDir ?? DEFAULT_WEB_API_SPEC_DIR);
  const check = spec ? new WebApiCheck(spec, opts.log) : undefined;
  const urls = new ResponseUrls(now);
  const mounted: MountedHandler[] = [];
  const workspaces = opts.oauth ? createStandinWorkspaces({ ...opts.oauth, botToken, now }) : undefined;
  // The app's redirect URL when a request names none: where its events go, at /slack/oauth_redirect.
  const appRedirect = () => (appUrl ? new URL('/slack/oauth_redirect', appUrl).toString() : undefined);
  if (workspaces) mounted.push(authorizePages(workspaces.oauth, appRedirect));
  const driverTimeoutMs = opts.driverTimeoutMs ?? 30_000;
  const socket = new SocketModeHub({
    appToken: opts.appToken ?? `xapp-1-${APP_ID}-1-${randomBytes(16).toString('hex')}`,
    botToken,
    enabled: opts.socketMode === true,
    wsBase: () => baseUrl.replace(/^http/, 'ws'),
    ackTimeoutMs: driverTimeoutMs,
    ...(opts.socketRetireGraceMs !== undefined ? { retireGraceMs: opts.socketRetireGraceMs } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const server = createStandinServer({
    ctx,
    injections,
    botToken,
    urls,
    mounted,
    socket,
    ...(workspaces ? { workspaces } : {}),
    ...(check ? { spec: check } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  socket.attach(server);
  const port = await listen(server, opts.port ?? 0, host);
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  const driver = new Driver({
    ctx,
    urls,
    state,
    signingSecret,
    appUrl: () => appUrl,
    now,
    timeoutMs: driverTimeoutMs,
    socket,
    ...(workspaces ? { stamp: workspaces.stamp } : {}),
  });

  return {
    apiUrl: `${baseUrl}api/`,
    baseUrl,
    port,
    signingSecret,
    botToken,
    appToken: socket.appToken,
    socketMode: socket,
    botUserId: BOT_USER_ID,
    checksWebApiSpec: check !== undefined,
    specProblems: () => [...(check?.problems ?? [])],
    calls: state.calls,
    callsTo: (method) => state.calls.filter((c) => c.method === method),
    messages: (channel) => state.messages(channel),
    views: () => state.views(),
    view: (id) => state.view(id),
    uploads: () => state.files(),
    fileRequests: () => [...state.fileRequests],
    inject: (rule) => injections.add(rule),
    clearInjections: () => injections.clear(),
    reset: () => {
      injections.clear();
      functions.reset();
      state.reset();
    },
    addFile: (input) => {
      const content = typeof input.content === 'string' ? Buffer.from(input.content) : input.content;
      const file = newFile(ctx, {
        name: input.name,
        content,
        user: input.user ?? state.users[0]?.id ?? BOT_USER_ID,
        ...(input.title ? { title: input.title } : {}),
        ...(input.mimetype ? { mimetype: input.mimetype } : {}),
      });
      return state.putFile(file, 'add');
    },
    addMessage: (input) => {
      if (!state.channel(input.channel)) throw new Error(`unknown stand-in channel ${input.channel}`);
      // As in Slack, a file on a message is shared in that conversation (files.info lists it there).
      for (const id of input.files ?? []) {
        const file = state.file(id);
        if (file && !file.channels.includes(input.channel)) file.channels.push(input.channel);
      }
      return state.addMessage({
        channel: input.channel,
        ts: state.nextTs(),
        user: input.user ?? state.users[0]?.id ?? BOT_USER_ID,
        text: input.text,
        via: 'seed',
        ...(input.thread_ts ? { thread_ts: input.thread_ts } : {}),
        ...(input.blocks ? { blocks: input.blocks } : {}),
        ...(input.files ? { files: input.files } : {}),
      });
    },
    addUser: (user) => state.addUser(user),
    addChannel: (channel) => state.addChannel(channel),
    members: (channel) => state.members(channel),
    addMember: (channel, user) => state.addMember(channel, user),
    removeMember: (channel, user) => state.removeMember(channel, user),
    users: state.users,
    channels: state.channels,
    state,
    driver,
    functions,
    setAppUrl: (url) => {
      appUrl = url;
    },
    issueTriggerId: (user) => ctx.triggers.issue(user),
    issueResponseUrl: (origin) => urls.issue(baseUrl, origin),
    mount: (handler) => {
      mounted.push(handler);
    },
    ...(workspaces ? { workspaces, authorizeUrl: `${baseUrl}oauth/v2/authorize` } : {}),
    uninstall: (key) => {
      if (!workspaces) throw new Error('the stand-in was started without oauth');
      const eventId = `Ev${randomBytes(5).toString('hex').toUpperCase()}`;
      const body = workspaces.uninstall(key, eventId, now());
      return driver.raw({ body, contentType: 'application/json' });
    },
    close: async () => {
      await socket.close();
      await closeServer(server);
    },
  };
}
