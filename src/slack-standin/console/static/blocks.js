// Block Kit layout as Slack draws it: header, section (text, fields, accessory), context, divider, image,
// actions, input (modals), rich_text, video, file. A block this page does not know is shown as a readable
// placeholder with its type, never a broken page.
import { h, plain } from './dom.js';
import { renderElement } from './elements.js';
import { renderMrkdwn } from './mrkdwn.js';
import { renderRichText } from './rich-text.js';

/** ctx: see elements.js; plus errors ({ block_id: message }) for modals. */
export function renderBlocks(blocks, ctx) {
  const box = h('div', { class: 'blocks' });
  for (const block of Array.isArray(blocks) ? blocks : []) {
    let node;
    try {
      node = (RENDERERS[block?.type] ?? unknownBlock)(block, ctx);
    } catch (err) {
      node = unknownBlock(block, ctx, err);
    }
    box.append(node);
  }
  return box;
}

export function textObject(obj, ctx) {
  if (!obj) return '';
  return obj.type === 'mrkdwn' ? renderMrkdwn(obj.text, ctx) : plain(obj);
}

function unknownBlock(block, _ctx, err) {
  const type = typeof block?.type === 'string' ? block.type : 'unknown';
  const why = err ? `could not be shown (${err.message})` : 'is not supported by this console';
  return h('div', { class: 'block block-unknown', role: 'note' }, `[${type} block ${why}]`);
}

function header(b) {
  return h('div', { class: 'block block-header', role: 'heading', 'aria-level': '3' }, plain(b.text));
}

function section(b, ctx) {
  const main = h('div', { class: 'section-main' });
  if (b.text) main.append(h('div', { class: 'section-text' }, textObject(b.text, ctx)));
  if (Array.isArray(b.fields) && b.fields.length > 0)
    main.append(
      h(
        'div',
        { class: 'section-fields' },
        b.fields.map((f) => h('div', { class: 'field' }, textObject(f, ctx))),
      ),
    );
  const accessory = b.accessory
    ? h(
        'div',
        { class: 'section-accessory' },
        renderElement(b.accessory, { blockId: b.block_id, inInput: false }, ctx),
      )
    : null;
  return h('div', { class: 'block block-section', dataset: { blockId: b.block_id ?? '' } }, main, accessory);
}

function context(b, ctx) {
  return h(
    'div',
    { class: 'block block-context' },
    (b.elements ?? []).map((e) =>
      e.type === 'image'
        ? h('img', {
            class: 'context-image',
            src: e.image_url ?? e.slack_file?.url ?? '',
            alt: e.alt_text ?? '',
          })
        : h('span', { class: 'context-text' }, textObject(e, ctx)),
    ),
  );
}

function image(b) {
  return h(
    'figure',
    { class: 'block block-image' },
    b.title ? h('figcaption', null, plain(b.title)) : null,
    h('img', { src: b.image_url ?? b.slack_file?.url ?? '', alt: b.alt_text ?? '', loading: 'lazy' }),
  );
}

function actions(b, ctx) {
  return h(
    'div',
    { class: 'block block-actions', dataset: { blockId: b.block_id ?? '' } },
    (b.elements ?? []).map((e) => renderElement(e, { blockId: b.block_id, inInput: false }, ctx)),
  );
}

// An input block's label names its control: `<label for>` for a text box, picker or select, aria-labelledby for
// a group of checkboxes or radio buttons (a screen reader reads "Site", not the select's placeholder).
function input(b, ctx) {
  const label = plain(b.label);
  const id = `in-${String(b.block_id).replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const error = ctx.errors?.[b.block_id];
  const group = ['checkboxes', 'radio_buttons'].includes(b.element?.type);
  const described = [b.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  const element = renderElement(
    b.element,
    {
      blockId: b.block_id,
      inInput: true,
      dispatch: b.dispatch_action === true,
      label,
      controlId: group ? undefined : id,
      labelId: `${id}-label`,
      describedBy: described.length > 0 ? described.join(' ') : undefined,
    },
    ctx,
  );
  return h(
    'div',
    { class: `block block-input${error ? ' has-error' : ''}`, dataset: { blockId: b.block_id ?? '' } },
    h(
      'label',
      { class: 'input-label', id: `${id}-label`, for: group ? undefined : id },
      label,
      b.optional ? h('span', { class: 'optional' }, ' (optional)') : null,
    ),
    element,
    b.hint ? h('div', { class: 'hint', id: `${id}-hint` }, plain(b.hint)) : null,
    error ? h('div', { class: 'field-error', role: 'alert', id: `${id}-error` }, error) : null,
  );
}

function video(b) {
  return h(
    'div',
    { class: 'block block-video' },
    h(
      'a',
      {
        href: /^https?:/i.test(b.title_url ?? b.video_url ?? '') ? (b.title_url ?? b.video_url) : '#',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      `▶ ${plain(b.title)}`,
    ),
    b.description ? h('div', { class: 'hint' }, plain(b.description)) : null,
  );
}

function file(b) {
  return h('div', { class: 'block block-file' }, `📄 Remote file ${b.external_id ?? ''}`);
}

function markdown(b, ctx) {
  // The `markdown` block takes standard Markdown; this console shows it through the mrkdwn renderer.
  return h(
    'div',
    { class: 'block block-markdown' },
    renderMrkdwn(String(b.text ?? '').replace(/\*\*/g, '*'), ctx),
  );
}

const RENDERERS = {
  header,
  section,
  context,
  image,
  actions,
  input,
  video,
  file,
  markdown,
  divider: () => h('hr', { class: 'block block-divider' }),
  rich_text: (b, ctx) => h('div', { class: 'block block-rich' }, renderRichText(b, ctx)),
};
