/** The monitoring client's entry point: the factory, the contract's domain types and the error class. */
export * from './api.ts';
export { createMonitoringClient, type MonitoringClientOptions } from './client.ts';
export { createRoutedMonitoring } from './routed.ts';
export { MonitoringError, isMonitoringError } from './errors.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep } from './retry.ts';
export { DEFAULT_TIMEOUTS, type ApiKeySource, type Timeouts } from './http.ts';
