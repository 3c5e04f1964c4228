// Modals from views.open / update / push: the top view of the user's stack with its inputs, field errors from
// `response_action: errors`, Submit and Close. What the user typed is kept per view (and across views.update
// of the same view, as Slack does for inputs that are still there) and sent as view.state on submit.
import { h, plain } from './dom.js';
import { renderBlocks } from './blocks.js';
import { post } from './api.js';

const typed = new Map(); // view id → Map(`block_id.action_id` → value)

function valuesOf(viewId) {
  if (!typed.has(viewId)) typed.set(viewId, new Map());
  return typed.get(viewId);
}

function inputs(view) {
  return (view.blocks ?? []).filter((b) => b.type === 'input' && b.element);
}

function initialOf(el) {
  for (const k of [
    'initial_value',
    'initial_option',
    'initial_options',
    'initial_date',
    'initial_time',
    'initial_date_time',
    'initial_user',
    'initial_users',
    'initial_conversation',
    'initial_channel',
  ])
    if (el[k] !== undefined) return el[k];
  return undefined;
}

const isEmpty = (v) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** env: { base (render ctx without act/suggest), user, depth, act(body), suggest(body) } */
export function renderModal(view, env) {
  const values = valuesOf(view.id);
  const known = new Set(inputs(view).map((b) => `${b.block_id}.${b.element.action_id}`));
  for (const key of [...values.keys()]) if (!known.has(key)) values.delete(key);
  const localErrors = {};
  const ctx = {
    ...env.base,
    errors: { ...(view.errors ?? {}) },
    getInput: (key) => (values.has(key) ? values.get(key) : undefined),
    setInput: (key, value) => values.set(key, value),
    act: (el, blockId, selection) =>
      post(
        'action',
        {
          user: env.user,
          viewId: view.id,
          actionId: el.action_id,
          blockId,
          values: Object.fromEntries(values),
          ...selection,
        },
        'The action',
      ),
    // A file_input's file: uploaded to the stand-in as the person (not shared anywhere), as Slack's client does.
    upload: async (file, contentBase64) =>
      (
        await post(
          'upload',
          { user: env.user, name: file.name, mimetype: file.type || undefined, contentBase64 },
          `Uploading ${file.name}`,
        )
      ).file,
    suggest: async (el, blockId, query) => {
      const res = await post(
        'suggest',
        {
          user: env.user,
          viewId: view.id,
          actionId: el.action_id,
          blockId,
          value: query,
          values: Object.fromEntries(values),
        },
        'Loading options',
      );
      return env.options(res.body);
    },
  };
  const form = h('form', {
    class: 'modal',
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': plain(view.title),
    dataset: { viewId: view.id, callbackId: view.callback_id ?? '' },
  });
  const body = h('div', { class: 'modal-body' }, renderBlocks(view.blocks, ctx));
  const closeText = plain(view.close) || (view.submit ? 'Cancel' : 'Close');
  const close = async () => {
    await post(
      'close',
      { user: env.user, viewId: view.id, values: Object.fromEntries(values) },
      'Closing the modal',
    );
    typed.delete(view.id);
  };
  form.append(
    h(
      'div',
      { class: 'modal-head' },
      env.depth > 1
        ? h('span', { class: 'modal-depth', title: 'views.push stack' }, `${env.depth} / 3`)
        : null,
      h('h2', null, plain(view.title)),
      h('button', { type: 'button', class: 'btn btn-icon', 'aria-label': 'Close', onclick: close }, '✕'),
    ),
    body,
    h(
      'div',
      { class: 'modal-foot' },
      h('button', { type: 'button', class: 'btn', onclick: close }, closeText),
      view.submit
        ? h(
            'button',
            { type: 'submit', class: 'btn btn-primary', disabled: view.submit_disabled === true },
            plain(view.submit),
          )
        : null,
    ),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    // Slack's client refuses to submit while a required input is empty, without asking the app.
    for (const b of inputs(view)) {
      const key = `${b.block_id}.${b.element.action_id}`;
      const v = values.has(key) ? values.get(key) : initialOf(b.element);
      if (!b.optional && isEmpty(v)) localErrors[b.block_id] = 'Please complete this required field.';
      else delete localErrors[b.block_id];
    }
    for (const node of form.querySelectorAll('.field-error.local')) node.remove();
    if (Object.keys(localErrors).length > 0) {
      for (const [blockId, text] of Object.entries(localErrors))
        form
          .querySelector(`[data-block-id="${CSS.escape(blockId)}"]`)
          ?.append(h('div', { class: 'field-error local', role: 'alert' }, text));
      return;
    }
    const submitButton = form.querySelector('button[type=submit]');
    if (submitButton) submitButton.disabled = true;
    try {
      const res = await post(
        'submit',
        { user: env.user, viewId: view.id, values: Object.fromEntries(values) },
        'Submitting the form',
      );
      if (res.closed) typed.delete(view.id);
      if (res.rejected) env.notice(`Slack would reject the app's answer: ${res.rejected.join('; ')}`);
    } finally {
      if (submitButton && form.isConnected) submitButton.disabled = false;
    }
  });
  return h('div', { class: 'overlay' }, form);
}
