/**
 * The forms feature (issue 40, "Forms in Slack"): the platform's form data sources (usage 2 "form") filled in from
 * Slack as the person's own platform user — `/form [name]`, "Fill in" on a form's /source card, "Forms" on App Home.
 * A form opens as a modal generated from its formConfig; a submission is one reading (POST /reading); a form closed
 * half-way keeps what was typed until the end of the shift. `registerForms` registers every listener: declarations
 * (src/kit/entry.ts) for what becomes work, a Bolt listener for view_closed (answered on receipt only). Other
 * features import forms from this file only.
 */
import type { Deps } from '../base/deps.ts';
import type { ListenerApp } from '../kit/entry.ts';
import { createDrafts } from './service/drafts.ts';
import { createFormsService } from './service/forms-service.ts';
import { FORM_VIEW } from './render/form-ids.ts';
import { formCommand } from './slack/command-form.ts';
import { formFill } from './slack/action-form-fill.ts';
import { homeForms } from './slack/action-home-forms.ts';
import { formSubmit } from './slack/view-form-submit.ts';
import { handleFormClosed, type ViewClosedArgs } from './slack/view-form-closed.ts';
import type { FormsDeps } from './flows/forms-deps.ts';

export { COMMANDS, FORM_HELP } from './render/forms-help.ts';
export { FORM_ACTION } from './render/form-ids.ts';
export { DRAFTS_NAMESPACE } from './service/drafts.ts';
// For rounds and handovers (issue 40): a form's modal, read back and sent as one reading, reused under their own
// callback ids.
export { createFormsService, isForm, type FormsService, type FormRef } from './service/forms-service.ts';
export { matchForm } from './rules/find-form.ts';
export type { FormField, FormSpec } from './rules/form-config.ts';
export { buildValues, valueWords, type ReadingValue, type Typed } from './rules/form-values.ts';
export { renderFormModal } from './render/form-modal.ts';
export { renderFormLoading, renderFormMessage } from './render/form-list.ts';
export { renderRecorded } from './render/form-recorded.ts';
export { checkSubmission, doneAtOf, errorsByBlock, fieldsOfView, typedOfView } from './render/form-read.ts';
export { DONE_AT_BLOCK } from './render/form-modal.ts';

export function registerForms(app: ListenerApp, deps: Deps): void {
  const formsDeps: FormsDeps = {
    log: deps.log,
    clock: deps.clock,
    forms: createFormsService(deps),
    drafts: createDrafts(deps.store),
  };
  app.entry(formCommand(formsDeps));
  app.entry(formFill(formsDeps));
  app.entry(homeForms(formsDeps));
  app.entry(formSubmit(formsDeps));
  app.view({ callback_id: FORM_VIEW.form, type: 'view_closed' }, (args) =>
    handleFormClosed(formsDeps, args as unknown as ViewClosedArgs),
  );
}
