import {
  constructionEndpoints as api,
  OrgType,
  type ReadingDigest,
  evidenceReadingEndpoints as reading,
} from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditRows } from '../../lib/audit.ts';
import { readField, saveReadingOf, shaOfUpload } from '../evidence-reading/reading.test-support.ts';
import { creditCode, SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { projectIdOf } from '../trace/trace.test-support.ts';

/**
 * A delivered lot's 合格证 and reports as read, on its site inspection (docs/evidence-reading.md, subject
 * `inspection`): the site's readers see the findings, the storekeeper's unit and the supervisor review the fields,
 * another organisation and a file that is not in the checklist answer 404, an off-platform lot is checked against
 * what its record typed, and the decisions keep the findings in the inspection's audit rows.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
let school = 0;

/** A distinct small PDF (the reader keeps one reading per file's bytes). */
const pdf = (tag: string) => Buffer.concat([SMALL_PDF, Buffer.from(`% ${tag}\n`)]);

async function upload(who: string, name: string, bytes: Buffer): Promise<number> {
  const res = await uploadFile(server, tokens[who] as string, name, bytes, 'application/pdf');
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

/** A lot of waterproofing membrane from a supplier off the platform, received at the school: its inspection's id. */
async function membraneInspection(arrivedOn: string, batchNo: string, quantity: number): Promise<number> {
  const delivery = ok(
    await call('builder', api.deliveryExternal, {
      projectId: school,
      supplierName: '南京江北防水材料经营部',
      supplierCreditCode: creditCode('91320100MA1MEQ8Y2'),
      arrivedOn,
      lines: [
        {
          classifyCode: '0302',
          materialName: 'SBS 改性沥青防水卷材',
          specName: 'PY Ⅱ 4 mm',
          makerName: '北京东方雨虹防水技术股份有限公司',
          unitName: '平方米',
          batchNo,
          quantity,
        },
      ],
    }),
  );
  return ok(await call('builder', api.deliveryDetail, { id: delivery.id })).inspections[0]?.id as number;
}

/** The documents as read that an inspection's audit row (of one action) kept. */
async function readingsOfDecision(inspectionId: number, action: 'submit' | 'hold'): Promise<ReadingDigest[]> {
  const [row] = await auditRows(server.database.db, {
    entity: 'site_inspection',
    entityId: inspectionId,
    actions: [action],
  });
  return ((row?.log.detail ?? {}) as { readings?: ReadingDigest[] }).readings ?? [];
}

beforeAll(async () => {
  server = await startTestServer();
  const who = { builder: '13800000003', supervisor: '13800000004', developer: '13800000005', maker: '13800000001' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  await addOrgWithUser(server, {
    name: '无锡另一建设集团',
    type: OrgType.CONSTRUCTION,
    regionCode: '320200',
    mobile: '13900000072',
  });
  tokens.stranger = await server.login('13900000072');
});
afterAll(() => server?.stop());

describe('an off-platform lot’s documents, as read on its inspection', () => {
  let inspectionId = 0;
  let card = 0;
  let report = 0;
  let photo = 0;
  let loose = 0;

  beforeAll(async () => {
    inspectionId = await membraneInspection('2026-11-20', 'FS-1120', 800);
    card = await upload('builder', '合格证.pdf', pdf('card'));
    report = await upload('builder', '出厂检验报告.pdf', pdf('report'));
    photo = await upload('builder', '到货照片.pdf', pdf('photo'));
    loose = await upload('builder', '另一份文件.pdf', pdf('loose'));
    // The 合格证 as read: another thickness than delivered, another maker than the record names.
    await saveReadingOf(server, await shaOfUpload(server, card), {
      kind: 'conformity_certificate',
      fields: [
        readField('productName', '弹性体改性沥青防水卷材'),
        readField('model', 'PY Ⅰ 3mm'),
        readField('manufacturer', '山东某某防水材料有限公司'),
        readField('conclusion', 'pass'),
      ],
      items: [],
    });
  });

  it('is not shown before the checklist names the file', async () => {
    const res = await call('builder', reading.reading, { subject: 'inspection', id: inspectionId, uploadId: card });
    expect(res.status).toBe(404);
  });

  it('keeps what the storekeeper had before them when submitting: the 合格证’s findings, the report still queued', async () => {
    const detail = ok(await call('builder', api.inspectionDetail, { id: inspectionId }));
    const files: Record<string, number> = { conformity: card, factory_test: report };
    ok(
      await call('builder', api.inspectionDecide, {
        id: inspectionId,
        checks: detail.checks.map((c) => ({ kind: c.kind, present: true, uploadId: files[c.kind] })),
        visualResult: 'ok',
        verdict: 'retest',
        photoUploadIds: [photo],
      }),
    );
    const readings = await readingsOfDecision(inspectionId, 'submit');
    expect(readings.find((r) => r.uploadId === card)).toMatchObject({
      state: 'done',
      findings: expect.arrayContaining([
        { code: 'ER-02', version: 1, outcome: 'fail' },
        { code: 'ER-03', version: 1, outcome: 'fail' },
      ]),
    });
    expect(readings.find((r) => r.uploadId === report)).toMatchObject({ state: 'queued', findings: [] });
  });

  it('checks the 合格证 against the material as typed at receiving, for the storekeeper and the supervisor', async () => {
    for (const who of ['builder', 'supervisor']) {
      const view = ok(await call(who, reading.reading, { subject: 'inspection', id: inspectionId, uploadId: card }));
      expect(view, who).toMatchObject({ state: 'done', kind: 'conformity_certificate', canReview: true });
      const er02 = view.findings.find((f) => f.code === 'ER-02');
      expect(er02).toMatchObject({ outcome: 'fail', expected: 'PY Ⅱ 4 mm', found: 'PY Ⅰ 3mm' });
      expect(er02?.message).toContain('到货材料');
      expect(view.findings.find((f) => f.code === 'ER-03')).toMatchObject({
        outcome: 'fail',
        expected: '北京东方雨虹防水技术股份有限公司',
      });
      expect(view.findings.find((f) => f.code === 'ER-01')?.outcome).toBe('pass');
    }
  });

  it('lets the developer read but not review; the storekeeper’s correction counts in the checks', async () => {
    const q = { subject: 'inspection' as const, id: inspectionId, uploadId: card };
    const view = ok(await call('developer', reading.reading, q));
    expect(view.canReview).toBe(false);
    expect((await call('developer', reading.review, { ...q, key: 'model', value: 'PY Ⅱ 4mm' })).status).toBe(403);
    const corrected = ok(await call('builder', reading.review, { ...q, key: 'model', value: 'PY Ⅱ 4mm' }));
    expect(corrected.findings.find((f) => f.code === 'ER-02')?.outcome).toBe('pass');
  });

  it('answers 404 to another organisation, to a maker off the project, and for files not in the checklist', async () => {
    const q = { subject: 'inspection' as const, id: inspectionId, uploadId: card };
    expect((await call('stranger', reading.reading, q)).status).toBe(404);
    expect((await call('maker', reading.reading, q)).status).toBe(404);
    expect((await call(null, reading.reading, q)).status).toBe(401);
    // The inspection's photo and a file of the storekeeper's own that is not in it are no checklist documents.
    for (const uploadId of [photo, loose]) {
      expect((await call('builder', reading.reading, { ...q, uploadId })).status).toBe(404);
    }
    expect((await call('builder', reading.reading, { ...q, id: 999_999 })).status).toBe(404);
  });

  it('keeps the findings the supervisor had before them when confirming', async () => {
    ok(await call('supervisor', api.inspectionConfirm, { id: inspectionId, approve: true }));
    const readings = await readingsOfDecision(inspectionId, 'hold');
    // The storekeeper corrected the model: only the maker disagrees now.
    expect(readings.find((r) => r.uploadId === card)?.findings.map((f) => f.code)).toEqual(['ER-03']);
  });
});

describe('a platform lot’s 合格证, as read on its inspection', () => {
  it('is checked against the lot’s product, its specification and the product’s maker', async () => {
    const rows = (await server.database.db.execute(sql`
      select i.id, p.name as product, s.name as spec, o.name as maker
      from site_inspections i join lots l on l.id = i.lot_id join products p on p.id = l.product_id
      join product_specs s on s.id = l.spec_id join organizations o on o.id = p.org_id
      where i.project_id = ${school} and i.state = 'pending' and l.origin = 'platform'
      order by i.id limit 1`)) as unknown as { rows: { id: number; product: string; spec: string; maker: string }[] };
    const lot = rows.rows[0];
    expect(lot, 'the demo school has a platform lot awaiting inspection').toBeDefined();
    const id = lot?.id as number;
    const card = await upload('builder', '合格证.pdf', pdf('platform card'));
    await saveReadingOf(server, await shaOfUpload(server, card), {
      kind: 'conformity_certificate',
      fields: [
        readField('productName', lot?.product as string),
        readField('model', 'XX-0000'),
        readField('manufacturer', lot?.maker as string),
      ],
      items: [],
    });
    const detail = ok(await call('builder', api.inspectionDetail, { id }));
    ok(
      await call('builder', api.inspectionDecide, {
        id,
        checks: detail.checks.map((c) => ({
          kind: c.kind,
          present: true,
          ...(c.kind === 'conformity' ? { uploadId: card } : {}),
        })),
        visualResult: 'ok',
        verdict: detail.retestRequired ? 'retest' : 'pass',
      }),
    );
    const view = ok(await call('supervisor', reading.reading, { subject: 'inspection', id, uploadId: card }));
    expect(view.findings.find((f) => f.code === 'ER-02')).toMatchObject({ outcome: 'fail', found: 'XX-0000' });
    expect(view.findings.find((f) => f.code === 'ER-02')?.expected).toContain(lot?.spec as string);
    expect(view.findings.find((f) => f.code === 'ER-03')?.outcome).toBe('pass');
  });
});

describe('the checklist saved before the verdict', () => {
  let inspectionId = 0;
  let card = 0;

  beforeAll(async () => {
    inspectionId = await membraneInspection('2026-11-21', 'FS-1121', 500);
    card = await upload('builder', '合格证（保存清单）.pdf', pdf('saved-card'));
    await saveReadingOf(server, await shaOfUpload(server, card), {
      kind: 'conformity_certificate',
      fields: [readField('productName', '弹性体改性沥青防水卷材'), readField('model', 'PY Ⅰ 3mm')],
      items: [],
    });
  });

  const checklist = async (uploadId: number) =>
    ok(await call('builder', api.inspectionDetail, { id: inspectionId })).checks.map((c) => ({
      kind: c.kind,
      present: c.kind === 'conformity',
      uploadId: c.kind === 'conformity' ? uploadId : undefined,
    }));

  it('lets the storekeeper see the 合格证’s findings before deciding; the inspection stays pending', async () => {
    ok(await call('builder', api.inspectionChecks, { id: inspectionId, checks: await checklist(card) }));
    const detail = ok(await call('builder', api.inspectionDetail, { id: inspectionId }));
    expect(detail.state).toBe('pending');
    expect(detail.checks.find((c) => c.kind === 'conformity')).toMatchObject({ present: true, uploadId: card });
    const view = ok(
      await call('builder', reading.reading, { subject: 'inspection', id: inspectionId, uploadId: card }),
    );
    expect(view.findings.find((f) => f.code === 'ER-02')?.outcome).toBe('fail');
    expect(view.canReview).toBe(true);
  });

  it('refuses another unit (404), the supervisor (403), a file that is not the unit’s (400 on the field)', async () => {
    const checks = await checklist(card);
    expect((await call('stranger', api.inspectionChecks, { id: inspectionId, checks })).status).toBe(404);
    expect((await call('supervisor', api.inspectionChecks, { id: inspectionId, checks })).status).toBe(403);
    const theirs = await upload('supervisor', '监理的文件.pdf', pdf('supervisor-file'));
    const res = await call('builder', api.inspectionChecks, { id: inspectionId, checks: await checklist(theirs) });
    expect(res.status).toBe(400);
    const k = checks.findIndex((c) => c.kind === 'conformity');
    expect(res.body.data.fields).toEqual([{ field: `checks.${k}.uploadId`, message: '文件不存在' }]);
  });

  it('is refused once the inspection is submitted (409): the verdict’s checklist stands', async () => {
    ok(
      await call('builder', api.inspectionDecide, {
        id: inspectionId,
        checks: await checklist(card),
        visualResult: 'ok',
        verdict: 'fail',
        reason: '合格证型号与到货不符',
      }),
    );
    const res = await call('builder', api.inspectionChecks, { id: inspectionId, checks: await checklist(card) });
    expect(res.status).toBe(409);
  });
});
