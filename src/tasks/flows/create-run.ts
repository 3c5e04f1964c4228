/**
 * After the ack: map the assignee if it was deferred, POST /task/, post the card built from what was sent,
 * refresh it from GET /tasks, then upload the message's files. A failure keeps everything the person typed
 * (echoed, with a button that reopens the form prefilled).
 */
import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { BaseDeps, Deps } from '../../base/deps.ts';
import type { Assignee, Task } from '../../monitoring/api.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { escapeMrkdwn, safeName } from '../../kit/blocks/mrkdwn.ts';
import type { CreateMeta, TaskPrefill } from '../render/task-create-modal.ts';
import { renderCreatedInThread, renderCreateFailed, renderNotice } from '../render/task-notices.ts';
import { assigneeError } from '../render/assignee-errors.ts';
import { postCard, renderCardFor, tellUser, noteInThread, type Audience, type CardPlace } from './deliver.ts';
import { tellPerson } from '../../kit/reply/index.ts';
import { postToResponseUrl } from '../../kit/reply/response-url.ts';
import { announceAssignment, type AssignmentHooks } from './assigned.ts';
import { uploadMessageFiles } from './upload-files.ts';
import { checkSourceSite } from './source-site.ts';
import { createBody, formToPrefill, type TaskForm } from './task-form.ts';
import { FeedChannelError, isVisibleFeedChannel } from './feed-channel.ts';
import { POST_IN_NOTES, type CheckedPostIn } from './post-in.ts';

export const DRAFT_TTL_MS = 24 * 3600_000;

/** Creating a task: the platform and store (BaseDeps), the task service, the directory, file uploads. */
export type CreateRunDeps = BaseDeps & Pick<Deps, 'tasks' | 'directory' | 'fileTransfer'> & AssignmentHooks;

export interface CreateRun {
  client: WebClient;
  user: string;
  form: TaskForm;
  meta: CreateMeta;
  /** 'later': the inline budget ran out; mapped here. */
  assignee: Assignee | null | 'later';
  /**
   * "Post the card in" (global shortcut) with Slack's answer on the person's membership: the card goes there only
   * when they are a member; told there when it had to go to their DM anyway.
   */
  postIn?: CheckedPostIn;
}

export interface Here {
  channel: string;
  /** The thread the person acted in (a message shortcut on a reply). */
  threadTs?: string;
  /** The modal's response_url for that conversation: ephemeral there even where the bot is no member. */
  responseUrl?: string;
}

/**
 * Where the card goes: the origin thread or the channel /task was typed in (fieldline's own metadata, taken from
 * the container Slack signed when the modal opened), a picked conversation the person is a member of, or their DM.
 */
function cardAudience(user: string, meta: CreateMeta, postIn: CheckedPostIn | undefined): Audience {
  if (meta.origin)
    return { user, channel: meta.origin.channel, threadTs: meta.origin.threadTs ?? meta.origin.ts };
  if (meta.replyChannel) return { user, channel: meta.replyChannel };
  if (postIn?.verdict === 'member') return { user, channel: postIn.channel };
  return { user };
}

/** A draft behind a Retry button, kept with whose it is: a button value is no authority to reopen it. */
export interface SavedDraft {
  user: string;
  prefill: TaskPrefill;
}

async function saveDraft(deps: Pick<Deps, 'store'>, user: string, prefill: TaskPrefill): Promise<string> {
  const key = randomUUID();
  await deps.store.namespace('task-draft').set<SavedDraft>(key, { user, prefill }, DRAFT_TTL_MS);
  return key;
}

export async function runCreate(deps: CreateRunDeps, run: CreateRun): Promise<void> {
  const { client, user, form, meta } = run;
  const log = deps.log.child({ module: 'tasks' });
  const audience = cardAudience(user, meta, run.postIn);
  const notes: string[] = [];
  let task: Task;
  try {
    let assignee = run.assignee === 'later' ? null : run.assignee;
    if (run.assignee === 'later' && form.assigneeSlackId) {
      const match = await deps.directory.people.platformUserFor(client, form.assigneeSlackId);
      if (match.kind === 'found') assignee = match.assignee;
      else notes.push(`Created without an assignee: ${escapeMrkdwn(assigneeError(match))}`);
    }
    const site = await deps.directory.site(form.siteId ?? '');
    // Checked on receipt when the site list answered in time; always here, before anything is created.
    if (form.toChannelId && !isVisibleFeedChannel(await deps.directory.sites(), form.toChannelId))
      throw new FeedChannelError(form.toChannelId);
    const body = createBody(form, {
      ...(site?.channelId ? { toChannelId: site.channelId } : {}),
      ...(assignee ? { assigneeId: assignee.id } : {}),
    });
    if (body.deviceId)
      await checkSourceSite(deps.monitoring, {
        deviceId: body.deviceId,
        siteId: body.siteId,
        siteName: site?.name ?? form.siteName ?? null,
      });
    task = await deps.tasks.create(body, {
      site: {
        id: body.siteId,
        name: site?.name ?? form.siteName ?? null,
        channelId: site?.channelId ?? null,
      },
      device: body.deviceId ? { id: body.deviceId, name: form.deviceName ?? null } : null,
      assignee,
    });
  } catch (err) {
    const message = userMessageFor(err);
    log.error({ err, ref: message.ref, user }, 'task create failed');
    const draft = formToPrefill(form, meta);
    const draftKey = await saveDraft(deps, user, draft).catch(() => '');
    const reply = draftKey ? renderCreateFailed(message.text, draft, draftKey) : renderNotice(message.text);
    await tellUser(client, audience, reply).catch((e: unknown) =>
      log.warn({ err: e }, 'could not report the failure'),
    );
    return;
  }
  try {
    // POST /task/ answers only an id: the card shows the task as the platform keeps it (its feed post among
    // others), read back once before it is posted — one message, not a card posted and then rewritten. When the
    // read fails, the card shows what was sent.
    const fresh = await deps.tasks.refresh(task, undefined, { newest: true }).catch((err: unknown) => {
      log.warn({ err, taskId: task.id }, 'task created; refresh from GET /tasks failed');
      return undefined;
    });
    const shown = fresh ?? task;
    const place = await postCard(client, audience, await renderCardFor(deps, shown));
    // From a message, the card is in its thread (or the DM): the person hears where, only they see it.
    if (meta.origin) await pointToCard(client, user, originHere(meta.origin), place, { created: shown });
    else if (run.postIn) notes.unshift(...(await pointFromPicked(client, user, run.postIn, place)));
    await announceAssignment(deps, client, shown, user);
    // Only files the modal offered (fieldline's metadata, from the signed message): a ticked id is no authority.
    const offered = new Set((meta.files ?? []).map((f) => f.id));
    const fileIds = form.slackFileIds.filter((id) => offered.has(id));
    if (fileIds.length > 0) notes.push(await uploadMessageFiles(deps, client, { user, meta, task, fileIds }));
    for (const note of notes) await noteInThread(client, place, note);
  } catch (err) {
    const message = userMessageFor(err);
    log.error({ err, ref: message.ref, taskId: task.id }, 'task created; showing it failed');
    const text = `Task ${escapeMrkdwn(task.id)} “${safeName(task.name, 200)}” was created, but its card could not be shown. ${message.text}`;
    await tellUser(client, { user }, renderNotice(text)).catch(() => undefined);
  }
}

/** Where the person acted on a message: its thread when it is a reply, else the channel itself. */
function originHere(origin: NonNullable<CreateMeta['origin']>): Here {
  return { channel: origin.channel, ...(origin.threadTs ? { threadTs: origin.threadTs } : {}) };
}

/**
 * After the card was posted for a global-shortcut task: where the person picked, or what to say in the card's
 * thread when it went to their DM instead. Nothing is sent into a conversation the person is not known to be in;
 * where fieldline could not tell, only Slack's own response_url for that person may carry the pointer.
 */
async function pointFromPicked(
  client: WebClient,
  user: string,
  postIn: CheckedPostIn,
  place: CardPlace,
): Promise<string[]> {
  if (place.channel === postIn.channel) return [];
  if (postIn.verdict === 'member') {
    await pointToCard(client, user, postIn, place);
    return [];
  }
  if (postIn.verdict === 'unknown' && postIn.responseUrl)
    await pointToCard(client, user, postIn, place, { responseUrlOnly: true });
  return [POST_IN_NOTES[postIn.verdict]];
}

/**
 * An ephemeral where the person is, linking to the card: the card went to their DM while they are elsewhere,
 * or (`created` given) it went into the thread of the message they made the task from. `responseUrlOnly`: only
 * through Slack's response_url (never the bot's chat.postEphemeral, nor a DM copy).
 */
async function pointToCard(
  client: WebClient,
  user: string,
  here: Here,
  place: CardPlace,
  { created, responseUrlOnly = false }: { created?: Task; responseUrlOnly?: boolean } = {},
): Promise<void> {
  const link = await client.chat
    .getPermalink({ channel: place.channel, message_ts: place.ts })
    .then((r) => r.permalink)
    .catch(() => undefined);
  const text =
    created && place.channel === here.channel
      ? renderCreatedInThread(created, link)
      : link
        ? `Card posted in your DM with fieldline — <${link}|open it>.`
        : 'Card posted in your DM with fieldline — open it from the Apps section.';
  const { channel, threadTs, responseUrl } = here;
  if (responseUrlOnly) {
    if (responseUrl)
      await postToResponseUrl(responseUrl, { response_type: 'ephemeral', replace_original: false, text });
    return;
  }
  await tellPerson(
    { client, user, channel, ...(threadTs ? { threadTs } : {}), ...(responseUrl ? { responseUrl } : {}) },
    { text },
  ).catch(() => undefined);
}
