import {
  distributionEndpoints as api,
  type EndpointInput,
  LedgerDocType,
  ledgerEndpoints,
  OrgType,
  projectEndpoints,
  traceEndpoints,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addresses, ledgerEntries, lots, messages, salesContractShipments } from '../../db/schema/index.ts';
import { siteProject } from '../construction/construction.sample.test-support.ts';
import { creditCode } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { addAddress, projectIdOf, specOf, userOf } from '../trace/trace.test-support.ts';
import { CONTRACTS_NAME_ORG } from './distribution.removal.ts';
import { addLetter, makeUpload } from './distribution.sales.test-support.ts';

/**
 * Sales contracts (docs/distribution.md, "Sales contracts"): draft → signed (the file's hash on the ledger) → active
 * (every line covered by a letter) → completed | terminated; the buyer reads, others get 404; shipping against an
 * active contract drafts a shipment through traceability.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let maker = 0;
let dealer = 0;
let developer = 0;
let school = 0;
let rockWool = { productId: 0, specId: 0 };
let mortar = { productId: 0, specId: 0 };

const BUYER_CODE = creditCode('91320100MA1MEQ7X9');

const contract = (over: Partial<EndpointInput<typeof api.contractSave>> = {}) =>
  ({
    number: `HT-${Math.random().toString(36).slice(2, 10)}`,
    buyerOrgId: developer,
    projectId: school,
    validFrom: addDays(shanghaiToday(), -27),
    validUntil: addDays(shanghaiToday(), 214),
    lines: [{ specId: rockWool.specId, quantity: 120.5, unit: '平方米', unitPriceFen: 4850 }],
    remarks: '分批交货',
    ...over,
  }) as EndpointInput<typeof api.contractSave>;

/** A contract saved with a signed file and signed. */
async function signedContract(over: Partial<EndpointInput<typeof api.contractSave>> = {}) {
  const file = await makeUpload(server, '13800000002');
  const { id } = ok(await call('dealer', api.contractSave, contract({ signedFileId: file.id, ...over })));
  ok(await call('dealer', api.contractSign, { id }));
  return { id, file };
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
  };
  for (const [k, m] of Object.entries(who)) {
    tokens[k] = await server.login(m);
  }
  maker = (await userOf(server, '13800000001')).orgId;
  dealer = (await userOf(server, '13800000002')).orgId;
  developer = (await userOf(server, '13800000005')).orgId;
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  rockWool = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  mortar = await specOf(server, '干混砌筑砂浆', 'DM M10 袋装');
  await addOrgWithUser(server, {
    name: '苏州另一建材经销公司',
    type: OrgType.DISTRIBUTOR,
    regionCode: '320505',
    mobile: '13900000702',
  });
  tokens.otherDealer = await server.login('13900000702');
  // Rock wool TR10 50 in Jiangsu (cap 1000; the demo letter covers every rock wool in Jiangsu, capped at 20 000);
  // mortar only in Suzhou (not the school's county), which no demo letter names.
  await addLetter(server, {
    makerOrgId: maker,
    distributorOrgId: dealer,
    items: [{ productId: rockWool.productId, specId: rockWool.specId, cap: '1000' }],
  });
  await addLetter(server, {
    makerOrgId: maker,
    distributorOrgId: dealer,
    regionCodes: ['320500'],
    items: [{ productId: mortar.productId }],
  });
}, 60_000);
afterAll(() => server?.stop());

describe('recording a contract', () => {
  it('takes the buyer from the platform and the place of delivery from its project; the amount is the lines’ sum', async () => {
    const { id } = ok(
      await call(
        'dealer',
        api.contractSave,
        contract({
          lines: [
            { specId: rockWool.specId, quantity: 120.5, unit: '平方米', unitPriceFen: 4850 },
            { specId: mortar.specId, quantity: 3, unit: '袋', unitPriceFen: 99_999 },
          ],
        }),
      ),
    );
    const d = ok(await call('dealer', api.contractDetail, { id }));
    expect(d).toMatchObject({
      status: 'draft',
      buyerName: '南京城建置业发展有限公司',
      projectName: '南京市鼓楼区天妃宫小学新建工程',
      regionCode: '320106',
      regionName: expect.stringContaining('鼓楼区'),
      amountFen: 584_425 + 299_997,
      side: 'seller',
      actions: ['edit', 'sign'],
    });
    expect(d.lines.map((l) => [l.lineNo, l.amountFen, l.remainingQuantity])).toEqual([
      [1, 584_425, 120.5],
      [2, 299_997, 3],
    ]);
    // Each line checked against the letters: rock wool covered (by the letter naming its specification), mortar only
    // authorised in Suzhou.
    expect(d.lines[0]?.coverage).toMatchObject({ covered: true, number: expect.stringMatching(/^AUTEST-/) });
    expect(d.lines[1]?.coverage).toMatchObject({ covered: false, refusal: 'region' });
  });

  it('takes a buyer off the platform by name and a valid credit code, with a chosen place of delivery', async () => {
    const { id } = ok(
      await call(
        'dealer',
        api.contractSave,
        contract({
          buyerOrgId: undefined,
          buyerName: '南京某装饰工程有限公司',
          buyerCreditCode: BUYER_CODE,
          projectId: undefined,
          projectName: '某办公楼装修',
          regionCode: '320102',
        }),
      ),
    );
    expect(ok(await call('dealer', api.contractDetail, { id }))).toMatchObject({
      buyerOrgId: null,
      buyerCreditCode: BUYER_CODE,
      projectName: '某办公楼装修',
      regionCode: '320102',
    });
  });

  it('answers bad input field by field', async () => {
    const fields = fieldsOf(
      await callRaw('dealer', api.contractSave, {
        number: '',
        buyerName: '某公司',
        buyerCreditCode: '91320100MA1MEQ7X90',
        validFrom: '2026-12-01',
        validUntil: '2026-11-01',
        lines: [{ specId: rockWool.specId, quantity: -1, unit: '斤', unitPriceFen: 1.5 }],
      }),
    );
    expect(Object.keys(fields).sort()).toEqual(
      ['number', 'lines.0.quantity', 'lines.0.unit', 'lines.0.unitPriceFen'].sort(),
    );
    // The rules across fields, once each field is well formed.
    const across = fieldsOf(
      await call('dealer', api.contractSave, {
        ...contract({ buyerOrgId: undefined, projectId: undefined }),
        buyerName: '某公司',
        buyerCreditCode: undefined,
        validFrom: '2026-12-01',
        validUntil: '2026-11-01',
      }),
    );
    expect(Object.keys(across).sort()).toEqual(['buyerCreditCode', 'regionCode', 'validUntil']);
    expect(
      fieldsOf(
        await callRaw('dealer', api.contractSave, {
          ...contract(),
          buyerCreditCode: `${BUYER_CODE.slice(0, 17)}${BUYER_CODE.endsWith('1') ? '2' : '1'}`,
        }),
      ).buyerCreditCode,
    ).toBe('统一社会信用代码校验位不正确');
    const refs = fieldsOf(
      await call(
        'dealer',
        api.contractSave,
        contract({ buyerOrgId: dealer, lines: [{ specId: 999_999, quantity: 1, unit: '吨', unitPriceFen: 1 }] }),
      ),
    );
    expect(refs).toMatchObject({
      buyerOrgId: '买方单位不存在',
      projectId: expect.any(String),
      'lines.0.specId': '规格型号不存在',
    });
  });

  it('refuses a project the buyer is not on, a number used twice and another organisation’s file', async () => {
    const makerOrg = await userOf(server, '13800000001');
    expect(fieldsOf(await call('dealer', api.contractSave, contract({ buyerOrgId: makerOrg.orgId }))).projectId).toBe(
      '请选择买方参与的平台项目',
    );
    const body = contract();
    ok(await call('dealer', api.contractSave, body));
    expect(fieldsOf(await call('dealer', api.contractSave, body)).number).toBe('合同编号已存在');
    const theirs = await makeUpload(server, '13800000001');
    expect(fieldsOf(await call('dealer', api.contractSave, contract({ signedFileId: theirs.id }))).signedFileId).toBe(
      '合同文件不存在',
    );
  });

  it('finds buyers and their projects', async () => {
    const found = ok(await call('dealer', api.buyerSearch, { keyword: '城建置业' }));
    expect(found.map((o) => o.id)).toEqual([developer]);
    const projects = ok(await call('dealer', api.buyerProjects, { orgId: developer }));
    expect(projects.find((p) => p.id === school)).toMatchObject({ regionCode: '320106' });
    expect((await call('developer', api.buyerSearch, { keyword: '恒通' })).status).toBe(403);
  });
});

describe('the contract’s life', () => {
  it('signs only with the signed file, whose SHA-256 goes on the evidence ledger', async () => {
    const { id } = ok(await call('dealer', api.contractSave, contract()));
    expect(fieldsOf(await call('dealer', api.contractSign, { id })).signedFileId).toContain('合同文件');
    const file = await makeUpload(server, '13800000002');
    ok(await call('dealer', api.contractSave, { ...contract(), id, signedFileId: file.id }));
    // The number clashes with nothing: the edit keeps its own number.
    ok(await call('dealer', api.contractSign, { id }));
    const d = ok(await call('dealer', api.contractDetail, { id }));
    expect(d).toMatchObject({ status: 'signed', signedFile: { id: file.id, sha256: file.sha256 } });
    expect(d.leafIndex).not.toBeNull();
    const [entry] = await server.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.leafIndex, d.leafIndex as number));
    expect(entry).toMatchObject({ kind: 'document', orgId: dealer, contentSha256: file.sha256 });
    // The distributor's 存证 (its blockchain pages) lists the signed contract, on that entry.
    const stored = ok(
      await call('dealer', ledgerEndpoints.storageList, { docType: LedgerDocType.CONTRACT, pageSize: 50 }),
    );
    expect(stored.list.filter((r) => r.leafIndex === d.leafIndex)).toEqual([
      expect.objectContaining({ docType: LedgerDocType.CONTRACT, title: expect.stringContaining(d.number) }),
    ]);
    // Signed: no more edits, no second signing.
    expect((await call('dealer', api.contractSave, { ...contract(), id })).status).toBe(409);
    expect((await call('dealer', api.contractSign, { id })).status).toBe(409);
  });

  it('refuses to activate a contract with a line no letter covers, naming the line', async () => {
    const { id } = await signedContract({
      lines: [
        { specId: rockWool.specId, quantity: 10, unit: '平方米', unitPriceFen: 4850 },
        { specId: mortar.specId, quantity: 3, unit: '袋', unitPriceFen: 99_999 },
      ],
    });
    const res = await call('dealer', api.contractActivate, { id });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('第 2 行（干混砌筑砂浆 DM M10 袋装）未获授权：目的地不在授权区域内');
    expect(ok(await call('dealer', api.contractDetail, { id })).status).toBe('signed');
  });

  it('refuses a line beyond what every covering letter’s cap leaves', async () => {
    const { id } = await signedContract({
      lines: [{ specId: rockWool.specId, quantity: 25_000, unit: '平方米', unitPriceFen: 4850 }],
    });
    const res = await call('dealer', api.contractActivate, { id });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('超出授权数量上限');
  });

  it('activates, completes; terminates with a reason; the buyer is told and reads it', async () => {
    const { id } = await signedContract();
    expect(ok(await call('dealer', api.contractDetail, { id })).actions).toEqual(['activate', 'terminate']);
    ok(await call('dealer', api.contractActivate, { id }));
    expect(ok(await call('dealer', api.contractDetail, { id })).actions).toEqual(['complete', 'terminate', 'ship']);
    ok(await call('dealer', api.contractComplete, { id }));
    expect((await call('dealer', api.contractTerminate, { id, reason: '晚了' })).status).toBe(409);
    const buyerView = ok(await call('developer', api.contractDetail, { id }));
    expect(buyerView).toMatchObject({ status: 'completed', side: 'buyer', actions: [] });
    const theirs = ok(await call('developer', api.contractList, { side: 'buyer' }));
    expect(theirs.list.map((c) => c.id)).toContain(id);
    const number = buyerView.number;
    const told = await server.database.db
      .select({ title: messages.title, channel: messages.channelNo })
      .from(messages)
      .where(and(eq(messages.companyId, developer), like(messages.title, `%${number}`)));
    expect(told.map((m) => m.title).sort()).toEqual(
      [`经销合同已签订：${number}`, `经销合同已生效：${number}`, `经销合同已完成：${number}`].sort(),
    );
    expect(new Set(told.map((m) => m.channel))).toEqual(new Set(['jcbb']));

    const other = await signedContract();
    expect(fieldsOf(await callRaw('dealer', api.contractTerminate, { id: other.id })).reason).toBeDefined();
    ok(await call('dealer', api.contractTerminate, { id: other.id, reason: '买方项目取消' }));
    expect(ok(await call('dealer', api.contractDetail, { id: other.id }))).toMatchObject({
      status: 'terminated',
      statusReason: '买方项目取消',
    });
  });

  it('answers a draft to its distributor only; the buyer may not act; others get 404, a manufacturer 403', async () => {
    const { id } = ok(await call('dealer', api.contractSave, contract()));
    expect((await call('developer', api.contractDetail, { id })).status).toBe(404);
    expect(ok(await call('developer', api.contractList, { side: 'buyer' })).list.map((c) => c.id)).not.toContain(id);
    expect((await call('otherDealer', api.contractDetail, { id })).status).toBe(404);
    expect((await call('otherDealer', api.contractSave, { ...contract(), id })).status).toBe(404);
    expect((await call('otherDealer', api.contractSign, { id })).status).toBe(404);
    expect((await call('maker', api.contractSign, { id })).status).toBe(403);
    const signed = await signedContract();
    expect((await call('otherDealer', api.contractActivate, { id: signed.id })).status).toBe(404);
    expect((await call('developer', api.contractActivate, { id: signed.id })).status).toBe(403);
    expect((await call(null, api.contractList, {})).status).toBe(401);
  });
});

describe('shipping against a contract', () => {
  // Traceability lets a distributor ship to a project only where it has listed products (the shipment gate's branch
  // opens that to its letters); here the buyer is an organisation with its own address.
  it('drafts a shipment of the chosen lines to the buyer, within what each line has left', async () => {
    const builder = await userOf(server, '13800000003');
    const site = await addAddress(server, builder.orgId, { kind: 'office', name: '筑安材料站', regionCode: '320106' });
    const { id } = await signedContract({ buyerOrgId: builder.orgId, projectId: undefined, regionCode: '320106' });
    const d0 = ok(await call('dealer', api.contractDetail, { id }));
    const line = d0.lines[0]?.id as number;
    const [lot] = await server.database.db.select().from(lots).where(eq(lots.batchNo, 'YM20261101'));
    const [warehouse] = await server.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.orgId, dealer), eq(addresses.name, '恒通栖霞仓库')));
    const body = {
      id,
      fromAddressId: warehouse?.id as number,
      toAddressId: site,
      shipDate: shanghaiToday(),
      lines: [{ contractLineId: line, lotId: lot?.id as number, quantity: 50 }],
    };
    // Not active yet.
    expect((await call('dealer', api.contractShip, body)).status).toBe(409);
    ok(await call('dealer', api.contractActivate, { id }));
    const beyond = {
      ...body,
      lines: [...body.lines, { contractLineId: line, lotId: lot?.id as number, quantity: 71 }],
    };
    expect(fieldsOf(await call('dealer', api.contractShip, beyond))['lines.1.quantity']).toBe('超出合同剩余数量 70.5');
    expect(fieldsOf(await call('dealer', api.contractShip, { ...body, fromAddressId: 999_999 }))).toHaveProperty(
      'fromAddressId',
    );
    const { shipmentId, number } = ok(await call('dealer', api.contractShip, body));
    expect(number).toMatch(/^FH/);
    const shipment = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: shipmentId }));
    expect(shipment).toMatchObject({ status: 1, lines: [{ specId: rockWool.specId, quantity: 50 }] });
    const [link] = await server.database.db
      .select()
      .from(salesContractShipments)
      .where(eq(salesContractShipments.shipmentId, shipmentId));
    expect(link?.contractId).toBe(id);
    expect(ok(await call('dealer', api.contractDetail, { id })).shipments).toEqual([
      expect.objectContaining({ id: shipmentId, number }),
    ]);
    expect((await call('otherDealer', api.contractShip, body)).status).toBe(404);

    // Shipped through traceability, the gate draws the contract line down; what is left is what may be drafted.
    ok(await call('dealer', traceEndpoints.shipmentShip, { id: shipmentId }));
    const after = ok(await call('dealer', api.contractDetail, { id }));
    expect(after.lines[0]).toMatchObject({ shippedQuantity: 50, remainingQuantity: 70.5 });
    expect(
      fieldsOf(
        await call('dealer', api.contractShip, {
          ...body,
          lines: [{ contractLineId: line, lotId: lot?.id as number, quantity: 71 }],
        }),
      )['lines.0.quantity'],
    ).toBe('超出合同剩余数量 70.5');
  });
});

describe('the project’s removal rule', () => {
  it('keeps a buyer a signed contract names on the project, and lets go of one no contract names', async () => {
    const tokensOf = { builder: tokens.builder as string, supervisor: tokens.supervisor as string };
    const projectId = await siteProject(server, { ...tokensOf, developer: tokens.developer as string }, 'DC-REMOVE-1');
    const builder = (await userOf(server, '13800000003')).orgId;
    await signedContract({ buyerOrgId: builder, projectId });
    const refused = await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(CONTRACTS_NAME_ORG);
    const supervision = (await userOf(server, '13800000004')).orgId;
    ok(await call('developer', projectEndpoints.removeOrg, { projectId, orgId: supervision }));
  });

  it('does not hold a buyer named only by a draft (a draft may still change its buyer)', async () => {
    const tokensOf = { builder: tokens.builder as string, supervisor: tokens.supervisor as string };
    const projectId = await siteProject(server, { ...tokensOf, developer: tokens.developer as string }, 'DC-REMOVE-2');
    const builder = (await userOf(server, '13800000003')).orgId;
    ok(await call('dealer', api.contractSave, contract({ buyerOrgId: builder, projectId })));
    ok(await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder }));
  });
});
