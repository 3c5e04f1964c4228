/** docs/benchmarks.md section for issue 39: many workspaces, each with its own platform connection (10). */
import { SCALE_SLACK_MS, type ScaleResult } from '../scale.ts';
import { kib, ms, ratio } from './stats.ts';

const verdict = (met: boolean) => (met ? '**met**' : '**MISSED**');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const head = (cells: string[]) => [row(cells), row(cells.map(() => '---'))];
const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;

export interface ScaleSummaryRow {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

export function scaleVerdicts(s: ScaleResult | undefined): ScaleSummaryRow[] {
  if (!s) return [];
  const out: ScaleSummaryRow[] = [];
  const big = s.cells.at(-1);
  if (big) {
    const target = big.intervalMs + s.slackMs;
    out.push({
      name: `many workspaces: delivery at N = ${big.workspaces}`,
      figure: `worst workspace's p95 ${ratio(big.worstWorkspaceP95Ms / target)} of (interval + 2 s), ${big.missing} missing, one platform failing throughout`,
      target: '≤ 1.00×, 0 missing',
      met: big.met,
    });
  }
  const first = s.cells[0];
  if (first && big && big !== first) {
    const cpu = big.cpuMsPerWorkspaceInterval / first.cpuMsPerWorkspaceInterval;
    out.push({
      name: `many workspaces: cost per workspace`,
      figure: `CPU per workspace ${ratio(cpu)}, heap per workspace ${ratio(big.heapPerWorkspace / Math.max(1, s.cells[1]?.heapPerWorkspace ?? first.heapPerWorkspace))} (N = ${big.workspaces} against N = ${first.workspaces} / ${s.cells[1]?.workspaces ?? first.workspaces}); calls per cycle ≤ ${big.callsPerCycle.max}`,
      target: 'about 1× (linear in N)',
      met: cpu <= 1.5,
    });
  }
  return out;
}

export function scaleSection(s: ScaleResult): string[] {
  const first = s.cells[0];
  const lines = [
    '## 10. Many workspaces',
    '',
    'N workspaces, each with a platform connection of its own (a key of its own on a sandbox; five workspaces share',
    'a sandbox, each key seeing one site, so each sees only its own changes) and two subscribed channels (alerts and',
    'tasks, tasks only), plus one workspace whose platform answers every call 429 (Retry-After 1 s) or 500 for the',
    'whole run. Every relay runs in the bench process under the relay manager (src/alerts/engine/relay-manager.ts:',
    'one poll loop, lease, outbox and backoff per connection; at most 16 platform reads at once across relays), with',
    'the sandboxes and the Slack stand-in in the same process. Each round creates one task per healthy workspace at a',
    'random moment within one poll interval; delivery is platform change → chat.postMessage in the stand-in, per',
    `channel. Target: every workspace's p95 within one poll interval + ${secs(SCALE_SLACK_MS)}. CPU is the whole`,
    "process's (relays, sandboxes and stand-in) per workspace and poll interval; heap is what the running relays",
    'hold after GC, per workspace. Ratios are against the smallest N.',
    '',
    ...head([
      'N',
      'interval',
      'samples',
      'missing',
      'p50',
      'p95',
      'worst workspace p95',
      'p95 / (interval + 2 s)',
      'calls per cycle (mean / max)',
      'CPU per workspace·interval',
      'ratio',
      'heap per workspace',
      'failing platform (failures, calls)',
      'verdict',
    ]),
  ];
  for (const c of s.cells) {
    lines.push(
      row([
        c.workspaces,
        secs(c.intervalMs),
        c.samples,
        c.missing,
        ms(c.p50Ms, 0),
        ms(c.p95Ms, 0),
        ms(c.worstWorkspaceP95Ms, 0),
        ratio(c.worstWorkspaceP95Ms / (c.intervalMs + s.slackMs)),
        `${c.callsPerCycle.mean.toFixed(2)} / ${c.callsPerCycle.max}`,
        ms(c.cpuMsPerWorkspaceInterval, 2),
        first ? ratio(c.cpuMsPerWorkspaceInterval / first.cpuMsPerWorkspaceInterval) : '—',
        kib(c.heapPerWorkspace),
        `${c.failing.failures}, ${c.failing.calls}`,
        verdict(c.met),
      ]),
    );
  }
  lines.push(
    '',
    'Calls per cycle are what one relay cycle of a workspace needs: one GET /data-sources page (its sites, with last',
    "readings), one GET /data-sources/{id} per camera (device status) and one GET /tasks page. The failing workspace's",
    'relay backs off on its own (its calls stay few), and no other workspace waits for it.',
  );
  return lines;
}
