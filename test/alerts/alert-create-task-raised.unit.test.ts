/** A task created from an alert says when it was raised on the site's clock, not in raw UTC. */
import { describe, expect, it } from 'vitest';
import { raisedAt } from '../../src/alerts/render/alert-format.ts';

const AT = Date.parse('2026-11-23T15:32:55.686Z');

describe('raisedAt', () => {
  it('reads the site’s wall clock', () => {
    expect(raisedAt(AT, 'Europe/Berlin')).toBe('Raised 2026-11-23 16:32 (Europe/Berlin)');
    expect(raisedAt(AT, 'America/Sao_Paulo')).toBe('Raised 2026-11-23 12:32 (America/Sao_Paulo)');
  });

  it('says UTC when the site’s zone is unknown or invalid', () => {
    expect(raisedAt(AT, null)).toBe('Raised 2026-11-23 15:32 (UTC)');
    expect(raisedAt(AT, 'Mars/Olympus')).toBe('Raised 2026-11-23 15:32 (UTC)');
  });
});
