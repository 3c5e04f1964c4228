/**
 * `/form <name>`: which of the person's forms a typed name means — one spelled exactly (case and spacing aside), else
 * the ones whose name holds every word typed, else "did you mean" names within a few edits (Levenshtein distance,
 * a slip per five characters, at most three). Pure.
 */

export interface NamedForm {
  id: string;
  name: string;
}

export type FormMatch<F extends NamedForm> =
  { kind: 'one'; form: F } | { kind: 'several'; forms: F[] } | { kind: 'none'; near: F[] };

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Edit distance (insert, delete, substitute), on at most 120 characters of each. */
export function editDistance(a: string, b: string): number {
  const s = Array.from(normal(a)).slice(0, 120);
  const t = Array.from(normal(b)).slice(0, 120);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (s[i - 1] === t[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[t.length] ?? 0;
}

export function matchForm<F extends NamedForm>(typed: string, forms: readonly F[]): FormMatch<F> {
  const want = normal(typed);
  const byId = forms.find((f) => f.id === typed.trim());
  if (byId) return { kind: 'one', form: byId };
  const exact = forms.filter((f) => normal(f.name) === want);
  if (exact.length === 1 && exact[0]) return { kind: 'one', form: exact[0] };
  if (exact.length > 1) return { kind: 'several', forms: exact };
  const words = want.split(' ').filter(Boolean);
  const holding = forms.filter((f) => words.every((w) => normal(f.name).includes(w)));
  if (holding.length === 1 && holding[0]) return { kind: 'one', form: holding[0] };
  if (holding.length > 1) return { kind: 'several', forms: holding };
  const allowed = Math.min(3, Math.floor(Array.from(want).length / 5));
  const near = forms
    .map((form) => ({ form, d: editDistance(want, form.name) }))
    .filter((n) => allowed > 0 && n.d <= allowed)
    .sort((a, b) => a.d - b.d || a.form.name.localeCompare(b.form.name))
    .slice(0, 3)
    .map((n) => n.form);
  return { kind: 'none', near };
}
