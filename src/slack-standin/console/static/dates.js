// Slack's date tokens ({date_num}, {date_short_pretty}, {time} …) formatted in the viewer's time zone.

const parts = (date, tz, options) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, ...options })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );

function ordinal(day) {
  const n = Number(day);
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

function dayKey(date, tz) {
  const p = parts(date, tz, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

function pretty(date, tz) {
  const day = 86_400_000;
  const key = dayKey(date, tz);
  const now = Date.now();
  if (key === dayKey(new Date(now), tz)) return 'today';
  if (key === dayKey(new Date(now - day), tz)) return 'yesterday';
  if (key === dayKey(new Date(now + day), tz)) return 'tomorrow';
  return undefined;
}

function ago(date) {
  const seconds = Math.round((Date.now() - date.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const [value, unit] =
    abs < 60
      ? [abs, 'second']
      : abs < 3600
        ? [Math.round(abs / 60), 'minute']
        : abs < 86_400
          ? [Math.round(abs / 3600), 'hour']
          : [Math.round(abs / 86_400), 'day'];
  const text = `${value} ${unit}${value === 1 ? '' : 's'}`;
  return seconds >= 0 ? `${text} ago` : `in ${text}`;
}

export function formatSlackDate(seconds, format, tz) {
  const date = new Date(seconds * 1000);
  const d = parts(date, tz, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const short = parts(date, tz, { year: 'numeric', month: 'short', day: 'numeric' });
  const tokens = {
    date_num: dayKey(date, tz),
    date: `${d.month} ${ordinal(d.day)}, ${d.year}`,
    date_short: `${short.month} ${short.day}, ${short.year}`,
    date_long: `${d.weekday}, ${d.month} ${ordinal(d.day)}, ${d.year}`,
    time: new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', minute: '2-digit' }).format(date),
    time_secs: new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    }).format(date),
    ago: ago(date),
  };
  const p = pretty(date, tz);
  tokens.date_pretty = p ?? tokens.date;
  tokens.date_short_pretty = p ?? tokens.date_short;
  tokens.date_long_pretty = p ?? tokens.date_long;
  return format.replace(/\{([a-z_]+)\}/g, (m, name) => tokens[name] ?? m);
}

/** A message's time of day in the list, e.g. "9:41 AM". */
export function clockTime(ts, tz) {
  return new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', minute: '2-digit' }).format(
    new Date(Number(ts) * 1000),
  );
}
