import {
  CertStatus,
  COMPANY_WORD_DEFAULT_TITLE,
  type CompanyCityData,
  type CompanyPublicInfo,
  type OrgTypeValue,
  orgTypeLabels,
  Role,
} from '@jcbb/contract';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { divisionPath } from '../reference/index.ts';
import * as repo from './company.repository.ts';
import { buildCompanyWord, type CompanyWordInput } from './company.word.ts';

export type CompanyService = ReturnType<typeof createCompanyService>;

export function createCompanyService({ db }: { db: Db }) {
  return {
    /** Organisations by a fragment of their name: public register fields only. */
    async findByName(fragment: string, take: number): Promise<CompanyPublicInfo[]> {
      const rows = await repo.findByName(db, fragment, take);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        typeName: orgTypeLabels[r.type as OrgTypeValue]?.zh ?? '',
        creditCode: r.creditCode,
        regionCode: r.regionCode,
        regionName: r.regionName,
        address: r.address,
        certified: r.certStatus === CertStatus.CERTIFIED,
      }));
    },

    /**
     * The city of an organisation's region. Only the caller's own organisation (platform staff: any); another
     * organisation answers 404, as if it did not exist.
     */
    async cityOf(user: SessionUser, companyId: number): Promise<CompanyCityData> {
      const own = user.orgId === companyId || user.roles.includes(Role.SUPER_ADMIN);
      const org = own ? await repo.findOrg(db, companyId) : undefined;
      if (!org) throw notFound('企业不存在');
      const path = org.regionCode ? await divisionPath(db, org.regionCode) : [];
      const city = path.find((d) => d.level === 2) ?? null;
      return { companyId, regionCode: org.regionCode, cityCode: city?.code ?? null, cityName: city?.name ?? null };
    },

    /** The caller's manufacturer's application form for a city, as a .docx file. */
    async word(user: SessionUser, cityLetter: string, tmpName: string | undefined) {
      const org = await repo.findOrg(db, callerOrgId(user));
      if (!org) throw notFound('企业不存在');
      const city = await repo.findOpenedCity(db, cityLetter);
      if (!city) throw invalidInput([{ field: 'cityLetter', message: '该城市尚未开通' }]);
      const rows = await repo.listingsInCity(db, org.id, city.code);
      const ids = rows.map((r) => r.productId);
      const [specs, certificates, region] = await Promise.all([
        repo.specsOf(db, ids),
        repo.certificatesOf(db, ids),
        org.regionCode ? divisionPath(db, org.regionCode) : Promise.resolve([]),
      ]);
      const input: CompanyWordInput = {
        title: tmpName || COMPANY_WORD_DEFAULT_TITLE,
        city: city.name,
        company: { ...org, regionPath: region.map((d) => d.name).join('') },
        products: rows.map((r) => ({
          ...r,
          specs: specs.filter((s) => s.productId === r.productId),
          certificates: certificates.filter((c) => c.productId === r.productId),
        })),
      };
      const bytes = await buildCompanyWord(input);
      return { bytes, fileName: `${input.title}-${org.name}-${city.name}.docx` };
    },
  };
}
