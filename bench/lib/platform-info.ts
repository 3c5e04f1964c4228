/** What the platform child (sandbox + Slack stand-in) tells the benchmarks, and the app child's environment from it. */
import type { Workspace } from './slack-bodies.ts';

export interface PlatformInfo extends Workspace {
  sandboxUrl: string;
  apiKey: string;
  apiUrl: string;
  signingSecret: string;
  botToken: string;
}

/** The BENCH_* variables bench/children/ack-app.ts reads to reach the platform child. */
export function appChildEnv(info: PlatformInfo): Record<string, string> {
  return {
    BENCH_SANDBOX_URL: info.sandboxUrl,
    BENCH_API_KEY: info.apiKey,
    BENCH_SLACK_API_URL: info.apiUrl,
    BENCH_SIGNING_SECRET: info.signingSecret,
    BENCH_BOT_TOKEN: info.botToken,
  };
}
