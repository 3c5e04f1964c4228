// The workspace switcher (issue 39): which of the stand-in's workspaces the console's requests come from, and a
// link to install fieldline in another one. Shown only when the stand-in offers several (/console/workspaces).
const token = document.querySelector('meta[name="console-token"]')?.getAttribute('content') ?? '';

async function workspaces() {
  const res = await fetch('/console/workspaces');
  return res.ok ? res.json() : undefined;
}

function optionText(w) {
  const where = w.organisation ? ` · ${w.organisation}` : '';
  return `${w.name}${where}${w.installed ? '' : ' (not installed)'}`;
}

async function render(box) {
  const data = await workspaces();
  if (!data) return;
  let select = document.getElementById('workspace-select');
  if (!select) {
    box.textContent = '';
    const label = document.createElement('label');
    label.className = 'user-switch';
    const span = document.createElement('span');
    span.textContent = 'Workspace';
    select = document.createElement('select');
    select.id = 'workspace-select';
    select.setAttribute('aria-label', 'Current workspace');
    // Long names (a workspace and its organisation) must not push the sidebar wider.
    select.style.minWidth = '0';
    select.style.maxWidth = '100%';
    span.style.fontWeight = '400';
    select.addEventListener('change', async () => {
      await fetch('/console/workspace', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
        body: JSON.stringify({ id: select.value }),
      });
      await render(box);
    });
    label.append(span, select);
    box.append(label);
    if (data.installUrl) {
      const link = document.createElement('a');
      link.href = data.installUrl;
      link.target = '_blank';
      link.rel = 'noopener';
      link.className = 'user-email';
      link.style.display = 'block';
      link.style.color = 'inherit';
      link.style.fontWeight = '400';
      link.textContent = 'Install fieldline in another workspace ↗';
      box.append(link);
    }
  }
  select.replaceChildren(
    ...data.workspaces.map((w) => {
      const option = document.createElement('option');
      option.value = w.id;
      option.textContent = optionText(w);
      option.selected = w.id === data.current;
      return option;
    }),
  );
}

const box = document.querySelector('.sidebar .workspace');
if (box) {
  void render(box);
  // An install in another tab shows up when the console is looked at again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void render(box);
  });
}
