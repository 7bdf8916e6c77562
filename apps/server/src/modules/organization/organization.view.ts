import {
  CertStatus,
  type ModuleCodeValue,
  moduleCodeValues,
  moduleLabels,
  type OrganizationData,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileService } from '../file/index.ts';
import { natureName, orgTypeAndStatus } from './organization.format.ts';
import * as repo from './organization.repository.ts';

export function moduleViews(codes: readonly string[]) {
  return codes
    .filter((c): c is ModuleCodeValue => (moduleCodeValues as string[]).includes(c))
    .map((c) => ({ moduleCode: c, name: moduleLabels[c].zh, enName: moduleLabels[c].en }));
}

/** An organisation as its members (and the platform) see it. */
export async function organizationView(
  tx: Tx,
  files: FileService,
  org: repo.OrganizationRow,
): Promise<OrganizationData> {
  const regionPath = await repo.regionPath(tx, org.regionCode);
  const modules = await repo.enabledModules(tx, org.id);
  let license: OrganizationData['license'] = null;
  if (org.licenseUploadId !== null) {
    // The org's own upload, read without the caller's org because the platform also sees this view.
    const file = await files.getUnchecked(org.licenseUploadId, tx).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    license = file && file.orgId === org.id ? { id: file.id, name: file.name } : null;
  }
  return {
    id: org.id,
    name: org.name,
    ...orgTypeAndStatus(org),
    nature: org.nature,
    natureName: natureName(org.nature),
    creditCode: org.creditCode,
    regionCode: org.regionCode,
    regionPath,
    address: org.address,
    legalPerson: org.legalPerson,
    contactName: org.contactName,
    contactPhone: org.contactPhone,
    license,
    rejectReason: org.certStatus === CertStatus.REJECTED ? org.rejectReason : null,
    certifiedAt: formatOptionalShanghaiTime(org.certifiedAt),
    modules: moduleViews(modules),
  };
}
