import { distributionEndpoints as api, ledgerEndpoints, OrgType } from '@jcbb/contract';
import { verifyAuthorisation } from '@jcbb/contract/distribution-proof';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages, projectOrgs } from '../../db/schema/index.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { addBareProduct, projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { demoScope, issuedLetter, letterInput, type SaveInput } from './distribution.authorisation.test-support.ts';

/**
 * Authorisations through the API (docs/distribution.md): drafts, issue with its rules (exclusivity, collusion, the
 * maker's own products, a distributor), acceptance, suspension, resumption, revocation, renewal and supersession;
 * who sees what; the public verification checked as an outsider would, with the published key.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
let scope: Awaited<ReturnType<typeof demoScope>>;
let otherDealerOrgId = 0;
let otherMakerProductId = 0;
let publishedKey = '';

const input = (over: Partial<SaveInput> = {}) => letterInput(scope, over);

async function messagesAbout(orgId: number, text: string) {
  return server.database.db
    .selectDistinct({ title: messages.title, channel: messages.channelNo, url: messages.targetUrl })
    .from(messages)
    .where(and(eq(messages.companyId, orgId), like(messages.title, `%${text}%`)));
}

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', dealer: '13800000002', builder: '13800000003' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  scope = await demoScope(server);
  const otherDealer = await addOrgWithUser(server, {
    name: '苏州另一建材经销公司',
    type: OrgType.DISTRIBUTOR,
    regionCode: '320500',
    mobile: '13900000071',
  });
  otherDealerOrgId = otherDealer.orgId;
  tokens.otherDealer = await server.login('13900000071');
  const otherMaker = await addOrgWithUser(server, {
    name: '常州另一建材制造公司',
    type: OrgType.MANUFACTURER,
    regionCode: '320400',
    mobile: '13900000072',
  });
  tokens.otherMaker = await server.login('13900000072');
  otherMakerProductId = (await addBareProduct(server, otherMaker, '320100')).productId;
  publishedKey = ok(await call(null, ledgerEndpoints.key)).publicKey;
});
afterAll(async () => {
  await server?.stop();
});

describe('drafts', () => {
  it('saves a draft the maker sees and the distributor does not', async () => {
    const draft = ok(await call('maker', api.authorisationSave, input()));
    expect(draft).toMatchObject({ status: 'draft', state: 'draft', number: null, version: 1, verifyUrl: null });
    expect(draft.chainId).toBe(draft.id);
    expect(draft.items.map((i) => [i.productName, i.allSpecs, i.quantityCap])).toEqual([
      ['岩棉保温板', true, 5000],
      ['蒸压加气混凝土砌块', false, null],
    ]);
    expect(draft.regions).toEqual([{ code: '320000', name: '江苏省' }]);
    expect(draft.actions).toEqual(expect.arrayContaining(['save', 'delete', 'issue']));
    expect((await call('dealer', api.authorisationDetail, { id: draft.id })).status).toBe(404);
    const theirs = ok(await call('dealer', api.authorisationList, {}));
    expect(theirs.list.map((l) => l.id)).not.toContain(draft.id);
    const mine = ok(await call('maker', api.authorisationList, { status: 'draft' }));
    expect(mine.list.map((l) => l.id)).toContain(draft.id);
  });

  it('changes a draft, and deletes one', async () => {
    const draft = ok(await call('maker', api.authorisationSave, input()));
    const changed = ok(
      await call('maker', api.authorisationSave, { ...input({ regionCodes: ['320100', '320200'] }), id: draft.id }),
    );
    expect(changed.regions.map((r) => r.name)).toEqual(['南京市', '无锡市']);
    expect(ok(await call('maker', api.authorisationDelete, { id: draft.id }))).toEqual({ id: draft.id });
    expect((await call('maker', api.authorisationDetail, { id: draft.id })).status).toBe(404);
    const trail = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'authorisation'), eq(auditLog.entityId, String(draft.id))));
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input field by field', async () => {
    const res = await callRaw('maker', api.authorisationSave, {
      ...input(),
      regionCodes: [],
      items: [],
      validFrom: '2026-12-01',
      validUntil: '2026-11-01',
      signatoryName: '',
    });
    expect(fieldsOf(res)).toMatchObject({
      regionCodes: '请至少选择一个授权区域',
      items: '请至少选择一个授权产品',
      signatoryName: '请输入签署人',
    });
    expect(fieldsOf(await call('maker', api.authorisationSave, input({ validUntil: '2020-01-01' })))).toMatchObject({
      validUntil: '授权截止日期不能早于开始日期',
    });
    expect(fieldsOf(await call('maker', api.authorisationSave, input({ kind: 'project' })))).toMatchObject({
      projectId: expect.stringContaining('项目授权'),
    });
    expect(fieldsOf(await call('maker', api.authorisationSave, input({ regionCodes: ['999999'] })))).toEqual({
      'regionCodes.0': '行政区划代码不存在',
    });
    const twice = input({
      items: [
        { productId: scope.insulation.productId, specIds: [] },
        { productId: scope.insulation.productId, specIds: [scope.insulation.specId] },
      ],
    });
    expect(fieldsOf(await call('maker', api.authorisationSave, twice))).toEqual({
      'items.1.productId': '该产品已选择',
    });
  });

  it('names only the maker’s own products and specifications', async () => {
    const foreign = input({ items: [{ productId: otherMakerProductId, specIds: [] }] });
    expect(fieldsOf(await call('maker', api.authorisationSave, foreign))).toEqual({
      'items.0.productId': '只能授权本企业的产品',
    });
    const wrongSpec = input({ items: [{ productId: scope.insulation.productId, specIds: [scope.blocks.specId] }] });
    expect(fieldsOf(await call('maker', api.authorisationSave, wrongSpec))).toEqual({
      'items.0.specIds.0': '规格型号不属于该产品',
    });
  });

  it('authorises distributors only', async () => {
    const builder = await userOf(server, '13800000003');
    expect(fieldsOf(await call('maker', api.authorisationSave, input({ distributorOrgId: builder.orgId })))).toEqual({
      distributorOrgId: '所选单位不是经销商，只能授权经销商',
    });
    expect(fieldsOf(await call('maker', api.authorisationSave, input({ distributorOrgId: 2_000_000 })))).toEqual({
      distributorOrgId: '经销商不存在',
    });
  });
});

describe('the letter’s life', () => {
  it('issues, is accepted, suspended, resumed and revoked — each step signed, on the ledger, told to both', async () => {
    const draft = ok(await call('maker', api.authorisationSave, input()));
    const issued = ok(await call('maker', api.authorisationIssue, { id: draft.id }));
    expect(issued).toMatchObject({ status: 'issued', state: 'issued', expiresInDays: 365 });
    expect(issued.number).toMatch(/^AU\d{8}\d{4}$/);
    expect(issued.leafIndex).not.toBeNull();
    expect(issued.verifyUrl).toBe(`/free/authorisation?id=${issued.publicId}`);
    // The distributor sees it now, and is told in its console's channel.
    expect(ok(await call('dealer', api.authorisationDetail, { id: draft.id })).actions).toEqual(['accept']);
    expect(await messagesAbout(scope.dealerOrgId, issued.number as string)).toEqual([
      {
        title: `南京绿筑新型建材有限公司向贵单位签发了授权书 ${issued.number}`,
        channel: 'agent',
        url: `/distributor/licensedProductDetails?id=${draft.id}`,
      },
    ]);
    // Only the distributor named accepts: the maker 403, another distributor 404.
    expect((await call('maker', api.authorisationAccept, { id: draft.id })).status).toBe(403);
    expect((await call('otherDealer', api.authorisationAccept, { id: draft.id })).status).toBe(404);
    const active = ok(await call('dealer', api.authorisationAccept, { id: draft.id }));
    expect(active).toMatchObject({ status: 'active', state: 'active' });
    expect(active.acceptedAt).not.toBeNull();
    expect((await call('dealer', api.authorisationAccept, { id: draft.id })).status).toBe(409);

    expect(fieldsOf(await callRaw('maker', api.authorisationSuspend, { id: draft.id }))).toEqual({
      reason: '请输入原因',
    });
    expect((await call('dealer', api.authorisationSuspend, { id: draft.id, reason: '自行暂停' })).status).toBe(403);
    const suspended = ok(await call('maker', api.authorisationSuspend, { id: draft.id, reason: '质量整改期间' }));
    expect(suspended).toMatchObject({ state: 'suspended', statusReason: '质量整改期间', actions: expect.any(Array) });
    expect(ok(await call('maker', api.authorisationResume, { id: draft.id }))).toMatchObject({ state: 'active' });

    expect(fieldsOf(await callRaw('maker', api.authorisationRevoke, { id: draft.id, reason: '  ' }))).toEqual({
      reason: '请输入原因',
    });
    const revoked = ok(await call('maker', api.authorisationRevoke, { id: draft.id, reason: '经销合作终止' }));
    expect(revoked).toMatchObject({ state: 'revoked', statusReason: '经销合作终止', actions: [], expiresInDays: null });
    expect((await call('maker', api.authorisationRevoke, { id: draft.id, reason: '再次' })).status).toBe(409);
    expect((await call('maker', api.authorisationSave, { ...input(), id: draft.id })).status).toBe(409);

    const told = await messagesAbout(scope.dealerOrgId, issued.number as string);
    expect(told.map((m) => m.title)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('暂停了授权书'),
        expect.stringContaining('恢复了授权书'),
        expect.stringContaining('撤销了授权书'),
      ]),
    );
    const makerOrg = (await userOf(server, '13800000001')).orgId;
    const makerTold = await messagesAbout(makerOrg, issued.number as string);
    expect(makerTold.map((m) => m.title)).toEqual(
      expect.arrayContaining([
        `南京恒通建材贸易有限公司已确认授权书 ${issued.number}`,
        `授权书 ${issued.number} 已撤销`,
      ]),
    );
    expect(new Set(makerTold.map((m) => m.channel))).toEqual(new Set(['materials']));

    // The public page: revoked, and every fact it shows vouched for by the signed documents on the ledger.
    const answer = ok(await call(null, api.authorisationVerify, { id: issued.publicId }));
    expect(answer).toMatchObject({ state: 'revoked', statusReason: '经销合作终止', number: issued.number });
    const check = verifyAuthorisation(answer, publishedKey);
    expect(check).toMatchObject({ ok: true, covered: { letter: true, state: true, reason: true } });
    expect(check.statement?.status).toBe('revoked');
    expect(check.content?.credentialSubject.distributor.name).toBe('南京恒通建材贸易有限公司');
    // No personal data in what was signed: the signatory is on paper only.
    expect(answer.letter.content).not.toContain('张伟');
  });

  it('is active at once with auto-accept, and the public page vouches for it', async () => {
    const letter = await issuedLetter(() => server, tokens, input({ autoAccept: true }), { accept: false });
    expect(letter.state).toBe('active');
    const answer = ok(await call(null, api.authorisationVerify, { id: letter.publicId }));
    expect(verifyAuthorisation(answer, publishedKey)).toMatchObject({ ok: true, statement: { status: 'active' } });
  });

  it('draws the PDF letter with its number and its verification link, for either party once issued', async () => {
    const draft = ok(await call('maker', api.authorisationSave, input()));
    expect((await download('maker', api.authorisationLetter, { id: draft.id })).status).toBe(409);
    const letter = ok(await call('maker', api.authorisationIssue, { id: draft.id }));
    for (const who of ['maker', 'dealer']) {
      const pdf = await download(who, api.authorisationLetter, { id: draft.id });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdf.body.toString('latin1');
      expect(text.slice(0, 5)).toBe('%PDF-');
      expect(text).toContain(`/free/authorisation?id=${letter.publicId}`);
      expect(text).toContain(`(${letter.number})`);
    }
    expect((await download('otherDealer', api.authorisationLetter, { id: draft.id })).status).toBe(404);
  });
});

describe('rules on issue', () => {
  it('refuses an exclusive letter that overlaps another, naming it; a letter elsewhere issues', async () => {
    const first = await issuedLetter(() => server, tokens, input({ regionCodes: ['340100'], exclusive: true }));
    // To another distributor, in a county of that city, for the same product: refused with the first letter's number.
    const second = ok(
      await call(
        'maker',
        api.authorisationSave,
        input({
          distributorOrgId: otherDealerOrgId,
          regionCodes: ['340104'],
          items: [{ productId: scope.insulation.productId, specIds: [scope.insulation.specId] }],
        }),
      ),
    );
    const refused = await call('maker', api.authorisationIssue, { id: second.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(first.number);
    expect(ok(await call('maker', api.authorisationDetail, { id: second.id })).status).toBe('draft');
    // Another province: no overlap.
    ok(
      await call('maker', api.authorisationSave, {
        ...input({ distributorOrgId: otherDealerOrgId, regionCodes: ['330000'] }),
        id: second.id,
      }),
    );
    expect(ok(await call('maker', api.authorisationIssue, { id: second.id })).state).toBe('issued');
    // Once the exclusive letter is revoked, the same scope issues.
    ok(await call('maker', api.authorisationRevoke, { id: first.id, reason: '改为非独家' }));
    const third = ok(
      await call(
        'maker',
        api.authorisationSave,
        input({ distributorOrgId: otherDealerOrgId, regionCodes: ['340104'] }),
      ),
    );
    expect(ok(await call('maker', api.authorisationIssue, { id: third.id })).state).toBe('issued');
  });

  it('refuses a project letter for a project the maker takes part in (collusion)', async () => {
    const projectId = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
    const makerOrg = (await userOf(server, '13800000001')).orgId;
    const draft = ok(
      await call('maker', api.authorisationSave, input({ kind: 'project', projectId, regionCodes: ['320115'] })),
    );
    expect(draft.projectName).toBe('江宁区人民医院门急诊综合楼');
    const [developer] = await server.database.db
      .select({ developerOrgId: projectOrgs.developerOrgId })
      .from(projectOrgs)
      .where(eq(projectOrgs.projectId, projectId))
      .limit(1);
    await server.database.db.insert(projectOrgs).values({
      projectId,
      developerOrgId: developer?.developerOrgId as number,
      orgId: makerOrg,
      orgType: OrgType.CONSTRUCTION,
      status: 2,
      invitedBy: 1,
    });
    expect(fieldsOf(await call('maker', api.authorisationIssue, { id: draft.id }))).toEqual({
      projectId: '本企业是该项目的参建单位，不能为该项目授权经销商（防止串通投标）',
    });
  });

  it('refuses to issue a letter whose period has ended', async () => {
    const past = shanghaiToday() > '2026-01-02' ? '2026-01-01' : '2025-01-01';
    const draft = ok(await call('maker', api.authorisationSave, input({ validFrom: '2025-01-01', validUntil: past })));
    expect(fieldsOf(await call('maker', api.authorisationIssue, { id: draft.id }))).toEqual({
      validUntil: '授权截止日期已过，请修改后再签发',
    });
  });
});

describe('renewal', () => {
  it('makes a new draft version; issuing it supersedes the old one, which the public page says', async () => {
    const old = await issuedLetter(() => server, tokens, input({ regionCodes: ['320500'] }));
    const renewal = ok(await call('maker', api.authorisationRenew, { id: old.id }));
    expect(renewal).toMatchObject({ status: 'draft', version: 2, chainId: old.chainId, supersedesId: old.id });
    expect(renewal.items.map((i) => i.productId)).toEqual(old.items.map((i) => i.productId));
    expect((await call('maker', api.authorisationRenew, { id: old.id })).status).toBe(409);
    // The distributor still sees one version: drafts are the maker's.
    expect(ok(await call('dealer', api.authorisationDetail, { id: old.id })).versions).toHaveLength(1);
    const issued = ok(await call('maker', api.authorisationIssue, { id: renewal.id }));
    expect(issued.versions.map((v) => [v.version, v.state])).toEqual([
      [1, 'superseded'],
      [2, 'issued'],
    ]);
    const answer = ok(await call(null, api.authorisationVerify, { id: old.publicId }));
    expect(answer).toMatchObject({ state: 'superseded', supersededBy: { number: issued.number } });
    expect(verifyAuthorisation(answer, publishedKey)).toMatchObject({ ok: true, statement: { status: 'superseded' } });
  });
});

describe('who may call', () => {
  it('answers 404 to everyone but the two parties, 403 to other organisation types, 401 without a session', async () => {
    const letter = await issuedLetter(() => server, tokens, input());
    expect((await call('otherMaker', api.authorisationDetail, { id: letter.id })).status).toBe(404);
    expect((await call('otherDealer', api.authorisationDetail, { id: letter.id })).status).toBe(404);
    expect((await call('otherMaker', api.authorisationRevoke, { id: letter.id, reason: '冒名' })).status).toBe(404);
    expect((await call('builder', api.authorisationDetail, { id: letter.id })).status).toBe(403);
    expect((await call('builder', api.authorisationList, {})).status).toBe(403);
    expect((await call('dealer', api.authorisationSave, input())).status).toBe(403);
    expect((await call(null, api.authorisationList, {})).status).toBe(401);
    expect((await call(null, api.authorisationVerify, { id: 'no-such-letter' })).status).toBe(404);
    // A draft is nobody's business but the maker's, the public's least.
    const draft = ok(await call('maker', api.authorisationSave, input()));
    expect((await call(null, api.authorisationVerify, { id: draft.publicId })).status).toBe(404);
  });

  it('lists the distributor’s letters and the maker’s expiring ones', async () => {
    const soon = await issuedLetter(
      () => server,
      tokens,
      input({ regionCodes: ['320600'], validUntil: addDays(shanghaiToday(), 20) }),
    );
    const theirs = ok(await call('dealer', api.authorisationList, { keyword: soon.number as string }));
    expect(theirs.list.map((l) => l.id)).toEqual([soon.id]);
    const expiring = ok(await call('maker', api.authorisationList, { expiringWithinDays: 30, take: 100 }));
    expect(expiring.list.map((l) => l.id)).toContain(soon.id);
    expect(expiring.list.every((l) => (l.expiresInDays ?? 99) <= 30)).toBe(true);
    expect(ok(await call('maker', api.authorisationList, { keyword: '岩棉', take: 100 })).total).toBeGreaterThan(0);
  });

  it('finds certified distributors by name or credit code', async () => {
    const found = ok(await call('maker', api.distributorSearch, { keyword: '恒通' }));
    expect(found.map((d) => d.name)).toEqual(['南京恒通建材贸易有限公司']);
    expect(ok(await call('maker', api.distributorSearch, { keyword: '绿筑' }))).toEqual([]);
    const creditCode = found[0]?.creditCode as string;
    expect(creditCode).toMatch(/^[0-9A-Z]{18}$/);
    const byCode = ok(await call('maker', api.distributorSearch, { keyword: creditCode.slice(-8).toLowerCase() }));
    expect(byCode.map((d) => d.name)).toEqual(['南京恒通建材贸易有限公司']);
    expect((await call('dealer', api.distributorSearch, { keyword: '恒通' })).status).toBe(403);
  });
});
