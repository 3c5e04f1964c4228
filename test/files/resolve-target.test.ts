/** Where uploads are filed: the company from configuration or from a data source's full record (sandbox over loopback). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type BaseDeps } from '../../src/base/deps.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { FileTransferError, resolveTarget } from '../../src/files/transfer/index.ts';
import { sandboxBaseDeps } from '../fixtures/sandbox-deps.ts';

let sandbox: Sandbox;
let deps: BaseDeps;

beforeAll(async () => {
  sandbox = await startSandbox();
  deps = await sandboxBaseDeps(sandbox, systemClock);
});
afterAll(async () => {
  await deps?.monitoring.close();
  await sandbox?.close();
});

const withCompany = (companyId: string): BaseDeps => ({ ...deps, config: { ...deps.config, companyId } });

describe('resolveTarget', () => {
  it("takes a data source's company and site from its full record", async () => {
    const source = sandbox.admin.state.sources[0]!;
    expect(await resolveTarget(deps, { dataSourceId: source.id })).toEqual({
      companyId: '42',
      siteId: source.siteId,
    });
  });

  it("finds a site's company through one of its data sources when none is configured", async () => {
    const siteId = sandbox.admin.state.sites[0]!.id;
    expect(await resolveTarget(deps, { siteId })).toEqual({ companyId: '42', siteId });
  });

  it('uses the configured company when nothing is chosen', async () => {
    expect(await resolveTarget(withCompany('77'), {})).toEqual({ companyId: '77' });
  });

  it('says clearly that there is no company when neither is available', async () => {
    const err = await resolveTarget(deps, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileTransferError);
    expect(err instanceof FileTransferError && err.code).toBe('NO_COMPANY');
    expect(err instanceof FileTransferError && err.userText).toContain('FIELDLINE_COMPANY_ID');
  });
});
