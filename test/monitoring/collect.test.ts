/** collect: a platform answer's body read whole into one buffer, bounded by a byte cap. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { collect } from '../../src/monitoring/status.ts';

const tooLarge = () => new Error('too large');

describe('collect', () => {
  test('joins the chunks in order', async () => {
    const body = new PassThrough();
    const read = collect(body, 100, tooLarge);
    body.write('{"data":');
    body.write(Buffer.from(' [1, "é"]}'));
    body.end();
    expect((await read).toString('utf8')).toBe('{"data": [1, "é"]}');
  });

  test('one chunk is returned without a copy', async () => {
    const body = new PassThrough();
    const chunk = Buffer.from('{"data": null}');
    const read = collect(body, 100, tooLarge);
    body.end(chunk);
    expect(await read).toBe(chunk);
  });

  test('past the cap it stops reading and drops the body', async () => {
    const body = new PassThrough();
    const read = collect(body, 10, tooLarge);
    body.write('12345678');
    body.write('901');
    await expect(read).rejects.toThrow('too large');
    expect(body.destroyed).toBe(true);
  });

  test('exactly the cap is read', async () => {
    const body = new PassThrough();
    const read = collect(body, 10, tooLarge);
    body.end('1234567890');
    expect((await read).length).toBe(10);
  });

  test('a stream error is the rejection', async () => {
    const body = new PassThrough();
    const read = collect(body, 100, tooLarge);
    body.destroy(new Error('socket hang up'));
    await expect(read).rejects.toThrow('socket hang up');
  });

  test('a body closed quietly before its end does not leave the read waiting', async () => {
    const body = new PassThrough();
    const read = collect(body, 100, tooLarge);
    body.write('{"data": [');
    body.destroy();
    await expect(read).rejects.toThrow('ended before it was complete');
  });
});
