/**
 * The catalogue search scenario of `npm run bench` (issue 4 item 8): the public city catalogue searched by a Chinese
 * fragment, a city and a tag, at 100 000 products (seed-scale.ts). Besides autocannon's throughput at 50
 * connections, a latency probe sends varied searches from a few concurrent clients and reports p50/p95/p99: the
 * goal (p95 ≤ 50 ms on PostgreSQL) is about a search's own time, not the queue of a saturated server.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SigningKey, signParams } from '@jcbb/contract';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import type { BenchRoute } from './load.ts';
import { seedScale } from './seed-scale.ts';

export const CATALOGUE_ROUTE_NAME = 'catalogue search';
const PATH = '/open/materials/show/getCityProductList';

/** The autocannon route: one fixed search (first page, so the count runs too). */
export const catalogueRoute: BenchRoute = {
  name: CATALOGUE_ROUTE_NAME,
  method: 'POST',
  path: PATH,
  measures:
    'signed, no session: a city’s catalogue by Chinese fragment + green tag, first page with its count, 100k products',
  access: 'signed',
  params: { cityCode: '320100', materialName: '保温板', isGreen: true, take: 10, skip: 0 },
};

/** The probe's searches: fragments of 2–5 characters, several cities, tags and pages. */
export function probeSearches(): Record<string, unknown>[] {
  const fragments = ['保温板', '防水卷材', '砌块', '中空玻璃', '乳胶漆', '岩棉', '给水管', '光伏组件'];
  const cities = ['320100', '330100', '440600', '510100', '370200'];
  const tags: Record<string, unknown>[] = [
    { isGreen: true },
    { isGovProcurement: true },
    { isLowCarbon: true },
    {},
    { starRating: 2 },
  ];
  const searches: Record<string, unknown>[] = [];
  fragments.forEach((materialName, i) => {
    cities.forEach((cityCode, j) => {
      searches.push({ cityCode, materialName, ...tags[(i + j) % tags.length], take: 10, skip: ((i + j) % 3) * 10 });
    });
  });
  return searches;
}

export interface CatalogueProbe {
  concurrency: number;
  requests: number;
  failed: number;
  requestsPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

/** `concurrency` clients send the probe's searches in turn for `durationSec`; each answer must be code 200. */
export async function probeCatalogue(
  baseUrl: string,
  key: SigningKey,
  concurrency = 4,
  durationSec = 10,
): Promise<CatalogueProbe> {
  const searches = probeSearches();
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const end = performance.now() + durationSec * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const params = searches[next++ % searches.length] as Record<string, unknown>;
        const body = JSON.stringify(signParams('POST', PATH, params, key));
        const t0 = performance.now();
        try {
          const res = await fetch(baseUrl + PATH, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          const answer = (await res.json()) as { code?: number };
          if (res.status !== 200 || answer.code !== 200) failed++;
        } catch {
          failed++;
        }
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    concurrency,
    requests: times.length,
    failed,
    requestsPerSec: times.length / seconds,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/**
 * Fill the database the server will use with the scale data before the server starts: the PostgreSQL database
 * at `databaseUrl`, or a new embedded one in a temporary folder (answered, for the server's DATA_DIR).
 */
export async function prepareScaleData(databaseUrl: string | null, log: (line: string) => void) {
  const dataDir = databaseUrl ? null : await mkdtemp(path.join(os.tmpdir(), 'jcbb-bench-scale-'));
  const database = await openDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const r = await seedScale(database.db, Number(process.env.BENCH_SCALE_PRODUCTS || 100_000), () => {});
    log(
      `  scale data: ${r.products} products, ${r.listings} listings, ${r.specs} specifications in ${r.seconds.toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
  return { dataDir };
}
