/**
 * vitest globalSetup: says once, in one line, that the tests checking against Slack's published reference data
 * skip because `../shared/slack` is not beside the checkout (see ./shared-dir.ts).
 */
import { haveSlackReference, SLACK_REFERENCE_DIR } from './shared-dir.ts';

// Every vitest project (unit, system, access-oauth) runs this setup in the one main process: said once a run.
const SAID = Symbol.for('fieldline.test.slackReferenceNotice');

export default function setup(): void {
  const run = globalThis as { [SAID]?: true };
  if (haveSlackReference || run[SAID]) return;
  run[SAID] = true;
  console.log(
    `Slack reference tests skipped: ${SLACK_REFERENCE_DIR} not found (manifest and Block Kit schemas, payload ` +
      'samples, Web API spec). To run them put the slack reference folder at ../shared/slack beside the checkout.',
  );
}
