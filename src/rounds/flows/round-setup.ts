/**
 * `/round add`: the named form (or data source) is read with the admin's own key — the platform decides what they
 * may see — and the round kept for the workspace: its site and time zone come from the data source, its fields
 * (or the chosen metrics) give the limits their metric ids. Answers in operator words.
 */
import { randomUUID } from 'node:crypto';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { matchForm, type FormField } from '../../forms/index.ts';
import type { DataSource } from '../../monitoring/api.ts';
import type { RoundAdd } from '../rules/round-parse.ts';
import type { Limit, RoundDef } from '../rules/model.ts';
import { nextSlot, weekdaysText } from '../rules/schedule.ts';
import { nextDueText } from '../render/round-post.ts';
import { MAX_ROUNDS } from '../service/rounds-store.ts';
import type { RoundsDeps } from './rounds-deps.ts';
import { recordAudit } from '../../ops/index.ts';

const norm = (s: string) =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

type Found =
  { kind: 'form'; source: DataSource; fields: FormField[] } | { kind: 'metrics'; source: DataSource };

async function findSource(deps: RoundsDeps, name: string): Promise<Found | string> {
  const { forms } = await deps.forms.list();
  const match = matchForm(name, forms);
  if (match.kind === 'one') {
    const loaded = await deps.forms.load(match.form.id);
    if (loaded.kind === 'form') return { kind: 'form', source: loaded.source, fields: loaded.spec.fields };
  }
  if (match.kind === 'several')
    return `Several forms match “${safeName(name, 100)}”: ${match.forms.map((f) => `“${safeName(f.name, 100)}”`).join(', ')}. Give the whole name.`;
  const rows = [];
  for await (const row of deps.monitoring.dataSources.list({ textSearch: name.slice(0, 100), limit: 20 })) {
    rows.push(row);
    if (rows.length >= 20) break;
  }
  const exact = rows.filter((r) => norm(r.name) === norm(name));
  const pick = exact.length === 1 ? exact[0] : rows.length === 1 ? rows[0] : undefined;
  if (!pick)
    return rows.length === 0
      ? `No form or data source you can see is called “${safeName(name, 100)}”. \`/form\` lists the forms.`
      : `Several data sources match “${safeName(name, 100)}”: ${rows
          .slice(0, 5)
          .map((r) => `“${safeName(r.name, 100)}”`)
          .join(', ')}. Give the whole name.`;
  const source = await deps.monitoring.dataSources.get(pick.id, { withSchema: true });
  return { kind: 'metrics', source };
}

function limitsFor(
  add: RoundAdd,
  fields: { id: string; title: string; numeric: boolean }[],
): Limit[] | string {
  const out: Limit[] = [];
  for (const l of add.limits) {
    const field = fields.find((f) => norm(f.title) === norm(l.field) || f.id === l.field);
    if (!field)
      return `The round has no field “${safeName(l.field, 100)}”: it has ${fields.map((f) => `“${safeName(f.title, 60)}”`).join(', ')}.`;
    if (!field.numeric) return `“${safeName(field.title, 100)}” is not a number, so it cannot have limits.`;
    out.push({ metricId: field.id, title: field.title, min: l.min, max: l.max });
  }
  return out;
}

export async function addRound(
  deps: RoundsDeps,
  ws: string,
  at: { channel: string; user: string },
  add: RoundAdd,
): Promise<string> {
  const found = await findSource(deps, add.name);
  if (typeof found === 'string') return found;
  const { source } = found;
  let metrics: { id: string; name: string }[] = [];
  let fields: { id: string; title: string; numeric: boolean }[];
  if (found.kind === 'form') {
    fields = found.fields.map((f) => ({
      id: f.metricId,
      title: f.title,
      numeric: f.kind === 'number' || f.kind === 'integer',
    }));
  } else {
    const all = (source.metrics ?? []).map((m) => ({
      id: m.metricId,
      name: m.displayName ?? m.name ?? m.metricId,
    }));
    if (all.length === 0)
      return `*${safeName(source.name, 150)}* has no metrics fieldline can ask for (no schema on the platform).`;
    if (add.metrics.length > 0) {
      for (const wanted of add.metrics) {
        const m = all.find((x) => norm(x.name) === norm(wanted) || x.id === wanted);
        if (!m)
          return `*${safeName(source.name, 150)}* has no metric “${safeName(wanted, 100)}”: it has ${all.map((x) => `“${safeName(x.name, 60)}”`).join(', ')}.`;
        metrics.push(m);
      }
    } else metrics = all.slice(0, 20);
    fields = metrics.map((m) => ({ id: m.id, title: m.name, numeric: true }));
  }
  const limits = limitsFor(add, fields);
  if (typeof limits === 'string') return limits;
  const def: RoundDef = {
    id: randomUUID().slice(0, 8),
    kind: found.kind,
    sourceId: source.id,
    sourceName: source.name,
    metrics,
    siteId: source.site.id,
    siteName: source.site.name,
    zone: source.tzTimezoneName,
    times: add.times,
    weekdays: add.weekdays,
    windowMs: add.windowMs,
    channel: at.channel,
    target: add.target ?? { kind: 'channel', id: at.channel },
    limits,
    onOut: add.onOut,
    createdBy: at.user,
    createdAt: deps.clock.now(),
  };
  if (!(await deps.rounds.addRound(ws, def)))
    return `This workspace has ${MAX_ROUNDS} rounds already: remove one first (\`/round list\`).`;
  await recordAudit('schedule.changed', { site: def.siteId, detail: `round at ${def.times.join(',')}` });
  const zone = def.zone ?? 'UTC';
  const t = def.target;
  const to =
    t.kind === 'channel'
      ? `<#${t.id}>`
      : t.kind === 'group'
        ? `<!subteam^${t.id}> in this channel`
        : `<@${t.id}> by DM`;
  return `:white_check_mark: Round *${safeName(def.sourceName, 150)}* scheduled at ${def.times.join(', ')} ${weekdaysText(def.weekdays)}, site time (${safeName(zone, 60)}), posted to ${to}. Next due: ${nextDueText(def, nextSlot(def, def.createdAt))}.`;
}
