// Slack's select menus: a button that opens a search box over the options (typeahead). Static options filter
// locally; external ones ask the app through block_suggestion as you type (min_query_length respected).
import { h, clear, plain } from './dom.js';

let openMenu = null;

function closeOpenMenu() {
  openMenu?.close();
  openMenu = null;
}
document.addEventListener('click', (e) => {
  if (openMenu && !openMenu.root.contains(e.target)) closeOpenMenu();
  // Overflow, "⋯" and shortcut menus close on a click outside them and their toggle button.
  for (const menu of document.querySelectorAll('.overflow-menu:not([hidden])'))
    if (!menu.parentElement?.contains(e.target)) menu.hidden = true;
});

/** Options and option_groups as one list; each option keeps its group's label for display. */
export function flattenOptions(source) {
  const direct = Array.isArray(source?.options) ? source.options : [];
  const grouped = Array.isArray(source?.option_groups)
    ? source.option_groups.flatMap((g) => (g.options ?? []).map((o) => ({ ...o, group: plain(g.label) })))
    : [];
  return [...direct, ...grouped];
}

let lists = 0;

/**
 * opts: { label, id?, labelledBy?, describedBy?, placeholder, multi, selected: option[],
 *         load(query) → Promise<option[]>, minQuery, onChange(list) }
 * An option is a Block Kit option object ({ text, value, description? }). The button is a select-only combobox
 * (WAI-ARIA APG): named by its field's label (`labelledBy`) or by `label`, its value is what it shows.
 */
export function selectMenu(opts) {
  let selected = [...(opts.selected ?? [])];
  const listId = `select-list-${++lists}`;
  const button = h('button', {
    type: 'button',
    class: 'select-button',
    role: 'combobox',
    id: opts.id,
    'aria-haspopup': 'listbox',
    'aria-expanded': 'false',
    'aria-controls': listId,
    'aria-labelledby': opts.labelledBy,
    'aria-label': opts.labelledBy ? undefined : opts.label,
    'aria-describedby': opts.describedBy,
  });
  const search = h('input', {
    type: 'text',
    class: 'select-search',
    placeholder: 'Type to search',
    'aria-label': `Search ${opts.label}`,
  });
  const list = h('ul', {
    class: 'select-list',
    role: 'listbox',
    id: listId,
    'aria-label': `${opts.label} options`,
  });
  const panel = h('div', { class: 'select-panel', hidden: true }, search, list);
  const root = h('div', { class: 'select' }, button, panel);
  let timer;
  let request = 0;

  function showSelection() {
    clear(button);
    if (selected.length === 0)
      button.append(h('span', { class: 'placeholder' }, opts.placeholder || 'Select an item'));
    for (const o of selected) {
      const chip = h('span', { class: opts.multi ? 'chip' : 'chosen' }, plain(o.text));
      if (opts.multi)
        chip.append(
          h('span', {
            class: 'chip-remove',
            role: 'button',
            'aria-label': `Remove ${plain(o.text)}`,
            text: '×',
            onclick: (e) => {
              e.stopPropagation();
              selected = selected.filter((s) => s.value !== o.value);
              showSelection();
              opts.onChange(selected);
            },
          }),
        );
      button.append(chip);
    }
    button.append(h('span', { class: 'caret', 'aria-hidden': 'true' }, '▾'));
  }

  async function load() {
    const query = search.value;
    const mine = ++request;
    if (query.length < (opts.minQuery ?? 0)) {
      clear(list).append(h('li', { class: 'select-note' }, `Type at least ${opts.minQuery} characters`));
      return;
    }
    clear(list).append(h('li', { class: 'select-note' }, 'Loading…'));
    let options;
    try {
      options = await opts.load(query);
    } catch (err) {
      if (mine === request)
        clear(list).append(h('li', { class: 'select-note error' }, String(err.message ?? err)));
      return;
    }
    if (mine !== request) return;
    clear(list);
    if (options.length === 0) list.append(h('li', { class: 'select-note' }, 'No results'));
    let group;
    for (const o of options) {
      if (o.group && o.group !== group) list.append(h('li', { class: 'select-group' }, (group = o.group)));
      const isOn = selected.some((s) => s.value === o.value);
      list.append(
        h(
          'li',
          {
            role: 'option',
            'aria-selected': String(isOn),
            class: isOn ? 'on' : '',
            onclick: () => choose(o),
          },
          h('span', null, plain(o.text)),
          o.description ? h('span', { class: 'option-desc' }, plain(o.description)) : null,
        ),
      );
    }
  }

  function choose(o) {
    const option = { text: o.text, value: o.value, ...(o.description ? { description: o.description } : {}) };
    selected = opts.multi ? [...selected.filter((s) => s.value !== o.value), option] : [option];
    showSelection();
    closeOpenMenu();
    opts.onChange(selected);
  }

  const menu = {
    root,
    close() {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    },
  };
  button.addEventListener('click', (e) => {
    e.stopPropagation();
    if (!panel.hidden) return closeOpenMenu();
    closeOpenMenu();
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    openMenu = menu;
    search.value = '';
    search.focus();
    void load();
  });
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(), 150);
  });
  search.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeOpenMenu();
    if (e.key === 'Enter') {
      e.preventDefault();
      list.querySelector('[role=option]')?.click();
    }
  });
  showSelection();
  return root;
}

/** Local filtering for static options (Slack matches anywhere in the option text, case-insensitively). */
export function filterOptions(options, query) {
  const q = query.trim().toLowerCase();
  return q === '' ? options : options.filter((o) => plain(o.text).toLowerCase().includes(q));
}
