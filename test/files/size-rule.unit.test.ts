import { describe, expect, it } from 'vitest';
import {
  checkFileSize,
  formatBytes,
  MAX_FILE_BYTES,
  MIN_FILE_BYTES,
} from '../../src/kit/slack-files/size-rule.ts';

describe('signed upload size rule (100 B – 100 MB)', () => {
  it('accepts the bounds themselves', () => {
    expect(checkFileSize('a.png', MIN_FILE_BYTES)).toBeNull();
    expect(checkFileSize('a.png', MAX_FILE_BYTES)).toBeNull();
  });

  it('refuses a file under 100 bytes and names it with its size', () => {
    const err = checkFileSize('tiny.txt', 99);
    expect(err?.code).toBe('TOO_SMALL');
    expect(err?.userText).toContain('tiny.txt is 99 B');
    expect(err?.retryable).toBe(false);
  });

  it('refuses a file over 100 MB', () => {
    const err = checkFileSize('huge.mp4', MAX_FILE_BYTES + 1);
    expect(err?.code).toBe('TOO_LARGE');
    expect(err?.userText).toContain('up to 100 MB');
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(950)).toBe('950 B');
    expect(formatBytes(12_345)).toBe('12.3 KB');
    expect(formatBytes(4_500_000)).toBe('4.5 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
  });
});
