// Tiny DOM helpers. Text always goes in through text nodes (never innerHTML): everything shown here comes from
// the app or the workspace and is untrusted.
import { emojify } from './emoji.js';

/** h('div', { class: 'x', onclick: fn, dataset: { a: '1' } }, child, 'text', [more]) */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'text') el.textContent = String(value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'value' || key === 'checked') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/** Slack escapes &, < and > in text; show them as the characters they stand for. */
export function decodeEntities(text) {
  return String(text).replace(/&(amp|lt|gt);/g, (_m, name) => ({ amp: '&', lt: '<', gt: '>' })[name]);
}

/** A Block Kit text object's text as plain characters (labels, placeholders, option texts). */
export function plain(obj) {
  if (!obj || typeof obj !== 'object') return '';
  const text = decodeEntities(obj.text ?? '');
  return obj.type === 'plain_text' && obj.emoji === false ? text : emojify(text);
}

/** A shortcut in a menu (the ⚡ menu, a message's ⋯ menu): clicking it closes the menu, then runs it. */
export function shortcutItem(shortcut, menu, run, ...extra) {
  const onclick = () => {
    menu.hidden = true;
    run();
  };
  const props = {
    type: 'button',
    role: 'menuitem',
    class: 'menu-item',
    title: shortcut.description,
    onclick,
  };
  return h('button', props, shortcut.name, ...extra);
}
