/**
 * /form: help (answered in the ack), the list of forms (work), or `/form <name>`: a "Loading…" modal opened on
 * receipt with the trigger_id (it lives 3 s), then the work finds the form among the person's own and fills the
 * modal — or offers the near names ("did you mean") or the forms to choose from.
 */
import { fitMessage } from '../../kit/blocks/block-limits.ts';
import { answer, answered, commandEntry, toWork } from '../../kit/entry.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { reportError } from '../../kit/errors.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { matchForm } from '../rules/find-form.ts';
import { FORM_HELP } from '../render/forms-help.ts';
import {
  renderFormChooser,
  renderFormList,
  renderFormLoading,
  renderNoSuchForm,
} from '../render/form-list.ts';
import { showForm, showProblem } from '../flows/show-form.ts';
import type { FormsDeps } from '../flows/forms-deps.ts';

type FormWork = { list: true } | { name: string; viewId: string; channel: string };

/** Slack escapes `&`, `<`, `>` in what was typed: the name as the person typed it. */
const typedText = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim().replace(/\s+/g, ' ');

const isHelp = (text: string) => /^(help|\?|-h|--help)$/i.test(typedText(text));

export const formCommand = (deps: FormsDeps) =>
  commandEntry<FormWork>({
    command: '/form',
    kind: 'forms.command',
    becomesWork: (text) => !isHelp(text),
    async receive({ ack, command, client }) {
      if (isHelp(command.text)) return answer(renderCommandHelp(FORM_HELP));
      const name = typedText(command.text);
      if (name === '') return toWork({ list: true });
      await ack();
      const opened = await client.views.open({ trigger_id: command.trigger_id, view: renderFormLoading() });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      return toWork(
        { name: name.slice(0, 200), viewId, channel: command.channel_id },
        { acked: true, view: viewId },
      );
    },
    async work({ command, client, respond, context }, asked) {
      if ('list' in asked) {
        try {
          const { forms, more } = await deps.forms.list();
          await respond({ response_type: 'ephemeral', ...fitMessage(renderFormList(forms, more)) });
        } catch (err) {
          await reportError(
            deps,
            { client, channel: command.channel_id, user: command.user_id, responseUrl: command.response_url },
            err,
            { command: '/form' },
          );
        }
        return;
      }
      const place = {
        client,
        viewId: asked.viewId,
        user: command.user_id,
        workspace: workspaceKeyOf(context as InstallationIds),
        channel: asked.channel,
      };
      try {
        const all = await deps.forms.list();
        const found = matchForm(asked.name, all.forms);
        if (found.kind === 'one') return await showForm(deps, place, found.form.id);
        const view =
          found.kind === 'several'
            ? renderFormChooser(
                `Several forms match “${safeName(asked.name, 100)}”. Which one?`,
                found.forms,
                {
                  channel: asked.channel,
                },
              )
            : renderNoSuchForm(asked.name, found.near, all, asked.channel);
        await client.views.update({ view_id: asked.viewId, view });
      } catch (err) {
        await showProblem(deps, place, err, { command: '/form' });
      }
    },
  });
