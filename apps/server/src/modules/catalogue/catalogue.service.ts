import {
  CATALOGUE_COUNT_CAP,
  type CityProductList,
  type CityProductSearch,
  type RegionDetailsData,
  type RegionTreeData,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileService } from '../file/index.ts';
import { openedCities } from '../reference/index.ts';
import { type AnswerCache, catalogueGeneration, createAnswerCache } from './catalogue.cache.ts';
import * as repo from './catalogue.repository.ts';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** An opened city or 404: the catalogue exists only for the platform's cities. */
async function openedCity(db: Db, cityCode: string) {
  const city = (await openedCities(db)).find((c) => c.cityCode === cityCode);
  if (!city) throw notFound('该城市尚未开通');
  return city;
}

/** The public catalogue: read-only, no session, only LISTED listings of enabled products. */
export function createCatalogueService({
  db,
  files,
  cache = createAnswerCache({ generation: catalogueGeneration(db) }),
}: {
  db: Db;
  files: FileService;
  cache?: AnswerCache;
}) {
  const service = {
    async regionTree(): Promise<RegionTreeData> {
      const [cities, counts] = await Promise.all([openedCities(db), repo.productCountsByCity(db)]);
      const countOf = new Map(counts.map((c) => [c.cityCode, c.n]));
      const provinces = new Map<string, RegionTreeData[number]>();
      for (const c of cities) {
        let province = provinces.get(c.provinceCode);
        if (!province) {
          province = { code: c.provinceCode, name: c.provinceName, children: [] };
          provinces.set(c.provinceCode, province);
        }
        province.children.push({
          code: c.cityCode,
          name: c.cityName,
          letter: c.letter,
          productCount: countOf.get(c.cityCode) ?? 0,
        });
      }
      return [...provinces.values()].sort((a, b) => a.code.localeCompare(b.code));
    },

    async regionDetails(cityCode: string): Promise<RegionDetailsData> {
      const city = await openedCity(db, cityCode);
      const [committee, counts, perClass, classes] = await Promise.all([
        repo.committeeOf(db, cityCode),
        repo.cityCounts(db, cityCode),
        repo.classCounts(db, cityCode),
        repo.allClassifications(db),
      ]);
      const countOf = new Map(perClass.map((c) => [c.code, c.n]));
      const categories = classes
        .filter((c) => c.parentCode === null)
        .map((category) => {
          const children = classes
            .filter((c) => c.parentCode === category.code)
            .map((c) => ({ code: c.code, name: c.name, productCount: countOf.get(c.code) ?? 0 }))
            .filter((c) => c.productCount > 0);
          const own = countOf.get(category.code) ?? 0;
          return {
            code: category.code,
            name: category.name,
            productCount: own + children.reduce((sum, c) => sum + c.productCount, 0),
            children,
          };
        });
      return {
        city: {
          code: city.cityCode,
          name: city.cityName,
          letter: city.letter,
          provinceCode: city.provinceCode,
          provinceName: city.provinceName,
        },
        committee,
        ...counts,
        classifications: categories,
      };
    },

    /**
     * A page of a city's catalogue. The page and the count run side by side; the count is exact up to
     * CATALOGUE_COUNT_CAP (docs/decisions.md): beyond it nobody pages anyway, and counting stays bounded.
     */
    async search(q: CityProductSearch): Promise<CityProductList> {
      // The city check runs beside the search: an unopened city has no listings, and answers 404 all the same.
      const [, rows, matches] = await Promise.all([
        openedCity(db, q.cityCode),
        repo.searchPage(db, q),
        repo.countMatches(db, q),
      ]);
      const list = rows.map((r) => {
        const firstImage = r.firstImage === null ? null : Number(r.firstImage);
        return {
          id: r.id,
          listingId: r.listingId,
          name: r.name,
          brand: r.brand,
          companyId: r.companyId,
          companyName: r.companyName,
          classifyCode: r.classifyCode,
          classifyName: r.classifyName ?? '',
          recommended: r.recommended,
          tags: {
            isPrefabricated: r.isPrefabricated,
            isLowCarbon: r.isLowCarbon,
            isGreen: r.isGreen,
            starRating: r.isGreen ? r.starRating : null,
            isGovProcurement: r.isGovProcurement,
          },
          minPrice: r.minPrice,
          unitName: r.unitName,
          imageId: Number.isInteger(firstImage) && (firstImage as number) > 0 ? firstImage : null,
          listedAt: formatOptionalShanghaiTime(r.listedAt),
        };
      });
      return {
        list,
        total: Math.min(matches, CATALOGUE_COUNT_CAP),
        totalCapped: matches > CATALOGUE_COUNT_CAP,
      };
    },

    /** An image of a published product: only the uploads its `images` list names. */
    async productImage(productId: number, uploadId: number) {
      const product = await repo.publishedProductImages(db, productId);
      if (!product?.images.includes(uploadId)) throw notFound('图片不存在');
      const file = await files.getUnchecked(uploadId);
      if (!file.mime.startsWith('image/')) throw notFound('图片不存在');
      return file;
    },

    open: (sha256: string) => files.open(sha256),
  };
  // The three public reads answer from the cache (catalogue.cache.ts); images have their own ETag.
  return {
    ...service,
    regionTree: () => cache.get('tree', () => service.regionTree()),
    regionDetails: (cityCode: string) => cache.get(`city:${cityCode}`, () => service.regionDetails(cityCode)),
    search: (q: CityProductSearch) => cache.get(`search:${searchKey(q)}`, () => service.search(q)),
  };
}

/** One key per question: the validated search's fields in a fixed order, absent ones left out. */
function searchKey(q: CityProductSearch): string {
  return JSON.stringify(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
