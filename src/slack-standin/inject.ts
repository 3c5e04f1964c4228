/**
 * Failures a test asks for: a 429 with Retry-After, or an `{ok:false, error}` (any HTTP status), per method
 * and optionally per channel; or Slack's per-channel posting rate (~1 message/s), which is off by default; or a
 * late answer (`delayMs`, Web API methods only).
 */
import type { InjectRule } from './types.ts';

export interface InjectedFailure {
  status: number;
  error: string;
  retryAfterSeconds?: number;
  /** answer only after this long */
  delayMs?: number;
}

interface ActiveRule extends InjectRule {
  remaining: number;
}

export class Injections {
  private rules: ActiveRule[] = [];
  private readonly lastPost = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  add(rule: InjectRule): void {
    this.rules.push({ ...rule, remaining: rule.times ?? 1 });
  }

  clear(): void {
    this.rules = [];
    this.lastPost.clear();
  }

  /** The failure to answer with for this call, consuming one use of the matching rule. */
  take(method: string, channel: string | undefined): InjectedFailure | undefined {
    for (const rule of this.rules) {
      if (!matches(rule, method, channel) || delayOnly(rule)) continue;
      if (rule.perChannelPerSecond !== undefined) {
        const limited = this.rateLimited(rule.perChannelPerSecond, method, channel);
        if (limited) return limited;
        continue;
      }
      if (rule.remaining <= 0) continue;
      rule.remaining -= 1;
      return toFailure(rule);
    }
    return undefined;
  }

  /** How long to hold this call before it runs as usual (a rule with `delayMs` and no failure), consuming a use. */
  delay(method: string, channel: string | undefined): number {
    const rule = this.rules.find((r) => matches(r, method, channel) && delayOnly(r) && r.remaining > 0);
    if (!rule) return 0;
    rule.remaining -= 1;
    return rule.delayMs ?? 0;
  }

  private rateLimited(
    perSecond: number,
    method: string,
    channel: string | undefined,
  ): InjectedFailure | undefined {
    const key = `${method}:${channel ?? ''}`;
    const now = this.now();
    const recent = (this.lastPost.get(key) ?? []).filter((t) => now - t < 1000);
    if (recent.length >= perSecond) {
      this.lastPost.set(key, recent);
      return { status: 429, error: 'ratelimited', retryAfterSeconds: 1 };
    }
    recent.push(now);
    this.lastPost.set(key, recent);
    return undefined;
  }
}

function matches(rule: InjectRule, method: string, channel: string | undefined): boolean {
  if (rule.method !== method && rule.method !== '*') return false;
  return rule.channel === undefined || rule.channel === channel;
}

const delayOnly = (rule: InjectRule): boolean =>
  rule.delayMs !== undefined && rule.error === undefined && rule.status === undefined;

function toFailure(rule: InjectRule): InjectedFailure {
  const error = rule.error ?? 'ratelimited';
  const status = rule.status ?? (error === 'ratelimited' ? 429 : 200);
  const delay = rule.delayMs !== undefined ? { delayMs: rule.delayMs } : {};
  if (status === 429) return { status, error, retryAfterSeconds: rule.retryAfterSeconds ?? 1, ...delay };
  return { status, error, ...delay };
}
