/**
 * Operability (issue 42): /metrics (the registry itself is src/base/metrics.ts, which every layer records into),
 * the job thread's figures, and the audit trail with its `/monitor audit` reading. Below the features, above
 * kit/, directory/, monitoring/, store/ and base/: it imports no feature (the composition root wires it to access).
 */
export { createMetricsEndpoint, type MetricsEndpoint } from './metrics-http.ts';
export { serveThreadMetrics } from './thread-metrics.ts';
export {
  AUDIT_KINDS,
  type AuditEntry,
  type AuditKind,
  type AuditWho,
  type AuditWhat,
} from './audit/audit-entry.ts';
export { createAuditTrail, type AuditTrail } from './audit/audit-trail.ts';
export { auditPlaceMiddleware, recordAudit, requestChannel } from './audit/audit-place.ts';
export { auditedMonitoring } from './audit/audited-monitoring.ts';
export { auditVault } from './audit/audited-vault.ts';
export { isAuditCommand, runMonitorAudit } from './monitor-audit.ts';
