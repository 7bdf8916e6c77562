/**
 * `npm run bench:import`: the site's stock import (docs/performance.md, "Site stock import"; goal: a 10 000-row .xlsx
 * imported in ≤ 10 s on PostgreSQL). Not part of `npm run bench` nor of `npm test`.
 *
 * 1. A throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres); the
 *    real server (apps/server/src/main.ts) starts on it and seeds the demo.
 * 2. BENCH_IMPORT_ROUNDS rounds (default 3), each a new workbook of BENCH_IMPORT_ROWS rows (default 10 000, the
 *    import's limit) made with exceljs as a site would fill the template: BENCH_IMPORT_LINES lines per delivery
 *    (default 10, so 1 000 deliveries), six materials of five classifications, one lot in ten green.
 * 3. Timed from the request leaving to the answer read, as the console sends them as the demo construction unit
 *    (13800000003) on 天妃宫小学: the preview (multipart upload; every row checked; nothing written but the upload) and
 *    the commit (read and checked again, then every delivery, lot, inspection, stock move and audit row in one
 *    transaction). The commit is the import the goal is about; the preview is reported beside it.
 * 4. Afterwards the database is counted (the rounds' deliveries, inspections, stock moves and balances), and the
 *    stock list's and the inspection list's first pages are timed once on the project they filled.
 * BENCH_IMPORT_KEEP_DB=1 keeps the filled database for a look at its plans (drop it by hand afterwards).
 * BENCH_CPU_PROF=1 runs the server with `node --cpu-prof` (profiles in apps/server/bench/results/profiles/).
 */
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  constructionEndpoints,
  creditCodeCheckChar,
  IMPORT_COLUMNS,
  projectEndpoints,
  type SigningKey,
  signParams,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { login, send } from './client.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS || 3);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 10_000);
const LINES_PER_DELIVERY = Number(process.env.BENCH_IMPORT_LINES || 10);
const GOAL_MS = 10_000;
const PROFILES_DIR = path.join(import.meta.dirname, 'results', 'profiles');
const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';

const MATERIALS = [
  { classifyCode: '0107', materialName: '预拌砂浆', specName: 'DM M10', unitName: '吨' },
  { classifyCode: '0106', materialName: '预拌混凝土', specName: 'C30', unitName: '立方米' },
  { classifyCode: '0104', materialName: '蒸压加气混凝土砌块', specName: 'A5.0 B06', unitName: '立方米' },
  { classifyCode: '0105', materialName: '岩棉保温板', specName: 'TR10 50 厚', unitName: '平方米' },
  { classifyCode: '0212', materialName: '花岗岩', specName: '600×600×20', unitName: '平方米' },
  { classifyCode: '0106', materialName: '预拌混凝土', specName: 'C40', unitName: '立方米' },
];

function creditCode(n: number): string {
  const stem = `9132010${String(n).padStart(2, '0')}MA1MEQ7X`;
  return stem + (creditCodeCheckChar(stem) ?? '');
}

/** A workbook of `rows` rows under the template's header, written by exceljs' streaming writer. */
async function workbook(round: number, rows: number, arrivedOn: string): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  const sheet = book.addWorksheet('到货明细');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.title)).commit();
  for (let i = 0; i < rows; i++) {
    const delivery = Math.floor(i / LINES_PER_DELIVERY);
    const m = MATERIALS[delivery % MATERIALS.length] as (typeof MATERIALS)[number];
    const supplier = delivery % 20;
    const green = i % 10 === 0;
    const values: Record<string, unknown> = {
      supplierName: `南京第${supplier + 1}建材供应有限公司`,
      supplierCreditCode: creditCode(supplier),
      arrivedOn: new Date(`${arrivedOn}T00:00:00Z`),
      deliveryNoteNo: `R${round}-SN-${String(delivery).padStart(5, '0')}`,
      ...m,
      brand: '江北',
      makerName: `南京第${supplier + 1}建材厂`,
      batchNo: `R${round}-B${String(i).padStart(6, '0')}`,
      productionDate: new Date(`${arrivedOn}T00:00:00Z`),
      quantity: 1 + (i % 40) / 4,
      isGreen: green ? '是' : '否',
      greenCertNo: green ? `GB-2026-${String(i).padStart(6, '0')}` : null,
      greenCertBody: green ? '中国建材检验认证集团股份有限公司' : null,
      building: `${1 + (i % 6)}#楼`,
      floor: `${1 + (i % 12)}F`,
      part: '主体结构',
      storageLocation: '东侧材料堆场',
    };
    sheet.addRow(IMPORT_COLUMNS.map((c) => values[c.key] ?? null)).commit();
  }
  sheet.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}

async function callAs(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, params = {}) {
  const signed = signParams(method, path, params, key);
  const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
  const answer = await send(baseUrl, {
    method,
    path: method === 'GET' ? `${path}?${query}` : path,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(signed) : undefined,
  });
  if (answer.status !== 200 || (answer.code !== 0 && answer.code !== 200)) {
    throw new Error(`${path}: HTTP ${answer.status} ${answer.raw}`);
  }
  return answer.data as Record<string, unknown>;
}

/** The preview as the console sends it: multipart, signed through the query. */
async function upload(baseUrl: string, token: string, projectId: number, bytes: Buffer) {
  const path = constructionEndpoints.importPreview.path;
  const signed = signParams('POST', path, { projectId: String(projectId) }, key);
  const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
  const form = new FormData();
  form.append('file', new Blob([bytes]), '到货导入.xlsx');
  const res = await fetch(`${baseUrl}${path}?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  const body = (await res.json()) as { code: number; data: Record<string, unknown>; msg: string };
  if (res.status !== 200 || (body.code !== 0 && body.code !== 200)) {
    throw new Error(`preview: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return body.data as { uploadId: number; rows: number; okRows: number; errorCount: number; deliveries: number };
}

async function main() {
  const cpus = os.cpus();
  console.log(`Site stock import benchmark (${cpus.length} cores, ${cpus[0]?.model ?? 'unknown CPU'})`);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  try {
    throwaway = await createThrowawayDatabase(adminUrl);
  } catch (error) {
    console.log(`PostgreSQL at ${redactUrl(adminUrl)} not reachable (${String(error)}): nothing to measure.`);
    return 1;
  }
  let server: ServerProcess | null = null;
  const client = new pg.Client({ connectionString: throwaway.url });
  try {
    console.log(`PostgreSQL ${throwaway.version.split(' on ')[0]}; starting the server (migrations, demo seed)…`);
    server = await startServer({
      databaseUrl: throwaway.url,
      logLevel: 'warn',
      readyTimeoutMs: 300_000,
      nodeFlags: process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES_DIR}`] : [],
    });
    await client.connect();
    const token = await login(server.baseUrl, key, '13800000003', DEMO_PASSWORD);
    const projects = (await callAs(server.baseUrl, token, 'POST', projectEndpoints.userProjectList.path, {
      take: 50,
      skip: 0,
      type: 1,
      orgType: 4,
    })) as { list: { id: number; name: string }[] };
    const project = projects.list.find((p) => p.name === SCHOOL);
    if (!project) throw new Error(`the demo construction unit is not on ${SCHOOL}`);
    const count = async () =>
      (
        await client.query<{ deliveries: number; inspections: number; moves: number; balances: number }>(
          `select (select count(*)::int from site_deliveries where project_id = $1) as deliveries,
                  (select count(*)::int from site_inspections where project_id = $1) as inspections,
                  (select count(*)::int from stock_moves where holder_key = $2) as moves,
                  (select count(*)::int from stock_balances where holder_key = $2) as balances`,
          [project.id, `project:${project.id}`],
        )
      ).rows[0] as { deliveries: number; inspections: number; moves: number; balances: number };
    const start = await count();
    const arrivedOn = shanghaiToday();
    console.log(
      `\n${ROUNDS} rounds of ${ROWS} rows, ${LINES_PER_DELIVERY} lines a delivery (goal: the commit in ≤ ${GOAL_MS / 1000} s):`,
    );
    const rounds: { bytes: number; preview: number; commit: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let t = performance.now();
      const bytes = await workbook(round, ROWS, arrivedOn);
      const made = performance.now() - t;
      t = performance.now();
      const checked = await upload(server.baseUrl, token, project.id, bytes);
      const preview = performance.now() - t;
      if (checked.errorCount > 0 || checked.okRows !== ROWS) {
        throw new Error(`the preview found errors: ${JSON.stringify(checked).slice(0, 500)}`);
      }
      t = performance.now();
      const done = (await callAs(server.baseUrl, token, 'POST', constructionEndpoints.importCommit.path, {
        projectId: project.id,
        uploadId: checked.uploadId,
      })) as { deliveries: number; lines: number };
      const commit = performance.now() - t;
      rounds.push({ bytes: bytes.length, preview, commit });
      console.log(
        `  round ${round}: ${(bytes.length / 1024).toFixed(0)} KB made in ${made.toFixed(0)} ms; preview ` +
          `${preview.toFixed(0)} ms; commit ${commit.toFixed(0)} ms (${done.deliveries} deliveries, ${done.lines} lines)`,
      );
    }
    const end = await count();
    console.log(
      `  added: ${end.deliveries - start.deliveries} deliveries, ${end.inspections - start.inspections} inspections, ` +
        `${end.moves - start.moves} stock moves, ${end.balances - start.balances} balances`,
    );
    // What a site with this many lots then sees on its pages (not part of the goal; docs/performance.md).
    const page = async (path: string) => {
      const t = performance.now();
      try {
        await callAs(server?.baseUrl as string, token, 'POST', path, { projectId: project.id });
        return `${(performance.now() - t).toFixed(0)} ms`;
      } catch (error) {
        return `failed after ${(performance.now() - t).toFixed(0)} ms (${String(error).slice(0, 120)})`;
      }
    };
    console.log(
      `  then, with ${end.balances} lots in the project's stock: the stock list's first page ` +
        `${await page(constructionEndpoints.stockList.path)}, the inspection list's ` +
        `${await page(constructionEndpoints.inspectionList.path)}`,
    );
    const worst = Math.max(...rounds.map((r) => r.commit));
    const worstPreview = Math.max(...rounds.map((r) => r.preview));
    console.log(
      `  slowest commit ${worst.toFixed(0)} ms, slowest preview ${worstPreview.toFixed(0)} ms: ` +
        `${worst <= GOAL_MS ? 'goal met' : 'over the goal'}`,
    );
    return 0;
  } finally {
    await client.end().catch(() => {});
    await server?.stop();
    if (process.env.BENCH_IMPORT_KEEP_DB === '1') console.log(`\nKept the database: ${redactUrl(throwaway.url)}`);
    else await throwaway.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `import benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
