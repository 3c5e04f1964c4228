import { describe, expect } from 'vitest';
import { ALERTS, GENERAL, sharedBedTest as it } from './alerts-bed.ts';

describe('/monitor', () => {
  it('answers help with every subcommand', async ({ bed }) => {
    const text = await bed.monitor('help');
    for (const sub of ['subscribe alerts', 'subscribe tasks', 'unsubscribe', 'list', 'status'])
      expect(text).toContain(sub);
  });

  it('explains a bad option instead of failing', async ({ bed }) => {
    expect(await bed.monitor('subscribe alerts severity loud')).toMatch(
      /Severity must be `warning` or `critical`/,
    );
    expect(await bed.monitor('frobnicate')).toMatch(/I don't know `\/monitor frobnicate`/);
  });

  it('subscribes a channel to alerts of named sites with a severity, and lists it', async ({ bed }) => {
    const text = await bed.monitor('subscribe alerts site berlin plant site Pune severity critical', GENERAL);
    expect(text).toMatch(/Subscribed/);
    expect(text).toMatch(/Alerts\* from \*Berlin Plant\*, \*Pune Assembly\* \(critical only\)/);
    const list = await bed.monitor('list', GENERAL);
    expect(list).toMatch(/Berlin Plant.*Pune Assembly.*critical only/);
    expect(list).not.toMatch(/Task changes/);
  });

  it('adds task subscriptions beside alerts and removes them one by one', async ({ bed }) => {
    await bed.monitor('subscribe alerts', ALERTS);
    expect(await bed.monitor('subscribe tasks site Chicago priority medium', ALERTS)).toMatch(
      /Task changes\* from \*Chicago Works\* \(medium priority and up\)/,
    );
    // Linked mode: "subscribe alerts" names every site of the admin's own key (here all five).
    expect(await bed.monitor('unsubscribe tasks', ALERTS)).toMatch(
      /Unsubscribed[\s\S]*Alerts\* from \*Berlin Plant\*, \*Chicago Works\*, .*\*Sydney Terminal\*/,
    );
    expect(await bed.monitor('unsubscribe', ALERTS)).toMatch(/no subscriptions/);
    expect(await bed.monitor('unsubscribe alerts', ALERTS)).toMatch(/nothing to unsubscribe/);
  });

  it('names unknown and ambiguous sites and changes nothing', async ({ bed }) => {
    const unknown = await bed.monitor('subscribe alerts site Atlantis', ALERTS);
    expect(unknown).toMatch(/No site matches "Atlantis"\. Sites I can see: .*Berlin Plant/);
    expect(unknown).toMatch(/Nothing was changed/);
    const many = await bed.monitor('subscribe tasks site a', ALERTS);
    expect(many).toMatch(/"a" matches several sites/);
    expect(await bed.monitor('list', ALERTS)).toMatch(/no subscriptions/);
  });

  it('joins a public channel it is not in, and asks to be invited to a private one', async ({ bed }) => {
    expect(await bed.monitor('subscribe alerts', 'C0MAINT')).toMatch(/I joined this channel/);
    expect(bed.h.standin.callsTo('conversations.join').map((c) => c.args.channel)).toContain('C0MAINT');
    expect(await bed.monitor('subscribe alerts', 'G0PRIVATE')).toMatch(
      /invite me with `\/invite @fieldline`/,
    );
    expect(bed.h.standin.callsTo('conversations.join').map((c) => c.args.channel)).not.toContain('G0PRIVATE');
  });

  it('reports the status in operator words: first no check, then when it last checked and what it watches', async ({
    bed,
  }) => {
    expect(await bed.monitor('status', 'C0MAINT')).toMatch(/has not finished a check of the platform yet/);
    await bed.relay.runCycle();
    const text = await bed.monitor('status', 'C0MAINT');
    expect(text).toMatch(/Alerts and task changes last checked <!date\^\d+\^[^>]+> \(.+ ago\)/);
    expect(text).toMatch(/Watching \d+ data sources \(\d+ cameras\) and \d+ tasks/);
    // engineering figures are behind Details, not in the status itself
    expect(text).not.toMatch(/page\(s\)|camera record|lag|p50|p95|`\w+\.[\w-]+`/);
  });
});
