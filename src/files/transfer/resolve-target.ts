/**
 * Where uploaded files belong. contract: signed uploads — `company` is required (no conversation here);
 * it comes from configuration or from a data source's `companyId` (only the full record carries it).
 */
import type { BaseDeps } from '../../base/deps.ts';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';

export interface TransferTarget {
  companyId: string;
  siteId?: string;
  /** Attaches the file to a data source; only effective together with assetType (contract). */
  deviceId?: string;
  assetType?: string;
}

import type { TargetChoice } from '../service/upload-targets.ts';

export type { TargetChoice };

export const NO_COMPANY_TEXT =
  'There is no company to upload to: choose a data source or site whose record names a company, ' +
  'or ask an admin to set FIELDLINE_COMPANY_ID.';

export async function resolveTarget(
  deps: BaseDeps,
  choice: TargetChoice,
  signal?: AbortSignal,
): Promise<TransferTarget> {
  const configured = deps.config.companyId;
  if (choice.dataSourceId) {
    const source = await deps.monitoring.dataSources.get(choice.dataSourceId, {}, signal);
    const companyId = source.companyId ?? configured;
    if (!companyId) throw new FileTransferError('NO_COMPANY', NO_COMPANY_TEXT, { retryable: false });
    return { companyId, siteId: source.site.id };
  }
  if (choice.siteId) {
    if (configured) return { companyId: configured, siteId: choice.siteId };
    const companyId = await companyOfSite(deps, choice.siteId, signal);
    if (!companyId) throw new FileTransferError('NO_COMPANY', NO_COMPANY_TEXT, { retryable: false });
    return { companyId, siteId: choice.siteId };
  }
  if (configured) return { companyId: configured };
  throw new FileTransferError('NO_COMPANY', NO_COMPANY_TEXT, { retryable: false });
}

/** The company of the first data source in a site that names one (a site's sources share its company). */
async function companyOfSite(deps: BaseDeps, siteId: string, signal?: AbortSignal): Promise<string | null> {
  let checked = 0;
  for await (const row of deps.monitoring.dataSources.list({ siteIds: [siteId], limit: 20 }, signal)) {
    const source = await deps.monitoring.dataSources.get(row.id, {}, signal);
    if (source.companyId) return source.companyId;
    if (++checked >= 3) break;
  }
  return null;
}
