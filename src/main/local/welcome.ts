/** The first message a visitor of local mode sees in #general: what this is and what to try. */

export const WELCOME_TEXT = 'Welcome to fieldline, running locally — try /task new, /source or /reading.';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

export function welcomeBlocks(): object[] {
  return [
    { type: 'header', text: { type: 'plain_text', text: 'Welcome to fieldline (local mode)', emoji: true } },
    {
      type: 'section',
      text: mrkdwn(
        'This page stands in for Slack and the demo plant stands in for your monitoring platform. ' +
          'Everything you click reaches fieldline as the signed request Slack would send.',
      ),
    },
    {
      type: 'section',
      fields: [
        mrkdwn('*Tasks*\n`/task new Leaking valve on pump 3`'),
        mrkdwn('*Data sources*\n`/source camera`'),
        mrkdwn('*Readings*\n`/reading Main Energy Meter 24h`'),
        mrkdwn('*Feed*\n`/post Shift handover done`'),
      ],
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          'Alerts arrive in <#C0ALERTS> and task changes in <#C0MAINT> as the demo plant changes. ' +
            'To act as someone else, pick another person with the name at the top (on a phone: the name chip at the top right).',
        ),
      ],
    },
  ];
}
