// rich_text blocks: sections, bulleted/ordered lists, quotes and preformatted text, with styled runs,
// links, mentions, emoji and dates.
import { h } from './dom.js';
import { emojify } from './emoji.js';
import { formatSlackDate } from './dates.js';
import { linkNode, shownUrl } from './links.js';

export function renderRichText(block, ctx) {
  const frag = document.createDocumentFragment();
  for (const el of block.elements ?? []) frag.append(container(el, ctx));
  return frag;
}

function container(el, ctx) {
  switch (el.type) {
    case 'rich_text_section':
      return h('div', { class: 'rt-section' }, runs(el.elements, ctx));
    case 'rich_text_quote':
      return h('blockquote', { class: 'md-quote' }, runs(el.elements, ctx));
    case 'rich_text_preformatted':
      return h('pre', { class: 'md-pre' }, runs(el.elements, ctx));
    case 'rich_text_list': {
      const list = h(el.style === 'ordered' ? 'ol' : 'ul', { class: 'rt-list', style: undefined });
      for (const item of el.elements ?? []) list.append(h('li', null, runs(item.elements, ctx)));
      return list;
    }
    default:
      return h('div', { class: 'unsupported' }, `[${el.type} not supported]`);
  }
}

function runs(elements, ctx) {
  return (elements ?? []).map((e) => styled(run(e, ctx), e.style));
}

function run(e, ctx) {
  switch (e.type) {
    case 'text':
      return document.createTextNode(e.text ?? '');
    case 'link':
      return (
        linkNode(e.url ?? '', e.text ?? shownUrl(e.url ?? '')) ??
        document.createTextNode(e.text ?? e.url ?? '')
      );
    case 'user':
      return h('span', { class: 'mention' }, `@${ctx.userName(e.user_id)}`);
    case 'channel':
      return h('span', { class: 'mention' }, `#${ctx.channelName(e.channel_id)}`);
    case 'usergroup':
      return h('span', { class: 'mention' }, '@group');
    case 'broadcast':
      return h('span', { class: 'mention' }, `@${e.range ?? 'here'}`);
    case 'emoji':
      return document.createTextNode(
        e.unicode
          ? String.fromCodePoint(...e.unicode.split('-').map((x) => parseInt(x, 16)))
          : emojify(`:${e.name}:`),
      );
    case 'date':
      return h('time', null, formatSlackDate(e.timestamp, e.format ?? '{date_short} {time}', ctx.tz));
    default:
      return document.createTextNode(`[${e.type}]`);
  }
}

function styled(node, style) {
  let out = node;
  if (style?.code) out = h('code', { class: 'md-code' }, out);
  if (style?.bold) out = h('b', null, out);
  if (style?.italic) out = h('i', null, out);
  if (style?.strike) out = h('s', null, out);
  return out;
}
