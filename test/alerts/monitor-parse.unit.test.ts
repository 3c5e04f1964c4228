import { describe, expect, it } from 'vitest';
import { parseMonitorCommand } from '../../src/alerts/rules/monitor-parse.ts';

describe('parseMonitorCommand', () => {
  it.each([
    ['', { kind: 'help' }],
    ['help', { kind: 'help' }],
    ['list', { kind: 'list' }],
    ['STATUS', { kind: 'status' }],
    ['subscribe alerts', { kind: 'subscribe', topic: 'alerts', sites: [], severity: null, priority: null }],
    [
      'subscribe alerts site Berlin Plant site Pune severity critical',
      {
        kind: 'subscribe',
        topic: 'alerts',
        sites: ['Berlin Plant', 'Pune'],
        severity: 'critical',
        priority: null,
      },
    ],
    [
      'subscribe tasks site a, b priority HIGH',
      { kind: 'subscribe', topic: 'tasks', sites: ['a', 'b'], severity: null, priority: 'high' },
    ],
    [
      'subscribe tasks site "Site priority"',
      { kind: 'subscribe', topic: 'tasks', sites: ['Site priority'], severity: null, priority: null },
    ],
    ['unsubscribe', { kind: 'unsubscribe', topic: 'all', sites: [] }],
    ['unsubscribe all', { kind: 'unsubscribe', topic: 'all', sites: [] }],
    ['unsubscribe tasks site Pune', { kind: 'unsubscribe', topic: 'tasks', sites: ['Pune'] }],
  ])('%j', (text, expected) => {
    expect(parseMonitorCommand(text)).toEqual(expected);
  });

  it.each([
    ['frobnicate', /don't know/],
    ['subscribe', /alerts.*tasks/],
    ['subscribe alerts severity loud', /warning.*critical/],
    ['subscribe tasks priority urgent', /high.*medium.*low/],
    ['subscribe alerts priority high', /severity/],
    ['subscribe tasks severity critical', /priority/],
    ['subscribe alerts Berlin', /site/],
  ])('rejects %j with a specific message', (text, message) => {
    const cmd = parseMonitorCommand(text);
    expect(cmd.kind).toBe('invalid');
    if (cmd.kind === 'invalid') expect(cmd.message).toMatch(message);
  });
});

describe('parseMonitorCommand: digest', () => {
  it('reads shift changes and sites, now and off', () => {
    expect(parseMonitorCommand('digest at 06:00,14:00,22:00 site Berlin Plant site Chicago Works')).toEqual({
      kind: 'digest-at',
      times: ['06:00', '14:00', '22:00'],
      sites: ['Berlin Plant', 'Chicago Works'],
    });
    expect(parseMonitorCommand('digest at 6:00 14:00')).toEqual({
      kind: 'digest-at',
      times: ['06:00', '14:00'],
      sites: [],
    });
    expect(parseMonitorCommand('digest now')).toEqual({ kind: 'digest-now' });
    expect(parseMonitorCommand('digest off')).toEqual({ kind: 'digest-off' });
  });

  it('says what is wrong with a digest command', () => {
    expect(parseMonitorCommand('digest at 6pm')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('"6pm"'),
    });
    expect(parseMonitorCommand('digest')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('digest at'),
    });
    expect(parseMonitorCommand('digest at 06:00 severity critical')).toMatchObject({ kind: 'invalid' });
  });
});
