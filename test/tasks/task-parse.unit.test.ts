/** The /task text parser: subcommands, list filters and the specific messages for bad filters. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListArgs, parseTaskCommand } from '../../src/tasks/rules/parse-command.ts';

describe('parseTaskCommand', () => {
  it('opens the modal for empty text and prefills it for new <title>', () => {
    expect(parseTaskCommand('')).toEqual({ kind: 'create' });
    expect(parseTaskCommand('  new   Leaking valve on pump 3 ')).toEqual({
      kind: 'create',
      title: 'Leaking valve on pump 3',
    });
    expect(parseTaskCommand('new')).toEqual({ kind: 'create' });
  });

  it('recognises help and leaves unknown subcommands to the help text', () => {
    expect(parseTaskCommand('help')).toEqual({ kind: 'help' });
    expect(parseTaskCommand('HELP')).toEqual({ kind: 'help' });
    expect(parseTaskCommand('frobnicate now')).toEqual({ kind: 'unknown', text: 'frobnicate now' });
  });

  it('parses list with scope, a multi-word site and a priority in any order', () => {
    expect(parseTaskCommand('list')).toEqual({ kind: 'list', request: { scope: 'open' } });
    expect(parseTaskCommand('list all')).toEqual({ kind: 'list', request: { scope: 'all' } });
    expect(parseTaskCommand('list mine')).toEqual({ kind: 'list', request: { scope: 'mine' } });
    expect(parseTaskCommand('list overdue site Berlin Plant priority HIGH')).toEqual({
      kind: 'list',
      request: { scope: 'overdue', siteText: 'Berlin Plant', priorityId: '15' },
    });
    expect(parseTaskCommand('list priority low site "São Paulo" open')).toEqual({
      kind: 'list',
      request: { scope: 'open', siteText: 'São Paulo', priorityId: '5' },
    });
  });

  it('says exactly what is wrong with a filter', () => {
    expect(parseListArgs('priority urgent')).toEqual({
      ok: false,
      message: '`priority` must be high, medium or low (got `urgent`).',
    });
    expect(parseListArgs('priority')).toEqual({
      ok: false,
      message: '`priority` must be high, medium or low.',
    });
    expect(parseListArgs('site')).toEqual({
      ok: false,
      message: '`site` needs a site name, e.g. `site North`.',
    });
    expect(parseListArgs('open mine')).toMatchObject({
      ok: false,
      message: expect.stringContaining('got both `open` and `mine`'),
    });
    expect(parseListArgs('banana')).toEqual({
      ok: false,
      message: "I don't understand `banana` in the list filter.",
    });
    expect(parseTaskCommand('list site')).toMatchObject({ kind: 'invalid' });
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const parsed = parseTaskCommand(text);
        expect(['create', 'list', 'help', 'unknown', 'invalid']).toContain(parsed.kind);
      }),
      { numRuns: 300 },
    );
  });
});
