// Block elements: buttons (styles, confirm dialogs, url), selects, overflow menus, date/time pickers, checkboxes,
// radio buttons, text/number inputs and file inputs. Inside an input block a change is kept as the view's state (sent on
// submit); elsewhere, or with dispatch_action, it is a block_actions request to the app.
import { h, plain } from './dom.js';
import { openUrl } from './links.js';
import { renderMrkdwn } from './mrkdwn.js';
import { filterOptions, flattenOptions, selectMenu } from './select.js';

/**
 * where: { blockId, inInput, dispatch } and, in an input block, { label, controlId, labelId, describedBy }: the
 * control takes `controlId` (its <label for>), a group or select is named by `labelId`, hint and error describe it.
 */
export function renderElement(el, where, ctx) {
  const render = RENDERERS[el?.type];
  if (!render) return h('span', { class: 'unsupported' }, `[${el?.type ?? 'element'} not supported here]`);
  const key = `${where.blockId}.${el.action_id}`;
  const emit = (selection, stateValue) => {
    if (where.inInput) ctx.setInput(key, stateValue);
    if (!where.inInput || where.dispatch) void ctx.act(el, where.blockId, selection);
  };
  const current = where.inInput ? ctx.getInput(key) : undefined;
  return render(el, { ...where, emit, current, key }, ctx);
}

function textOf(obj, ctx) {
  return obj?.type === 'mrkdwn' ? renderMrkdwn(obj.text, ctx) : plain(obj);
}

async function confirmed(el, ctx) {
  return !el.confirm || (await ctx.confirm(el.confirm));
}

function button(el, w, ctx) {
  const style = el.style === 'primary' ? ' btn-primary' : el.style === 'danger' ? ' btn-danger' : '';
  return h(
    'button',
    {
      type: 'button',
      class: `btn${style}`,
      dataset: { actionId: el.action_id ?? '' },
      'aria-label': el.accessibility_label,
      onclick: async (e) => {
        const b = e.currentTarget;
        if (!(await confirmed(el, ctx))) return;
        if (el.url) openUrl(el.url, b);
        b.disabled = true;
        try {
          await ctx.act(el, w.blockId, el.value !== undefined ? { value: el.value } : {});
        } finally {
          b.disabled = false;
        }
      },
    },
    plain(el.text),
  );
}

function overflow(el, w, ctx) {
  const menu = h('div', { class: 'overflow-menu', hidden: true, role: 'menu' });
  for (const o of el.options ?? [])
    menu.append(
      h(
        'button',
        {
          type: 'button',
          role: 'menuitem',
          class: 'menu-item',
          onclick: async (e) => {
            menu.hidden = true;
            if (o.url) openUrl(o.url, e.currentTarget);
            if (await confirmed(el, ctx)) w.emit({ selectedOption: o }, o);
          },
        },
        plain(o.text),
      ),
    );
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-overflow',
      'aria-label': 'More options',
      onclick: () => void (menu.hidden = !menu.hidden),
    },
    '⋮',
  );
  return h('span', { class: 'overflow' }, toggle, menu);
}

function staticLike(el, w, ctx, load) {
  const multi = el.type.startsWith('multi_');
  // Users and conversations are kept as ids (what Slack's state holds); show them by name again.
  const named = (v) =>
    typeof v !== 'string'
      ? v
      : asOption(el.type.includes('users') ? ctx.userName(v) : `#${ctx.channelName(v)}`, v);
  const initial =
    w.current !== undefined && w.current !== null ? [w.current].flat().map(named) : initialOptions(el, ctx);
  return selectMenu({
    // Outside an input block nothing else names a select: its placeholder does, as in Slack.
    label: w.label || plain(el.placeholder) || 'Select',
    id: w.controlId,
    labelledBy: w.labelId,
    describedBy: w.describedBy,
    placeholder: plain(el.placeholder),
    multi,
    selected: initial.filter((o) => o && typeof o === 'object'),
    minQuery: el.min_query_length ?? (el.type.includes('external') ? 3 : 0),
    load,
    onChange: async (list) => {
      if (!(await confirmed(el, ctx))) return;
      const kind = el.type.replace(/^multi_/, '');
      const ids = list.map((o) => o.value);
      if (kind === 'users_select')
        return w.emit(multi ? { selectedOptions: ids } : { selectedUser: ids[0] }, multi ? ids : ids[0]);
      if (['conversations_select', 'channels_select'].includes(kind))
        return w.emit(multi ? { selectedOptions: ids } : { value: ids[0] }, multi ? ids : ids[0]);
      return w.emit(multi ? { selectedOptions: list } : { selectedOption: list[0] }, multi ? list : list[0]);
    },
  });
}

function initialOptions(el, ctx) {
  if (el.initial_option) return [el.initial_option];
  if (el.initial_options) return el.initial_options;
  const users = [el.initial_user, ...(el.initial_users ?? [])].filter(Boolean);
  if (users.length)
    return users.map((id) => ({ text: { type: 'plain_text', text: ctx.userName(id) }, value: id }));
  const chans = [
    el.initial_conversation,
    el.initial_channel,
    ...(el.initial_conversations ?? []),
    ...(el.initial_channels ?? []),
  ].filter(Boolean);
  return chans.map((id) => ({ text: { type: 'plain_text', text: `#${ctx.channelName(id)}` }, value: id }));
}

const asOption = (text, value) => ({ text: { type: 'plain_text', text }, value });

function select(el, w, ctx) {
  const kind = el.type.replace(/^multi_/, '');
  if (kind === 'external_select') return staticLike(el, w, ctx, (q) => ctx.suggest(el, w.blockId, q));
  if (kind === 'users_select')
    return staticLike(el, w, ctx, async (q) =>
      filterOptions(
        ctx.users.filter((u) => !u.is_bot).map((u) => asOption(u.real_name || u.name, u.id)),
        q,
      ),
    );
  if (kind === 'conversations_select' || kind === 'channels_select')
    return staticLike(el, w, ctx, async (q) =>
      filterOptions(
        ctx.channels
          .filter((c) => kind === 'conversations_select' || !c.is_im)
          .map((c) => asOption(c.is_im ? `@${ctx.userName(c.user)}` : `#${c.name}`, c.id)),
        q,
      ),
    );
  return staticLike(el, w, ctx, async (q) => filterOptions(flattenOptions(el), q));
}

/** A control's name: its input block's <label for> (the id), else an aria-label. */
function named(w, fallback) {
  return w.controlId
    ? { id: w.controlId, 'aria-describedby': w.describedBy }
    : { 'aria-label': w.label || fallback };
}

function datepicker(el, w) {
  return h('input', {
    type: 'date',
    class: 'input',
    value: w.current ?? el.initial_date ?? '',
    ...named(w, plain(el.placeholder) || 'Date'),
    onchange: (e) => w.emit({ selectedDate: e.target.value }, e.target.value || null),
  });
}

function timepicker(el, w) {
  return h('input', {
    type: 'time',
    class: 'input',
    value: w.current ?? el.initial_time ?? '',
    ...named(w, plain(el.placeholder) || 'Time'),
    onchange: (e) => w.emit({ value: e.target.value }, e.target.value || null),
  });
}

function localInputValue(seconds) {
  if (seconds === undefined || seconds === null || seconds === '') return '';
  const d = new Date(Number(seconds) * 1000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function datetimepicker(el, w) {
  return h('input', {
    type: 'datetime-local',
    class: 'input',
    value: localInputValue(w.current ?? el.initial_date_time),
    ...named(w, 'Date and time'),
    onchange: (e) => {
      const secs = e.target.value ? Math.floor(new Date(e.target.value).getTime() / 1000) : null;
      w.emit({ value: secs === null ? '' : String(secs) }, secs);
    },
  });
}

function choices(el, w, ctx, type) {
  const name = `${w.key}-${Math.random().toString(36).slice(2)}`;
  const initial =
    w.current !== undefined
      ? [w.current ?? []].flat()
      : type === 'radio'
        ? [el.initial_option].filter(Boolean)
        : (el.initial_options ?? []);
  const on = new Set(initial.map((o) => o.value));
  const box = h('div', {
    class: 'choices',
    role: type === 'radio' ? 'radiogroup' : 'group',
    'aria-labelledby': w.labelId,
    'aria-describedby': w.describedBy,
  });
  for (const o of el.options ?? []) {
    const input = h('input', {
      type,
      name,
      value: o.value,
      checked: on.has(o.value),
      onchange: async () => {
        if (!(await confirmed(el, ctx))) return;
        const picked = [...box.querySelectorAll('input')]
          .filter((i) => i.checked)
          .map((i) => el.options.find((x) => x.value === i.value));
        if (type === 'radio') w.emit({ selectedOption: picked[0] }, picked[0] ?? null);
        else w.emit({ selectedOptions: picked }, picked);
      },
    });
    box.append(
      h(
        'label',
        { class: 'choice' },
        input,
        h(
          'span',
          null,
          textOf(o.text, ctx),
          o.description ? h('span', { class: 'option-desc' }, textOf(o.description, ctx)) : null,
        ),
      ),
    );
  }
  return box;
}

function textInput(el, w, ctx) {
  const kind =
    { number_input: 'number', email_text_input: 'email', url_text_input: 'url' }[el.type] ?? 'text';
  const props = {
    class: 'input',
    placeholder: plain(el.placeholder),
    ...named(w, plain(el.placeholder) || 'Text'),
    value: w.current ?? el.initial_value ?? '',
    maxlength: el.max_length,
    minlength: el.min_length,
    oninput: (e) => ctx.setInput(w.key, e.target.value === '' ? null : e.target.value),
    onkeydown: (e) => {
      if (e.key === 'Enter' && !el.multiline && w.dispatch) {
        e.preventDefault();
        void ctx.act(el, w.blockId, { value: e.target.value });
      }
    },
  };
  if (el.multiline) return h('textarea', { ...props, rows: 4 });
  if (kind === 'number')
    Object.assign(props, { step: el.is_decimal_allowed ? 'any' : '1', min: el.min_value, max: el.max_value });
  return h('input', { ...props, type: kind });
}

/**
 * file_input: choose files from the disk (or a phone's camera roll); each is uploaded to the stand-in as the
 * person, and the view's state holds the uploaded files (Slack's `files`), as Slack's client does. `filetypes`
 * and `max_files` are applied here as Slack's client applies them (for convenience: the app checks again).
 */
function fileInput(el, w, ctx) {
  const max = el.max_files ?? 10;
  const types = (el.filetypes ?? []).map((t) => `.${String(t).replace(/^\./, '')}`);
  let files = Array.isArray(w.current) ? [...w.current] : [];
  const list = h('ul', { class: 'file-input-list', 'aria-live': 'polite' });
  const status = h('div', { class: 'file-input-status', role: 'status' });
  const picker = h('input', {
    type: 'file',
    class: 'file-input-picker',
    multiple: max > 1,
    accept: types.length ? types.join(',') : undefined,
    ...named(w, 'Files'),
    onchange: async (e) => {
      const chosen = [...(e.target.files ?? [])];
      e.target.value = '';
      const wrong = chosen.filter(
        (f) => types.length && !types.some((t) => f.name.toLowerCase().endsWith(t.toLowerCase())),
      );
      const room = Math.max(0, max - files.length);
      const ok = chosen.filter((f) => !wrong.includes(f)).slice(0, room);
      const notes = [];
      if (wrong.length) notes.push(`Not accepted here: ${wrong.map((f) => f.name).join(', ')}.`);
      if (chosen.length - wrong.length > room) notes.push(`At most ${max} file${max === 1 ? '' : 's'}.`);
      status.textContent = ok.length ? `Uploading ${ok.length}…` : notes.join(' ');
      for (const f of ok) {
        try {
          files.push(await ctx.upload(f, await base64Of(f)));
        } catch {
          notes.push(`${f.name} was not uploaded.`);
        }
        show();
      }
      status.textContent = notes.join(' ');
    },
  });
  const show = () => {
    list.replaceChildren(
      ...files.map((f, i) =>
        h(
          'li',
          { class: 'file-input-item' },
          h('span', { class: 'file-input-name' }, `📎 ${f.name ?? f.id}`),
          h(
            'button',
            {
              type: 'button',
              class: 'btn btn-small',
              'aria-label': `Remove ${f.name ?? f.id}`,
              onclick: () => {
                files = files.filter((_, j) => j !== i);
                show();
              },
            },
            'Remove',
          ),
        ),
      ),
    );
    ctx.setInput(w.key, files.length ? files : null);
  };
  const choose = h(
    'label',
    { class: 'btn file-input-choose' },
    picker,
    h('span', null, max > 1 ? 'Choose files' : 'Choose a file'),
  );
  show();
  return h('div', { class: 'file-input' }, choose, list, status);
}

function base64Of(file) {
  return new Promise((resolve, reject) => {
    const reader = new window.FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const RENDERERS = {
  file_input: fileInput,
  button,
  overflow,
  datepicker,
  timepicker,
  datetimepicker,
  static_select: select,
  multi_static_select: select,
  external_select: select,
  multi_external_select: select,
  users_select: select,
  multi_users_select: select,
  conversations_select: select,
  multi_conversations_select: select,
  channels_select: select,
  multi_channels_select: select,
  checkboxes: (el, w, ctx) => choices(el, w, ctx, 'checkbox'),
  radio_buttons: (el, w, ctx) => choices(el, w, ctx, 'radio'),
  plain_text_input: textInput,
  number_input: textInput,
  email_text_input: textInput,
  url_text_input: textInput,
  image: (el) =>
    h('img', {
      class: 'element-image',
      src: el.image_url ?? el.slack_file?.url ?? '',
      alt: el.alt_text ?? '',
    }),
};
