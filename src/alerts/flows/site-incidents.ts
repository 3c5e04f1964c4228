/**
 * The devices of one site with a problem now, as the acting person's key sees them (issue 41: the Workflow Builder
 * step "Open incidents at a site"). The same read and the same health rules as the relay's cycle (one device with
 * one or more conditions = one incident), evaluated on this read alone: no channel, no stored alert state.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { fetchCycle } from '../engine/fetch-cycle.ts';
import { evaluateHealth } from '../rules/evaluate-health.ts';
import { worst } from '../rules/incident.ts';
import { DEFAULT_THRESHOLDS, type HealthThresholds } from '../rules/options.ts';
import type { Severity } from '../rules/types.ts';

export interface SiteIncident {
  sourceId: string;
  sourceName: string;
  severity: Severity;
  /** Each condition's short text, worst first ("no reading for 3 h 10 min"). */
  details: string[];
}

export interface SiteIncidents {
  incidents: SiteIncident[];
  worst: Severity | null;
}

const RANK: Record<Severity, number> = { warning: 1, critical: 2 };

export async function openIncidentsAt(
  api: MonitoringApi,
  siteId: string,
  opts: { now: number; thresholds?: HealthThresholds; signal?: AbortSignal },
): Promise<SiteIncidents> {
  // contract: Paging rule 4 — fetchCycle reads every page of the site's data sources.
  const data = await fetchCycle(
    api,
    { alerts: [siteId], tasks: undefined },
    { pageSize: 200, recordConcurrency: 4, ...(opts.signal ? { signal: opts.signal } : {}) },
  );
  const incidents: SiteIncident[] = [];
  for (const source of data.sources) {
    if (source.siteId !== siteId) continue;
    const findings = evaluateHealth(source, opts.now, opts.thresholds ?? DEFAULT_THRESHOLDS).sort(
      (a, b) => RANK[b.severity] - RANK[a.severity],
    );
    if (findings.length === 0) continue;
    incidents.push({
      sourceId: source.id,
      sourceName: source.name,
      severity: worst(findings, 'warning'),
      details: findings.map((f) => f.detail),
    });
  }
  incidents.sort((a, b) => RANK[b.severity] - RANK[a.severity] || a.sourceName.localeCompare(b.sourceName));
  return { incidents, worst: incidents.length === 0 ? null : worst(incidents, 'warning') };
}
