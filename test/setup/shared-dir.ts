/**
 * `../shared` beside the checkout: Slack's reference data (schemas, payload samples, the Web API spec) that CI
 * always has and a user's clone may not. Tests that need it skip without it; ./shared.ts prints the one line.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const SLACK_REFERENCE_DIR = `${SHARED_DIR}slack/`;
export const haveSlackReference = existsSync(SLACK_REFERENCE_DIR);
