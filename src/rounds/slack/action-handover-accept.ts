/**
 * Accept handover, on the digest: the channel the digest is in (from Slack's payload) and the site and shift change
 * the button names must be a handover fieldline presented. Whoever claims the acceptance first (atomic add) is
 * recorded with the time, and the digest is edited in place (its button becomes "accepted by …"); anyone pressing
 * after — or at the same moment — is told who accepted.
 */
import type { KnownBlock } from '@slack/types';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import type { HandoverRecord } from '../rules/model.ts';
import { siteTime } from '../rules/schedule.ts';
import { ACCEPT_BLOCK, ROUND_ACTION } from '../render/round-ids.ts';
import { renderAcceptedBlock } from '../render/handover-render.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

const ACCEPT_TTL_MS = 14 * 24 * 3_600_000;

interface Carry {
  siteId: string;
  change: number;
  channel: string | null;
  ts: string | null;
  text: string;
  blocks: unknown[];
}

export const handoverAccept = (deps: RoundsDeps) =>
  actionEntry<Carry>({
    match: ROUND_ACTION.accept,
    kind: 'rounds.handover-accept',
    async receive({ ack, action, body }) {
      await ack();
      const value = 'value' in action && typeof action.value === 'string' ? action.value : '';
      const [siteId = '', change = ''] = value.split('|');
      const message = body.message as { ts?: string; text?: string; blocks?: unknown[] } | undefined;
      return toWork(
        {
          siteId: siteId.slice(0, 40),
          change: Number(change) || 0,
          channel: body.channel?.id ?? null,
          ts: message?.ts ?? null,
          text: message?.text ?? '',
          blocks: Array.isArray(message?.blocks) ? message.blocks : [],
        },
        { acked: true },
      );
    },
    async work({ body, client, context }, c) {
      const user = body.user.id;
      const to = { user, ...(c.channel ? { channel: c.channel } : {}) };
      const ws = workspaceKeyOf(context as InstallationIds);
      const setting = ws && c.channel ? await deps.rounds.handover(ws, c.channel, c.siteId) : undefined;
      const record =
        ws && c.channel && setting ? await deps.rounds.record(ws, c.channel, c.siteId, c.change) : undefined;
      if (!ws || !c.channel || !setting || !record?.presentedAt)
        return void (await tellUser(client, to, {
          text: 'This handover is not one this channel is waiting for.',
        }));
      const now = deps.clock.now();
      const key = `accept:${c.channel}:${c.siteId}:${c.change}`;
      if (!(await deps.rounds.claim(ws, key, { by: user, at: now }, ACCEPT_TTL_MS))) {
        const first = await deps.rounds.claimed<{ by: string; at: number }>(ws, key);
        const when = first ? ` at ${siteTime(first.at, setting.zone)} site time` : '';
        return void (await tellUser(client, to, {
          text: `This handover was already accepted by <@${first?.by ?? 'someone'}>${when}.`,
        }));
      }
      const saved: HandoverRecord = (await deps.rounds.updateRecord(
        ws,
        c.channel,
        c.siteId,
        c.change,
        (r) => ({ ...r, acceptedBy: user, acceptedAt: now }),
      )) ?? { ...record, acceptedBy: user, acceptedAt: now };
      if (c.ts && c.blocks.length > 0) {
        const accepted = renderAcceptedBlock(saved, setting.zone);
        const blocks = c.blocks.map((b) =>
          typeof b === 'object' && b !== null && (b as { block_id?: string }).block_id === ACCEPT_BLOCK
            ? accepted
            : b,
        ) as KnownBlock[];
        await client.chat
          .update({ channel: c.channel, ts: c.ts, text: c.text, blocks })
          .catch((err: unknown) => deps.log.warn({ err }, 'rounds: could not edit the digest in place'));
      }
      await tellUser(client, to, {
        text: `:handshake: You accepted the handover of the ${siteTime(c.change, setting.zone)} shift change.`,
      });
    },
  });
