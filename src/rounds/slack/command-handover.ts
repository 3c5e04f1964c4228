/**
 * /handover: help (in the ack); `/handover [site]` opens the channel's handover (a "Loading…" modal on receipt,
 * then the form or the note); `setup` and `off` are for admins (the /monitor settings rule, from users.info).
 */
import { answer, answered, commandEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { channelShiftTimes, relayRoot } from '../../alerts/index.ts';
import { renderFormLoading, renderFormMessage } from '../../forms/index.ts';
import { parseHandoverCommand, type HandoverSetup } from '../rules/round-parse.ts';
import { HANDOVER_HELP } from '../render/rounds-help.ts';
import { DEFAULT_ACCEPT_MS, DEFAULT_OFFER_BEFORE_MS } from '../flows/scheduler.ts';
import { handoverView, pickHandover } from '../flows/handover.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';
import { ADMINS_ONLY } from './command-round.ts';

type Carry = { kind: 'fill'; site: string; viewId: string } | { kind: 'admin'; text: string };

async function setUp(
  deps: RoundsDeps,
  ws: string,
  channel: string,
  user: string,
  setup: HandoverSetup,
): Promise<string> {
  const match = await deps.directory.resolveSite(setup.site);
  if (match.kind !== 'one')
    return match.kind === 'none'
      ? `No site you can see is called “${safeName(setup.site, 100)}”.`
      : `Several sites match “${safeName(setup.site, 100)}”: ${match.sites.map((s) => `*${safeName(s.name, 100)}*`).join(', ')}.`;
  const site = match.site;
  const { forms } = await deps.forms.list();
  const form = forms.find((f) => f.siteName === site.name && /hand\s?over/i.test(f.name));
  const before = await deps.rounds.handover(ws, channel, site.id);
  await deps.rounds.setHandover(ws, {
    channel,
    siteId: site.id,
    siteName: site.name,
    zone: site.timeZone,
    formId: form?.id ?? null,
    formName: form?.name ?? null,
    acceptMs: setup.acceptMs ?? before?.acceptMs ?? DEFAULT_ACCEPT_MS,
    offerBeforeMs: setup.offerBeforeMs ?? before?.offerBeforeMs ?? DEFAULT_OFFER_BEFORE_MS,
    group: setup.group ?? before?.group ?? null,
    by: user,
    at: deps.clock.now(),
    changes: [],
  });
  const times = await channelShiftTimes(await relayRoot(deps), channel);
  const what = form
    ? `the *${safeName(form.name, 150)}*`
    : 'a free-text note (the site has no handover form)';
  const when = times
    ? `at this channel’s shift changes (${times.join(', ')} site time)`
    : 'once this channel has shift changes — set them with `/monitor digest at 06:00,14:00,22:00`';
  const accept = Math.round((setup.acceptMs ?? before?.acceptMs ?? DEFAULT_ACCEPT_MS) / 60_000);
  return `:white_check_mark: *${safeName(site.name, 150)}* hands over in this channel with ${what}, ${when}. Not accepted within ${accept} min: one reminder${setup.group ? ' (with the group)' : ''}.`;
}

export const handoverCommand = (deps: RoundsDeps) =>
  commandEntry<Carry>({
    command: '/handover',
    kind: 'rounds.handover',
    becomesWork: (text) => {
      const k = parseHandoverCommand(text).kind;
      return k !== 'help' && k !== 'invalid';
    },
    async receive({ ack, command, client }) {
      const parsed = parseHandoverCommand(command.text);
      if (parsed.kind === 'help') return answer(renderCommandHelp(HANDOVER_HELP, parsed.notice));
      if (parsed.kind === 'invalid') return answer({ response_type: 'ephemeral', text: parsed.message });
      if (parsed.kind !== 'fill') return toWork({ kind: 'admin', text: command.text });
      await ack();
      const opened = await client.views.open({
        trigger_id: command.trigger_id,
        view: renderFormLoading('Opening the handover…'),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      return toWork({ kind: 'fill', site: parsed.site.slice(0, 200), viewId }, { acked: true, view: viewId });
    },
    async work({ command, client, respond, context }, carry) {
      const ws = workspaceKeyOf(context as InstallationIds);
      const reply = (t: string) => respond({ response_type: 'ephemeral', text: t });
      try {
        if (carry.kind === 'fill') {
          const picked = ws
            ? await pickHandover(deps, ws, command.channel_id, carry.site)
            : 'No handover here.';
          const view =
            typeof picked === 'string' ? renderFormMessage(picked) : await handoverView(deps, picked);
          return void (await client.views.update({ view_id: carry.viewId, view }));
        }
        if (!ws) return void (await reply('fieldline cannot tell which workspace this is.'));
        if (!(await deps.access.mayConfigureChannels(client))) return void (await reply(ADMINS_ONLY));
        const parsed = parseHandoverCommand(carry.text);
        if (parsed.kind === 'setup')
          return void (await reply(await setUp(deps, ws, command.channel_id, command.user_id, parsed.setup)));
        if (parsed.kind === 'off') {
          const picked = await pickHandover(deps, ws, command.channel_id, parsed.site);
          if (typeof picked === 'string') return void (await reply(picked));
          await deps.rounds.removeHandover(ws, picked.channel, picked.siteId);
          return void (await reply(
            `*${safeName(picked.siteName ?? picked.siteId, 150)}* no longer hands over in this channel.`,
          ));
        }
      } catch (err) {
        await reportError(
          deps,
          { client, channel: command.channel_id, user: command.user_id, responseUrl: command.response_url },
          err,
          {
            command: '/handover',
          },
        );
      }
    },
  });
