import type {
  RegionDistrictDetailsData,
  RegionDistrictsData,
  RegionSupplierView,
  regionDistrictDetailsBody,
  regionDistrictsBody,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import * as repo from './procurement.region.repository.ts';

/**
 * Where a city's qualifying suppliers are (docs/procurement.md, "Region"): public, read-only. Qualifying: a product
 * listed (published, enabled) in the city's catalogue, filtered by class and green; its supplier is the listing's
 * organisation, placed by the organisation's registered region code (a county code).
 */
export function createRegionService({ db }: { db: Db }) {
  return {
    async districts(body: z.output<typeof regionDistrictsBody>): Promise<RegionDistrictsData> {
      return db.transaction(async (tx) => {
        const city = await repo.divisionWithParent(tx, body.cityCode);
        if (city?.level !== 2) throw invalidInput([{ field: 'cityCode', message: '城市不存在' }]);
        const [districts, counts] = await Promise.all([
          repo.districtsOf(tx, body.cityCode),
          repo.countsByRegion(tx, body.cityCode, body),
        ]);
        const byRegion = new Map(counts.map((c) => [c.regionCode, c]));
        const views = districts
          .map((d) => ({
            code: d.code,
            name: d.name,
            productCount: byRegion.get(d.code)?.productCount ?? 0,
            supplierCount: byRegion.get(d.code)?.supplierCount ?? 0,
          }))
          .sort((a, b) => b.productCount - a.productCount || a.code.localeCompare(b.code));
        const inDistricts = new Set(districts.map((d) => d.code));
        const sum = (rows: typeof counts, f: (c: (typeof counts)[number]) => number) =>
          rows.reduce((s, c) => s + f(c), 0);
        return {
          city: { code: city.code, name: city.name, provinceName: city.parentName ?? '' },
          districts: views,
          productCount: sum(counts, (c) => c.productCount),
          supplierCount: sum(counts, (c) => c.supplierCount),
          elsewhereProductCount: sum(
            counts.filter((c) => c.regionCode === null || !inDistricts.has(c.regionCode)),
            (c) => c.productCount,
          ),
        };
      });
    },

    async districtDetails(body: z.output<typeof regionDistrictDetailsBody>): Promise<RegionDistrictDetailsData> {
      return db.transaction(async (tx) => {
        const district = await repo.divisionWithParent(tx, body.regionCode);
        if (district?.level !== 3 || !district.parentCode) {
          throw invalidInput([{ field: 'regionCode', message: '区县不存在' }]);
        }
        const rows = await repo.listingsInDistrict(tx, district.parentCode, district.code, body);
        const suppliers = new Map<number, RegionSupplierView>();
        for (const r of rows) {
          const s = suppliers.get(r.orgId) ?? { orgId: r.orgId, name: r.orgName, orgType: r.orgType, products: [] };
          s.products.push({
            productId: r.productId,
            name: r.name,
            classifyCode: r.classifyCode,
            classifyName: r.classifyName,
            isGreen: Boolean(r.isGreen),
            starRating: r.starRating,
          });
          suppliers.set(r.orgId, s);
        }
        return {
          district: {
            code: district.code,
            name: district.name,
            cityCode: district.parentCode,
            cityName: district.parentName ?? '',
          },
          suppliers: [...suppliers.values()].sort((a, b) => b.products.length - a.products.length || a.orgId - b.orgId),
        };
      });
    },
  };
}
