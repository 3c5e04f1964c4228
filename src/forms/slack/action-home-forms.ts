/** "Forms" on App Home: a "Loading…" modal on receipt (trigger_id), then the person's forms to choose from. */
import { actionEntry, answered, toWork } from '../../kit/entry.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { FORM_ACTION } from '../render/form-ids.ts';
import { renderFormChooser, renderFormLoading, renderFormMessage } from '../render/form-list.ts';
import { showProblem } from '../flows/show-form.ts';
import type { FormsDeps } from '../flows/forms-deps.ts';

export const homeForms = (deps: FormsDeps) =>
  actionEntry<{ viewId: string }>({
    match: FORM_ACTION.home,
    kind: 'forms.home',
    async receive({ ack, body, client }) {
      await ack();
      const opened = await client.views.open({
        trigger_id: body.trigger_id,
        view: renderFormLoading('Loading your forms…'),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      return toWork({ viewId }, { acked: true, view: viewId });
    },
    async work({ body, client, context }, { viewId }) {
      const place = {
        client,
        viewId,
        user: body.user.id,
        workspace: workspaceKeyOf(context as InstallationIds),
        channel: null,
      };
      try {
        const { forms, more } = await deps.forms.list();
        const view =
          forms.length === 0
            ? renderFormMessage(
                'You can see no forms on the platform (your platform account may not have any).',
              )
            : renderFormChooser('*Choose a form to fill in:*', forms, { more });
        await client.views.update({ view_id: viewId, view });
      } catch (err) {
        await showProblem(deps, place, err, { action: FORM_ACTION.home });
      }
    },
  });
