/**
 * The stand-in's workspace state: users, channels, messages (incl. threads and ephemerals), views, files,
 * recorded calls. Every change is emitted on `change` so a web console (or a test) can follow along without
 * polling. Pure in-memory; the HTTP layer and the Web API methods only go through this class.
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { BOT_USER_ID, seedChannels, seedUsers, seedUsergroups } from './seed.ts';
import type {
  AppRequestRecord,
  FileRequest,
  LocalChannel,
  LocalUser,
  RecordedCall,
  StandinChange,
  StoredFile,
  StoredMessage,
  StoredView,
  LocalUsergroup,
} from './types.ts';

export class StandinState extends EventEmitter {
  readonly users: LocalUser[] = seedUsers();
  readonly usergroups: LocalUsergroup[] = seedUsergroups();
  readonly channels: LocalChannel[] = seedChannels();
  readonly calls: RecordedCall[] = [];
  readonly fileRequests: FileRequest[] = [];
  readonly appRequests: AppRequestRecord[] = [];
  private readonly messagesByChannel = new Map<string, StoredMessage[]>();
  private readonly viewsById = new Map<string, StoredView>();
  private readonly filesById = new Map<string, StoredFile>();
  private lastTsMicros = 0;
  private idCounter = 0;

  constructor(readonly now: () => number) {
    super();
  }

  /** Back to the seeded workspace: no messages, views, files or records. Arrays keep their identity. */
  reset(): void {
    this.users.splice(0, this.users.length, ...seedUsers());
    this.usergroups.splice(0, this.usergroups.length, ...seedUsergroups());
    this.channels.splice(0, this.channels.length, ...seedChannels());
    for (const list of [this.calls, this.fileRequests, this.appRequests]) list.length = 0;
    this.messagesByChannel.clear();
    this.viewsById.clear();
    this.filesById.clear();
    this.emitChange({ kind: 'reset' });
  }

  emitChange(change: StandinChange): void {
    this.emit('change', change);
  }

  /** Slack-style ids: prefix + 10 upper-case alphanumerics, unique within this stand-in. */
  newId(prefix: string): string {
    this.idCounter += 1;
    const counter = this.idCounter.toString(36).toUpperCase().padStart(4, '0');
    return `${prefix}0${counter}${randomBytes(3).toString('hex').toUpperCase()}`;
  }

  /** Message timestamps are unique, increasing "seconds.micros" strings like Slack's. */
  nextTs(): string {
    const micros = Math.max(this.now() * 1000, this.lastTsMicros + 1);
    this.lastTsMicros = micros;
    const seconds = Math.floor(micros / 1_000_000);
    return `${seconds}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  // users & channels

  user(id: string): LocalUser | undefined {
    return this.users.find((u) => u.id === id);
  }

  addUser(user: LocalUser): LocalUser {
    replaceOrAppend(this.users, user);
    this.emitChange({ kind: 'user', user });
    return user;
  }

  channel(id: string): LocalChannel | undefined {
    return this.channels.find((c) => c.id === id);
  }

  /** Adds or replaces a conversation; without `members` it keeps those of the one it replaces. */
  addChannel(channel: LocalChannel): LocalChannel {
    const members = channel.members ?? this.channel(channel.id)?.members ?? defaultMembers(channel);
    const stored = { ...channel, members: [...new Set(members)].filter((id) => id !== BOT_USER_ID) };
    replaceOrAppend(this.channels, stored);
    this.emitChange({ kind: 'channel', channel: stored });
    return stored;
  }

  /** Who is in a conversation, as conversations.members lists them: its people, then the bot when it is in. */
  members(channelId: string): string[] {
    const channel = this.channel(channelId);
    if (!channel) return [];
    return [...(channel.members ?? []), ...(channel.is_member ? [BOT_USER_ID] : [])];
  }

  /** A person joins (or is invited to) a conversation; the bot's user id sets `is_member`. */
  addMember(channelId: string, userId: string): LocalChannel {
    return this.changeMembers(channelId, userId, true);
  }

  /** A person leaves (or is removed from) a conversation; the bot's user id clears `is_member`. */
  removeMember(channelId: string, userId: string): LocalChannel {
    return this.changeMembers(channelId, userId, false);
  }

  private changeMembers(channelId: string, userId: string, member: boolean): LocalChannel {
    const channel = this.channel(channelId);
    if (!channel) throw new Error(`unknown stand-in channel ${channelId}`);
    if (userId === BOT_USER_ID) return this.addChannel({ ...channel, is_member: member });
    const now = channel.members ?? [];
    const members = member
      ? now.includes(userId)
        ? now
        : [...now, userId]
      : now.filter((id) => id !== userId);
    return this.addChannel({ ...channel, members });
  }

  /** The DM channel between the bot and a user, created on first use (chat.postMessage with a user id). */
  dmWith(userId: string): LocalChannel {
    const found = this.channels.find((c) => c.is_im && c.user === userId);
    if (found) return found;
    return this.addChannel({
      id: `D${userId.slice(1)}`,
      name: userId,
      is_private: true,
      is_im: true,
      is_member: true,
      user: userId,
    });
  }

  // messages

  messages(channel?: string): StoredMessage[] {
    if (channel !== undefined) return [...(this.messagesByChannel.get(channel) ?? [])];
    return [...this.messagesByChannel.values()].flat().sort((a, b) => Number(a.ts) - Number(b.ts));
  }

  message(channel: string, ts: string): StoredMessage | undefined {
    return this.messagesByChannel.get(channel)?.find((m) => m.ts === ts);
  }

  addMessage(message: StoredMessage): StoredMessage {
    const list = this.messagesByChannel.get(message.channel) ?? [];
    list.push(message);
    this.messagesByChannel.set(message.channel, list);
    this.emitChange({ kind: 'message', action: 'add', message });
    return message;
  }

  updateMessage(channel: string, ts: string, patch: Partial<StoredMessage>): StoredMessage | undefined {
    const found = this.message(channel, ts);
    if (!found) return undefined;
    Object.assign(found, patch);
    this.emitChange({ kind: 'message', action: 'update', message: found });
    return found;
  }

  deleteMessage(channel: string, ts: string): StoredMessage | undefined {
    const list = this.messagesByChannel.get(channel);
    const index = list?.findIndex((m) => m.ts === ts) ?? -1;
    if (!list || index < 0) return undefined;
    const [removed] = list.splice(index, 1);
    if (removed) this.emitChange({ kind: 'message', action: 'delete', message: removed });
    return removed;
  }

  // views

  views(): StoredView[] {
    return [...this.viewsById.values()];
  }

  view(id: string): StoredView | undefined {
    return this.viewsById.get(id);
  }

  viewByExternalId(externalId: string): StoredView | undefined {
    return this.views().find((v) => v.external_id === externalId && v.open);
  }

  putView(view: StoredView, action: 'open' | 'update' | 'push' | 'publish'): StoredView {
    this.viewsById.set(view.id, view);
    this.emitChange({ kind: 'view', action, view });
    return view;
  }

  closeView(view: StoredView): void {
    view.open = false;
    this.emitChange({ kind: 'view', action: 'close', view });
  }

  /** Open modals of one stack, root first. */
  stack(rootViewId: string): StoredView[] {
    return this.views().filter((v) => v.type === 'modal' && v.open && v.root_view_id === rootViewId);
  }

  homeOf(userId: string): StoredView | undefined {
    return this.views().find((v) => v.type === 'home' && v.open && v.user === userId);
  }

  // files

  files(): StoredFile[] {
    return [...this.filesById.values()];
  }

  file(id: string): StoredFile | undefined {
    return this.filesById.get(id);
  }

  putFile(file: StoredFile, action: 'add' | 'upload' | 'complete'): StoredFile {
    this.filesById.set(file.id, file);
    this.emitChange({ kind: 'file', action, file });
    return file;
  }

  // records

  recordCall(call: RecordedCall): void {
    this.calls.push(call);
    this.emitChange({ kind: 'call', call });
  }

  recordAppRequest(request: AppRequestRecord): void {
    this.appRequests.push(request);
    this.emitChange({ kind: 'app-request', request });
  }
}

/** A new conversation's people when none are given: a DM's user, else nobody. */
function defaultMembers(channel: LocalChannel): string[] {
  return channel.is_im && channel.user ? [channel.user] : [];
}

/** Puts `item` in place of the entry with its id, or at the end when there is none. */
function replaceOrAppend<T extends { id: string }>(list: T[], item: T): void {
  const existing = list.findIndex((x) => x.id === item.id);
  if (existing >= 0) list.splice(existing, 1, item);
  else list.push(item);
}
