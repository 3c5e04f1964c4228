/**
 * Text values that a spreadsheet would run as a formula (CSV injection): operators open the platform's CSV
 * exports in spreadsheets, so a reading stored as `=HYPERLINK(…)` would act in everyone's copy. Manual entry and
 * CSV import refuse them (rather than store a silently changed value) and say why. Pure.
 * OWASP "CSV Injection": cells starting with `=`, `+`, `-`, `@`, tab or carriage return.
 */
const TRIGGERS: Record<string, string> = {
  '=': '"="',
  '+': '"+"',
  '-': '"-"',
  '@': '"@"',
  '\t': 'a tab',
  '\r': 'a carriage return',
};

/** What the value starts with that a spreadsheet reads as a formula, or null when it is safe. */
export function formulaStart(value: string): string | null {
  // A value padded with spaces is still read as a formula by some spreadsheets.
  for (const candidate of [value, value.trimStart()]) {
    const first = candidate.charAt(0);
    if (first !== '' && Object.hasOwn(TRIGGERS, first)) return TRIGGERS[first] ?? null;
  }
  return null;
}

/** The refusal, naming the character and the reason; `what` names the field or column. */
export function formulaRefusal(what: string, start: string): string {
  return (
    `${what} starts with ${start}, which spreadsheets run as a formula when someone opens a CSV export; ` +
    'text values may not start with =, +, -, @, a tab or a carriage return. Start it with another character.'
  );
}
