/** `/monitor status` in a channel fieldline cannot post to says so, with what to do. */
import { describe, expect } from 'vitest';
import { sharedBedTest as it } from './alerts-bed.ts';

describe('/monitor status and channel membership', () => {
  it('says a private channel it was not invited to cannot receive anything', async ({ bed }) => {
    const text = await bed.monitor('status', 'G0PRIVATE');
    expect(text).toMatch(/I cannot post in this channel .*`\/invite @fieldline`/);
  });

  it('says nothing of the kind where it is a member', async ({ bed }) => {
    const text = await bed.monitor('status');
    expect(text).not.toMatch(/cannot post|not a member/);
    expect(text).toMatch(/check of the platform/);
  });

  it('is fine again once invited', async ({ bed }) => {
    const channel = bed.h.standin.state.channel('G0PRIVATE')!;
    bed.h.standin.addChannel({ ...channel, is_member: true });
    expect(await bed.monitor('status', 'G0PRIVATE')).not.toMatch(/cannot post|not a member/);
  });
});
