/**
 * "Open card" next to a task on the Home tab. The Home tab has no response_url and no channel, so the task
 * card (the task feature's renderer, with its status/priority/edit buttons) is posted to the person's DM
 * with the app, where those buttons update it in place — and a small modal answers where the person is:
 * "Card posted in your DM with fieldline — open it", linking to the card. The modal opens on receipt (the
 * trigger_id lives 3 s); reading the task and posting the card run as a job that finds the modal by its view
 * id.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import type { Logger } from '../../base/log.ts';
import { renderNotice, actionFacts, postCard, renderCardFor, tellUser } from '../../tasks/index.ts';
import { reportError, userMessageFor } from '../../kit/errors.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { messagePermalink } from '../../kit/message-origin.ts';
import { CARD_UNKNOWN_TEXT, renderCardOpenedModal, type CardOpenState } from '../render/home-card-opened.ts';
import { HOME_ACTION } from '../render/home-ids.ts';

/** The task snapshot lookup, the directory the card renderer reads, and a log. */
export type HomeTaskOpenDeps = Pick<Deps, 'directory' | 'log'> & { tasks: Pick<Deps['tasks'], 'get'> };

/** The answer modal, open at once (the trigger lasts 3 s; the card may take longer). undefined: none opened. */
class AnswerModal {
  private constructor(
    private readonly client: WebClient,
    private readonly log: Logger,
    private readonly viewId: string | undefined,
  ) {}

  static async open(client: WebClient, log: Logger, triggerId: string | undefined): Promise<AnswerModal> {
    if (!triggerId) return new AnswerModal(client, log, undefined);
    try {
      const opened = await client.views.open({
        trigger_id: triggerId,
        view: renderCardOpenedModal({ kind: 'posting' }),
      });
      return new AnswerModal(client, log, opened.view?.id);
    } catch (err) {
      // An expired trigger: the card still goes to the DM, as before there was a modal.
      log.debug({ err, module: 'home' }, 'home: card answer modal not opened');
      return new AnswerModal(client, log, undefined);
    }
  }

  /** The modal opened on receipt, found again by the job. */
  static of(client: WebClient, log: Logger, viewId: string | undefined): AnswerModal {
    return new AnswerModal(client, log, viewId);
  }

  get id(): string | undefined {
    return this.viewId;
  }

  get shown(): boolean {
    return this.viewId !== undefined;
  }

  async show(state: CardOpenState): Promise<void> {
    if (!this.viewId) return;
    try {
      await this.client.views.update({ view_id: this.viewId, view: renderCardOpenedModal(state) });
    } catch (err) {
      // Closed meanwhile: the card is in the DM regardless.
      this.log.debug({ err, module: 'home' }, 'home: card answer modal no longer open');
    }
  }
}

/** What the receipt decided for the job: the answer modal it opened (none: the answer goes to the DM). */
interface TaskOpenCarry {
  viewId?: string;
}

export const homeTaskOpen = (deps: HomeTaskOpenDeps) =>
  actionEntry<TaskOpenCarry>({
    match: new RegExp(`^${HOME_ACTION.taskOpenPrefix}`),
    kind: 'home.task-open',
    async receive({ ack, body, client }) {
      await ack();
      const opened = await AnswerModal.open(client, deps.log, actionFacts(body).triggerId);
      // Acked already: a busy queue is said in the modal just opened (or where the person is).
      return toWork<TaskOpenCarry>(opened.id ? { viewId: opened.id } : {}, {
        acked: true,
        ...(opened.id ? { view: opened.id } : {}),
      });
    },
    async work({ body, client }, carry) {
      const { user, value } = actionFacts(body);
      await postTheCard(deps, client, AnswerModal.of(client, deps.log, carry.viewId), user, value);
    },
  });

async function postTheCard(
  deps: HomeTaskOpenDeps,
  client: WebClient,
  modal: AnswerModal,
  user: string,
  value: string | undefined,
): Promise<void> {
  try {
    // The Home tab's listing saved every shown task as a snapshot, so this reads the store only.
    const task = value ? await deps.tasks.get(value) : undefined;
    if (!task) {
      if (modal.shown) await modal.show({ kind: 'unknown' });
      else await tellUser(client, { user }, renderNotice(CARD_UNKNOWN_TEXT));
      return;
    }
    const place = await postCard(client, { user }, await renderCardFor(deps, task));
    const permalink = await messagePermalink(client, place.channel, place.ts).catch((err: unknown) => {
      deps.log.debug({ err, module: 'home' }, 'home: no permalink for the posted card');
      return null;
    });
    await modal.show({ kind: 'posted', taskName: task.name, permalink });
  } catch (err) {
    if (!modal.shown) {
      await reportError(deps, { client, user }, err, { action: 'home_task_open' });
      return;
    }
    // The modal is where the person looks: the reason goes there, under a reference id in the log.
    const message = userMessageFor(err);
    deps.log.warn({ err, ref: message.ref, user, module: 'home' }, 'home: card not posted');
    await modal.show({ kind: 'failed', notice: message.text });
  }
}
