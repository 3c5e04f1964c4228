// Tiny DOM helpers. Text always goes in through text nodes (never innerHTML): everything shown here comes from
// the app or the workspace and is untrusted.

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

const EMOJI = {
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  warning: '⚠️',
  rotating_light: '🚨',
  red_circle: '🔴',
  large_orange_circle: '🟠',
  large_yellow_circle: '🟡',
  large_green_circle: '🟢',
  clipboard: '📋',
  eyes: '👀',
  wave: '👋',
  lock: '🔒',
  bell: '🔔',
  no_bell: '🔕',
  zzz: '💤',
  chart_with_upwards_trend: '📈',
  bar_chart: '📊',
  hourglass: '⌛',
  hourglass_flowing_sand: '⏳',
  information_source: 'ℹ️',
  memo: '📝',
  paperclip: '📎',
  camera: '📷',
  battery: '🔋',
  electric_plug: '🔌',
  thermometer: '🌡️',
  satellite_antenna: '📡',
  link: '🔗',
  calendar: '📅',
  spiral_calendar_pad: '🗓️',
  clock3: '🕒',
  mag: '🔍',
  gear: '⚙️',
  wrench: '🔧',
  tada: '🎉',
  page_facing_up: '📄',
  inbox_tray: '📥',
  outbox_tray: '📤',
  arrow_right: '➡️',
  repeat: '🔁',
  fire: '🔥',
  thumbsup: '👍',
  '+1': '👍',
  point_right: '👉',
  busts_in_silhouette: '👥',
  bust_in_silhouette: '👤',
  no_entry: '⛔',
  no_entry_sign: '🚫',
  octagonal_sign: '🛑',
  pushpin: '📌',
  sparkles: '✨',
  zap: '⚡',
  construction: '🚧',
  speech_balloon: '💬',
  globe_with_meridians: '🌐',
  droplet: '💧',
  package: '📦',
  arrows_counterclockwise: '🔄',
  heavy_plus_sign: '➕',
  question: '❓',
  exclamation: '❗',
  bulb: '💡',
  file_folder: '📁',
  frame_with_picture: '🖼️',
  signal_strength: '📶',
  video_camera: '📹',
  large_orange_diamond: '🔶',
  alarm_clock: '⏰',
  grey_question: '❔',
  new: '🆕',
  pause_button: '⏸️',
  large_blue_diamond: '🔷',
  small_orange_diamond: '🔸',
  small_red_triangle: '🔺',
};

/** `:name:` shortcodes as emoji where known; unknown ones stay as typed, like a custom emoji Slack lacks. */
export function emojify(text) {
  return String(text).replace(/:([a-z0-9_+-]+):/g, (m, name) => EMOJI[name] ?? m);
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
