/**
 * `npm run seed:scale`: add 100 000 products across 50 manufacturers and 20 cities to a database, for the catalogue
 * search benchmark (docs/performance.md). Into `DATABASE_URL` when set, else the embedded database of `DATA_DIR`
 * (`./data`); the server must not be running on that folder. Never point it at a database you care about: it
 * adds rows and opens cities. `SCALE_PRODUCTS` changes the number of products.
 *
 * Everything is generated inside PostgreSQL (INSERT … SELECT over generate_series), so the rows never travel
 * through Node: ~20 s on PGlite, ~10 s on PostgreSQL 15 for 100 000 products.
 */
import { pathToFileURL } from 'node:url';
import { ListingStatus, ProductDocumentKind, ProductEnableStatus, SpecStatus } from '@jcbb/contract';
import { type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { type Db, openDatabase, type Tx } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';

/** Today by the users' calendar, as the product centre counts a certificate's validity. */
const SHANGHAI_TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

/** Twenty cities: the platform's six pilot cities and fourteen more (GB/T 2260 codes, host letters). */
const SCALE_CITIES: readonly [code: string, letter: string][] = [
  ['320100', 'nj'],
  ['330100', 'hz'],
  ['330500', 'huz'],
  ['330600', 'sx'],
  ['370200', 'qd'],
  ['440600', 'fs'],
  ['320500', 'sz'],
  ['320200', 'wx'],
  ['330200', 'nb'],
  ['350200', 'xm'],
  ['440100', 'gz'],
  ['440300', 'szh'],
  ['510100', 'cd'],
  ['420100', 'wh'],
  ['610100', 'xa'],
  ['430100', 'cs'],
  ['410100', 'zz'],
  ['370100', 'jn'],
  ['340100', 'hf'],
  ['320400', 'cz'],
];

/** What products are called, with the product class (classification name) each belongs to. */
const MATERIALS: readonly [name: string, className: string][] = [
  ['挤塑聚苯乙烯保温板', '保温系统材料'],
  ['岩棉保温板', '保温系统材料'],
  ['聚氨酯保温板', '保温系统材料'],
  ['蒸压加气混凝土砌块', '砌体材料'],
  ['烧结多孔砖', '砌体材料'],
  ['预制混凝土叠合板', '预制构件'],
  ['预制混凝土楼梯', '预制构件'],
  ['焊接H型钢梁', '钢结构房屋用钢构件'],
  ['C30预拌混凝土', '预拌混凝土'],
  ['干混抹灰砂浆', '预拌砂浆'],
  ['聚羧酸高性能减水剂', '混凝土外加剂'],
  ['断桥铝合金窗', '建筑门窗及配件'],
  ['单元式玻璃幕墙', '建筑幕墙'],
  ['Low-E中空玻璃', '建筑节能玻璃'],
  ['电动外遮阳百叶', '建筑遮阳产品'],
  ['钢质防盗户门', '钢质户门'],
  ['釉面内墙瓷砖', '建筑陶瓷'],
  ['通体抛光砖', '建筑陶瓷'],
  ['节水型坐便器', '卫生陶瓷'],
  ['纤维水泥板', '无机装饰板材'],
  ['纸面石膏板', '纸面石膏板'],
  ['铝扣板吊顶', '吊顶系统'],
  ['木塑地板', '木塑制品'],
  ['强化复合木地板', '人造板和木质地板'],
  ['硅酮耐候密封胶', '建筑密封胶'],
  ['SBS改性沥青防水卷材', '防水卷材'],
  ['聚氨酯防水涂料', '防水涂料'],
  ['内墙乳胶漆', '墙面涂料'],
  ['外墙真石漆', '墙面涂料'],
  ['反射隔热涂料', '反射隔热涂料'],
  ['环氧树脂地坪漆', '树脂地坪材料'],
  ['感应水嘴', '水嘴'],
  ['PPR给水管', '管材管件'],
  ['HDPE双壁波纹管', '管材管件'],
  ['空气源热泵热水机组', '空气源热泵'],
  ['全热交换新风机', '新风净化系统'],
  ['单晶硅光伏组件', '光伏组件'],
  ['LED平板灯', 'LED照明产品'],
  ['人造石英石台面', '人造石'],
  ['花岗岩石材', '石材'],
];
const PREFIXES = [
  '高性能',
  '节能型',
  '环保型',
  '轻质',
  '高强',
  '防火',
  'A级',
  '耐候',
  '低碳',
  '抗裂',
  '超薄',
  '新型',
  '复合',
  '',
];
const SUFFIXES = ['', 'Ⅰ型', 'Ⅱ型', 'Pro', '（工程款）', '600型', '1200型', '经典款'];
const BRANDS = [
  '绿筑',
  '金鼎',
  '华建',
  '中材',
  '东方',
  '恒盛',
  '鑫源',
  '宏达',
  '远大',
  '蓝天',
  '科顺',
  '美嘉',
  '汇丰',
  '长江',
  '泰山',
  '北新',
  '海螺',
  '德高',
  '雄狮',
  '永固',
];
const MAKER_WORDS = ['绿建', '金石', '华盛', '宏业', '中联', '恒基', '鼎力', '瑞丰', '新材', '嘉禾'];
const MAKER_KINDS = [
  '新型建材有限公司',
  '建筑科技有限公司',
  '节能材料股份有限公司',
  '建材集团有限公司',
  '环保科技有限公司',
];

export interface ScaleResult {
  products: number;
  specs: number;
  listings: number;
  manufacturers: number;
  seconds: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A text[] built from a JSON array parameter: the same on PGlite and node-postgres. */
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${json(values)}))`;

/** Rows of a raw query: both drivers answer `{ rows }`. */
async function rows<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * Add `productCount` products (default 100 000) across 50 new manufacturers and the 20 cities above, with 1–3
 * specifications each and listings in 1–3 cities (about 92% of them LISTED). Deterministic: the same number of
 * products gives the same names, tags and cities.
 */
export async function seedScale(db: Db, productCount = 100_000, log = (line: string) => console.log(line)) {
  const started = performance.now();
  const classRows = await rows<{ code: string; name: string }>(
    db,
    sql`select code, name from material_classifications where level = 2`,
  );
  const classCode = new Map(classRows.map((r) => [r.name, r.code]));
  const materialNames = MATERIALS.map(([name]) => name);
  const materialClasses = MATERIALS.map(([name, className]) => {
    const code = classCode.get(className);
    if (!code) throw new Error(`classification ${className} (for ${name}) is not in material_classifications`);
    return code;
  });

  await db.transaction(async (tx) => {
    // Cities: open the twenty (those the platform has keep their letter and opened flag).
    for (const [code, letter] of SCALE_CITIES) {
      await tx.execute(
        sql`insert into platform_cities (city_code, letter, opened) values (${code}, ${letter}, true) on conflict (city_code) do nothing`,
      );
    }

    // 50 certified manufacturers, each in one of the cities. The batch is tagged by a run id in the address so
    // the products below attach to this run's manufacturers only.
    const run = `scale-${Date.now()}`;
    await tx.execute(sql`
      insert into organizations (name, type, cert_status, nature, region_code, address, legal_person, certified_at)
      select
        (select name from administrative_divisions where code = (${textArray(SCALE_CITIES.map((c) => c[0]))})[1 + i % 20])
          || (${textArray(MAKER_WORDS)})[1 + (i / 5) % 10] || (${textArray(MAKER_KINDS)})[1 + i % 5],
        6, 2, 4,
        (${textArray(SCALE_CITIES.map((c) => c[0]))})[1 + i % 20],
        ${run} || '#' || i, '法人' || i, now()
      from generate_series(0, 49) as i`);
    const makers = await rows<{ id: number }>(
      tx,
      sql`select id from organizations where address like ${`${run}#%`} order by id`,
    );
    const makerIds = makers.map((r) => Number(r.id));
    const [owner] = await rows<{ id: number }>(tx, sql`select coalesce(min(id), 0) as id from users`);
    const createdBy = Number(owner?.id ?? 0);
    log(`  ${makerIds.length} manufacturers`);

    // Products: names from prefix × material × suffix, tags spread so each filter keeps a realistic share.
    // Coprime moduli decorrelate the parts and the tags (a prefabricated product can be green, and so on).
    await tx.execute(sql`
      insert into products (org_id, name, brand, classify_code, material_type, description, images, enable_status,
        recommended, is_prefabricated, is_low_carbon, is_green, star_rating, green_valid_until, is_gov_procurement,
        created_by, created_at, updated_at)
      select
        (${textArray(makerIds.map(String))})[1 + i % 50]::int,
        (${textArray(PREFIXES)})[1 + i % 14] || (${textArray(materialNames)})[1 + (i * 7 + i / 14) % 40]
          || (${textArray(SUFFIXES)})[1 + (i / 3) % 8],
        (${textArray(BRANDS)})[1 + (i / 50) % 20],
        (${textArray(materialClasses)})[1 + (i * 7 + i / 14) % 40],
        case when i % 11 = 3 then 2 else 1 end,
        '规模测试数据',
        '[]'::jsonb,
        case when i % 33 = 0 then ${ProductEnableStatus.DISABLED}::smallint else ${ProductEnableStatus.ENABLED}::smallint end,
        i % 19 = 0,
        i % 11 = 3,
        i % 7 in (1, 4),
        green,
        case when green then 1 + (i / 13) % 3 end,
        case when green then (${SHANGHAI_TODAY} + ((i % 40) * 30 - 60))::date end,
        i % 9 in (2, 5, 8),
        ${createdBy},
        now() - (i % 700) * interval '1 hour',
        now()
      from (select i, (i % 13 < 5) as green from generate_series(0, ${productCount - 1}) as i) g`);

    // The evidence behind the tags, as the product centre keeps it: a green building material certificate for each
    // green product (some already expired) and a carbon-footprint report for each low-carbon one. Then the stored
    // green tag of the expired ones goes, as the certificate sweep would do: the server finds nothing stale at start.
    await tx.execute(sql`
      insert into product_documents (product_id, kind, name, cert_no, issuer, star_rating, valid_from, valid_until,
        created_by)
      select id, ${ProductDocumentKind.GREEN_CERTIFICATE}::smallint, '绿色建材产品认证证书', 'SCALE-' || id,
        '规模测试认证机构', star_rating, green_valid_until - 1825, green_valid_until, ${createdBy}
      from products where is_green and org_id = any(${textArray(makerIds.map(String))}::int[])`);
    await tx.execute(sql`
      insert into product_documents (product_id, kind, name, created_by)
      select id, ${ProductDocumentKind.CARBON_FOOTPRINT_REPORT}::smallint, '产品碳足迹报告', ${createdBy}
      from products where is_low_carbon and org_id = any(${textArray(makerIds.map(String))}::int[])`);
    await tx.execute(sql`
      update products set is_green = false, star_rating = null, green_valid_until = null
      where is_green and green_valid_until < ${SHANGHAI_TODAY}
        and org_id = any(${textArray(makerIds.map(String))}::int[])`);

    // 1–3 specifications per product, the first always priced and on sale.
    await tx.execute(sql`
      insert into product_specs (product_id, name, model, unit_id, price, min_order, status)
      select p.id, '规格' || s, 'M-' || (p.id % 1000) || '-' || s, 1 + (p.id + s) % 37,
        round((20 + (p.id * 13 + s * 7) % 980)::numeric + ((p.id % 100)::numeric / 100), 2), 1,
        case when s = 3 then ${SpecStatus.OFF_SALE}::smallint else ${SpecStatus.ON_SALE}::smallint end
      from products p
      cross join lateral generate_series(1, 1 + p.id % 3) as s
      where p.org_id = any(${textArray(makerIds.map(String))}::int[])`);

    // Listings in 1–3 distinct cities (offsets 0, 7, 14 are distinct mod 20); ~92% listed, the rest in the flow.
    await tx.execute(sql`
      insert into product_listings (product_id, org_id, city_code, status, not_green, gov_procurement,
        submitted_at, listed_at, created_by)
      select p.id, p.org_id, (${textArray(SCALE_CITIES.map((c) => c[0]))})[1 + (p.id * 3 + p.id / 10 + k * 7) % 20],
        case when (p.id + k) % 25 = 0 then ${ListingStatus.PLATFORM_AUDIT}::smallint
             when (p.id + k) % 25 = 1 then ${ListingStatus.CITY_AUDIT}::smallint
             else ${ListingStatus.LISTED}::smallint end,
        (p.id + k) % 50 = 7,
        p.is_gov_procurement and (p.id + k) % 4 <> 0,
        now() - ((p.id + k) % 400) * interval '1 hour',
        case when (p.id + k) % 25 > 1 then now() - ((p.id * 17 + k) % 10000) * interval '1 minute' end,
        ${createdBy}
      from products p
      cross join lateral generate_series(0, p.id % 3) as k
      where p.org_id = any(${textArray(makerIds.map(String))}::int[])`);
  });
  // Fresh statistics for the planner, and a visibility map so the catalogue's index-only scans need no heap.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_listings`);
  await db.execute(sql`vacuum analyze product_specs`);
  await db.execute(sql`vacuum analyze product_documents`);

  const result: ScaleResult = {
    products: await count(db, sql`select count(*) as n from products`),
    specs: await count(db, sql`select count(*) as n from product_specs`),
    listings: await count(db, sql`select count(*) as n from product_listings`),
    manufacturers: await count(db, sql`select count(*) as n from organizations where type = 6`),
    seconds: (performance.now() - started) / 1000,
  };
  return result;
}

async function main() {
  const config = loadConfig();
  const productCount = Number(process.env.SCALE_PRODUCTS || 100_000);
  if (!Number.isInteger(productCount) || productCount < 1) throw new Error('SCALE_PRODUCTS must be a positive integer');
  if (config.databaseUrl && /\/jcbb_test_/.test(config.databaseUrl)) {
    throw new Error('refusing to seed a test database');
  }
  const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  console.log(`Adding ${productCount} products to ${where}…`);
  // One transaction of many large statements: not a request (db/client.ts, request timeouts).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    requestBounds: false,
  });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const r = await seedScale(database.db, productCount);
    console.log(
      `Done in ${r.seconds.toFixed(1)} s: the database now holds ${r.products} products, ${r.specs} specifications, ` +
        `${r.listings} listings, ${r.manufacturers} manufacturers.`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
