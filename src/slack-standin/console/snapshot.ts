/**
 * The JSON the browser sees: the workspace (users, channels), messages with their files resolved to
 * console-served URLs (url_private needs the bot token, which never reaches the browser), views, and the
 * manifest's commands and shortcuts. Also the per-change payload of the live event stream.
 */
import type { StandinState } from '../state.ts';
import type { JsonObject, StandinChange, StoredFile, StoredMessage, StoredView } from '../types.ts';
import type { ConsoleManifest } from './manifest.ts';

export const FILE_PREFIX = '/console/files/';

export interface ConsoleFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  size: number;
  url: string;
}

export type ConsoleMessage = Omit<StoredMessage, 'files'> & { files?: ConsoleFile[] };

export function consoleFile(f: StoredFile): ConsoleFile {
  return {
    id: f.id,
    name: f.name,
    title: f.title,
    mimetype: f.mimetype,
    size: f.size,
    url: `${FILE_PREFIX}${encodeURIComponent(f.id)}`,
  };
}

export function consoleMessage(state: StandinState, m: StoredMessage): ConsoleMessage {
  const { files, ...rest } = m;
  if (!files) return { ...rest };
  return {
    ...rest,
    files: files.flatMap((id) => {
      const f = state.file(id);
      return f ? [consoleFile(f)] : [];
    }),
  };
}

/** The browser tab a modal shows in (./owners.ts): a tab id, or null for every tab of its person. */
export type TabOf = (view: StoredView) => string | null;

const withTab = (view: StoredView, tabOf: TabOf) => ({ ...view, tab: tabOf(view) });

export function snapshot(
  state: StandinState,
  manifest: ConsoleManifest,
  tabOf: TabOf,
  origin: string,
): JsonObject {
  return {
    // The stand-in's own address: links the app builds from it (permalinks) open in this page, on its host.
    origin,
    users: state.users.filter((u) => !u.deleted),
    channels: state.channels,
    messages: state.messages().map((m) => consoleMessage(state, m)),
    // Closed views are left out: nothing shows them.
    views: state
      .views()
      .filter((v) => v.open)
      .map((v) => withTab(v, tabOf)),
    manifest,
  };
}

/** The live event for one state change, or undefined for changes the page does not show (calls, requests). */
export function changeEvent(
  state: StandinState,
  change: StandinChange,
  tabOf: TabOf,
): JsonObject | undefined {
  switch (change.kind) {
    case 'message':
      return { kind: 'message', action: change.action, message: consoleMessage(state, change.message) };
    case 'view':
      return { kind: 'view', action: change.action, view: withTab(change.view, tabOf) };
    case 'user':
      return { kind: 'user', user: change.user };
    case 'channel':
      return { kind: 'channel', channel: change.channel };
    case 'file':
      // A completed upload is shared into messages that are emitted separately; nothing to show on its own.
      return undefined;
    case 'reset':
      return { kind: 'reset' };
    default:
      return undefined;
  }
}
