/** The data source card: metrics, site and zone, collector, thresholds, device status, and what to do next. Pure. */
import type { DataSource } from '../../monitoring/api.ts';
import { humanDuration, isCamera, silence, usageLabel, validationLabel } from '../rules/source-facts.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { escapeMrkdwn, safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { mrkdwn, plain, whenText } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';
import { encodeSourceRange, encodeTaskAbout, SOURCE_ACTION } from './source-ids.ts';
import { deviceStatusText } from './source-device-status.ts';
import { FORM_ACTION } from '../../forms/index.ts';

const field = (label: string, value: string) => mrkdwn(`*${label}*\n${value}`);
const MAX_METRIC_LINES = 30;

function metricsText(source: DataSource): string {
  if (source.schemaMissing || source.metrics === null) {
    return '_This data source has no schema: metric names are unknown, so readings show raw metric ids._';
  }
  if (source.metrics.length === 0) return '_The schema lists no writable metrics._';
  const lines = source.metrics.slice(0, MAX_METRIC_LINES).map((m) => {
    const name = safeName(m.displayName ?? m.name ?? m.metricId, 120);
    const unit = m.unitLabel ? ` (${escapeMrkdwn(m.unitLabel)})` : '';
    return `• ${name}${unit}${m.isRequired ? ' — required' : ''}`;
  });
  if (source.metrics.length > MAX_METRIC_LINES)
    lines.push(`…and ${source.metrics.length - MAX_METRIC_LINES} more`);
  return `*Metrics*\n${lines.join('\n')}`;
}

function fields(source: DataSource, nowMs: number): object[] {
  const zone = zoneOrUtc(source.tzTimezoneName);
  const quiet = silence(source.lastReading?.eventDate, nowMs, source.inactiveThreshold);
  // under the "Last reading" label: "5 min ago", not "last reading 5 min ago"
  const age =
    quiet && (quiet.silent ? quiet.text : `${humanDuration(Math.max(0, nowMs - quiet.lastMs))} ago`);
  const lastAt = quiet
    ? `${quiet.silent ? ':red_circle: ' : ''}${age}\n${whenText(quiet.lastMs, zone)}`
    : 'no readings yet';
  const collector = [source.collector?.name, source.collectorType?.name]
    .filter(Boolean)
    .map((s) => escapeMrkdwn(String(s)));
  const status = [validationLabel(source.validationStatus), source.activityStatus?.name].filter(Boolean);
  return [
    field(
      'Usage',
      escapeMrkdwn(usageLabel(source.applying) ?? '—') +
        (source.type.name ? ` · ${escapeMrkdwn(source.type.name)}` : ''),
    ),
    field(
      'Site',
      `${safeName(source.site.name ?? source.site.id, 200)}\n${escapeMrkdwn(source.tzTimezoneName ?? 'time zone unknown (UTC used)')}`,
    ),
    field('Status', status.map((s) => escapeMrkdwn(String(s))).join(' · ') || '—'),
    field('Last reading', lastAt),
    field('Collector', collector.join(' · ') || '—'),
    field('Inactive after', source.inactiveThreshold ? humanDuration(source.inactiveThreshold * 1000) : '—'),
    field(
      'Reading interval',
      source.readingInterval
        ? `every ${humanDuration(source.readingInterval * 1000)}`
        : 'pushed by the device',
    ),
  ];
}

function buttons(source: DataSource): object[] {
  const out: object[] = [
    {
      type: 'button',
      action_id: SOURCE_ACTION.readings,
      text: plain('Readings 24 h'),
      style: 'primary',
      value: encodeSourceRange({ s: source.id, r: { kind: 'default' } }),
    },
    {
      type: 'button',
      action_id: SOURCE_ACTION.export,
      text: plain('Export CSV'),
      value: encodeSourceRange({ s: source.id, r: { kind: 'default' } }),
    },
  ];
  if (source.metrics && source.metrics.length > 0) {
    out.push({
      type: 'button',
      action_id: SOURCE_ACTION.enterReading,
      text: plain('Enter reading'),
      value: source.id,
    });
  }
  out.push({
    type: 'button',
    action_id: SOURCE_ACTION.createTask,
    text: plain('Create task about this'),
    value: encodeTaskAbout({
      s: source.id,
      n: source.name,
      site: source.site.id,
      sn: source.site.name ?? undefined,
    }),
  });
  // a form (usage 2): filled in as one reading by the forms feature; the click reads the form again with the key
  if (source.applying?.id === '2')
    out.push({
      type: 'button',
      action_id: FORM_ACTION.fill,
      text: plain('Fill in'),
      value: source.id,
    });
  if (isCamera(source)) {
    out.push({
      type: 'button',
      action_id: SOURCE_ACTION.deviceStatus,
      text: plain('Report device status'),
      value: source.id,
    });
  }
  return out;
}

export function renderSourceDetail(source: DataSource, nowMs: number): RenderedMessage {
  const blocks: object[] = [{ type: 'header', text: plain(source.name, 150) }];
  if (source.description)
    blocks.push({ type: 'context', elements: [mrkdwn(safeText(source.description, 2000))] });
  blocks.push({ type: 'section', fields: fields(source, nowMs) });
  blocks.push({ type: 'section', text: mrkdwn(metricsText(source)) });
  if (isCamera(source)) {
    const zone = zoneOrUtc(source.tzTimezoneName);
    blocks.push({
      type: 'section',
      text: mrkdwn(`*Device status*\n${deviceStatusText(source.deviceStatus, zone)}`),
    });
  }
  blocks.push({ type: 'actions', elements: buttons(source) });
  blocks.push({ type: 'context', elements: [mrkdwn(`Data source id \`${escapeMrkdwn(source.id)}\``)] });
  return { text: `${safeName(source.name, 200)}: data source details`, blocks };
}
