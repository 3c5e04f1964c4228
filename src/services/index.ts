/**
 * Feature services shared by several Slack surfaces and the relay (directory of sites, status registry,
 * people mapping, …). Each feature adds its field to `Services` and its construction to `createServices`.
 */
import type { BaseDeps } from '../deps.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

export function createServices(_base: BaseDeps): Services {
  return {};
}
