// The Workflows panel: the app's custom steps (the manifest's `functions`) as forms. Running one starts a run in
// the stand-in, which sends the app the signed function_executed event; the run is then followed until the app
// completes it (outputs) or fails it (the error Workflow Builder would show). Untrusted text only as textContent.

const token = document.querySelector('meta[name="console-token"]')?.getAttribute('content') ?? '';
const $ = (id) => document.getElementById(id);

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) el.append(c);
  return el;
}

let data = { steps: [], problems: [], users: [] };

const TYPE_NOTE = {
  'slack#/types/user_id': 'a person',
  'slack#/types/date': 'a date',
  'slack#/types/timestamp': 'a time',
  'slack#/types/message_context': 'a message',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'yes or no',
};

function inputFor(p) {
  const id = `wf-in-${p.name}`;
  const common = { id, name: p.name, 'aria-label': p.title || p.name };
  if (p.type === 'slack#/types/user_id') {
    const select = h('select', common, h('option', { value: '', text: '—' }));
    for (const u of data.users)
      select.append(h('option', { value: u.id, text: `${u.name}${u.bot ? ' (app)' : ''}` }));
    return select;
  }
  if (p.type === 'boolean') return h('input', { ...common, type: 'checkbox' });
  if (p.type === 'number' || p.type === 'integer')
    return h('input', {
      ...common,
      type: 'number',
      step: p.type === 'integer' ? '1' : 'any',
      inputmode: 'decimal',
    });
  if (p.type === 'slack#/types/date') return h('input', { ...common, type: 'date' });
  if (p.type === 'slack#/types/timestamp') return h('input', { ...common, type: 'datetime-local' });
  if (Array.isArray(p.enum)) {
    const select = h('select', common, h('option', { value: '', text: '—' }));
    for (const v of p.enum) select.append(h('option', { value: String(v), text: String(v) }));
    return select;
  }
  if (p.name === 'text' || p.name === 'description') return h('textarea', { ...common, rows: 3 });
  return h('input', { ...common, type: 'text', autocomplete: 'off' });
}

function current() {
  return data.steps.find((s) => s.callbackId === $('wf-step').value);
}

function renderForm() {
  const step = current();
  const form = $('wf-form');
  form.replaceChildren();
  $('wf-description').textContent = step?.description ?? '';
  if (!step) return;
  for (const p of step.inputs) {
    const label = h(
      'label',
      { class: `wf-field${p.type === 'boolean' ? ' wf-check' : ''}` },
      h('span', { text: `${p.title || p.name}${p.is_required ? ' *' : ''}` }),
      inputFor(p),
    );
    const hint = p.description || p.hint || TYPE_NOTE[p.type] || '';
    if (hint) label.append(h('small', { class: 'wf-hint', text: hint }));
    form.append(label);
  }
}

function readInputs(step) {
  const inputs = {};
  for (const p of step.inputs) {
    const el = $(`wf-in-${p.name}`);
    if (!el) continue;
    if (p.type === 'boolean') {
      if (el.checked) inputs[p.name] = true;
      continue;
    }
    const v = el.value.trim();
    if (v === '') continue;
    if (p.type === 'number' || p.type === 'integer') inputs[p.name] = Number(v);
    else if (p.type === 'slack#/types/timestamp') inputs[p.name] = Math.floor(new Date(v).getTime() / 1000);
    else inputs[p.name] = v;
  }
  return inputs;
}

function showValue(v) {
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function showRun(run, step) {
  const status = $('wf-status');
  $('wf-outputs').replaceChildren();
  status.className = 'wf-status';
  if (run.state === 'running') {
    status.textContent =
      'Running… (a step that asks its acting person waits for their answer in the workspace)';
    return;
  }
  if (run.state === 'failed') {
    status.classList.add('wf-failed');
    status.textContent = `Failed: ${run.error}`;
    return;
  }
  status.classList.add('wf-done');
  status.textContent = 'Completed';
  for (const p of step?.outputs ?? []) {
    if (!(p.name in (run.outputs ?? {}))) continue;
    $('wf-outputs').append(
      h('dt', { text: p.title || p.name }),
      h('dd', { class: 'wf-value', text: showValue(run.outputs[p.name]) }),
    );
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function follow(id, step) {
  for (;;) {
    const res = await fetch(`/console/workflows/runs/${encodeURIComponent(id)}`, { cache: 'no-store' });
    const run = await res.json();
    showRun(run, step);
    document.body.dataset.run = run.state;
    if (run.state !== 'running') return;
    await sleep(300);
  }
}

async function run(event) {
  event.preventDefault();
  const step = current();
  if (!step) return;
  const button = $('wf-run');
  button.disabled = true;
  document.body.dataset.run = 'starting';
  $('wf-outputs').replaceChildren();
  $('wf-status').className = 'wf-status';
  $('wf-status').textContent = 'Sending function_executed…';
  try {
    const res = await fetch('/console/api/workflow-run', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
      body: JSON.stringify({ callbackId: step.callbackId, inputs: readInputs(step) }),
    });
    const body = await res.json();
    if (!res.ok || !body.ok) throw new Error(body.error || `HTTP ${res.status}`);
    await follow(body.executionId, step);
  } catch (err) {
    $('wf-status').classList.add('wf-failed');
    $('wf-status').textContent = `Could not run the step: ${err.message}`;
    document.body.dataset.run = 'error';
  } finally {
    button.disabled = false;
  }
}

async function start() {
  const res = await fetch('/console/workflows/steps', { cache: 'no-store' });
  data = await res.json();
  const select = $('wf-step');
  for (const s of data.steps) select.append(h('option', { value: s.callbackId, text: s.title }));
  const wanted = new URLSearchParams(location.search).get('step');
  if (wanted && data.steps.some((s) => s.callbackId === wanted)) select.value = wanted;
  if (data.problems.length > 0) {
    $('wf-problems').hidden = false;
    $('wf-problems').textContent = `The manifest's functions are not valid: ${data.problems.join('; ')}`;
  }
  select.addEventListener('change', renderForm);
  $('wf-form').addEventListener('submit', run);
  renderForm();
  document.body.dataset.ready = 'true';
}

void start();
