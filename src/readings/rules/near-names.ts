/**
 * "Did you mean …?" for a data source name typed with a slip ("Main Enrgy Meter"): the names within a few edits of
 * what was typed, by Damerau-Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours), case and spacing ignored. Pure.
 */

/** Longer names are cut here before comparing (the table is length × length). */
const MAX_CHARS = 120;

function normal(text: string): string[] {
  return Array.from(text.trim().toLowerCase().replace(/\s+/g, ' ')).slice(0, MAX_CHARS);
}

/** Edit distance between `a` and `b`, where swapping two neighbouring characters counts as one edit. */
export function editDistance(a: string, b: string): number {
  const s = normal(a);
  const t = normal(b);
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d = new Uint16Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(
        (d[(i - 1) * cols + j] ?? 0) + 1,
        (d[i * cols + j - 1] ?? 0) + 1,
        (d[(i - 1) * cols + j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, (d[(i - 2) * cols + j - 2] ?? 0) + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] ?? 0;
}

/** How many edits still count as a slip for a name this long: none for 3 characters, up to 3 from 12 on. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  if (length <= 11) return 2;
  return 3;
}

/**
 * The names among `candidates` that `typed` nearly spells, nearest first, each name once, at most `max`. A name
 * spelled exactly (case and spacing aside) is not a near miss.
 */
export function nearNames(typed: string, candidates: readonly string[], max = 3): string[] {
  const length = normal(typed).length;
  const allowed = allowedEdits(length);
  if (allowed === 0) return [];
  const seen = new Set<string>();
  const near: { name: string; distance: number }[] = [];
  for (const name of candidates) {
    const key = normal(name).join('');
    if (seen.has(key)) continue;
    seen.add(key);
    // no table needed when the lengths alone differ by more than the allowance
    if (Math.abs(Array.from(key).length - length) > allowed) continue;
    const distance = editDistance(typed, name);
    if (distance > 0 && distance <= allowed) near.push({ name, distance });
  }
  near.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  return near.slice(0, max).map((n) => n.name);
}
