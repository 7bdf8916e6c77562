import { deflateRawSync } from 'node:zlib';
import { diskEndpoints as D, type EndpointInput, SHARE_CODE_ATTEMPTS } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, diskShares } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';

/**
 * The enterprise disk end to end on the demo data: 13800000001 南京绿筑 (manufacturer, the owner), 13800000002 南京恒通
 * (distributor: another organisation of a type that has a disk), 13800000008 another manufacturer, 13800000005 a
 * developer (no disk: 403).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(who: string, name: string, bytes: Buffer, mime = 'application/octet-stream') {
  return uploadFile(server, tokens[who] as string, name, bytes, mime);
}

async function addFile(who: string, name: string, over: Partial<EndpointInput<typeof D.addFile>> = {}) {
  const up = await upload(who, name, Buffer.concat([SMALL_PDF, Buffer.from(`%${name}${Math.random()}\n`)]));
  expect(up.status, up.raw).toBe(200);
  return ok(await call(who, D.addFile, { uploadId: up.body.data.id, ...over }));
}

beforeAll(async () => {
  server = await startTestServer({ maxUploadBytes: 200 * 1024 });
  for (const [who, mobile] of [
    ['maker', '13800000001'],
    ['dist', '13800000002'],
    ['other', '13800000008'],
    ['dev', '13800000005'],
  ] as const)
    tokens[who] = await server.login(mobile);
});
afterAll(async () => server?.stop());

describe('folders and files', () => {
  it('makes folders, adds files with versions, tags, type and validity, and audits each change', async () => {
    const folder = ok(await call('maker', D.createFolder, { name: '投标资料' }));
    const sub = ok(await call('maker', D.createFolder, { parentId: folder.id, name: '2026' }));
    const file = await addFile('maker', '检测报告.pdf', {
      folderId: sub.id,
      docType: 'test_report',
      tags: ['保温', '保温', '招标'],
      validFrom: '2026-01-01',
      validUntil: '2026-01-02',
    });
    expect(file).toMatchObject({ docType: 'test_report', tags: ['保温', '招标'], version: 1, expiry: 'expired' });
    const listed = ok(await call('maker', D.list, { folderId: sub.id }));
    expect(listed.path.map((p) => p.name)).toEqual(['投标资料', '2026']);
    expect(listed.files.map((f) => f.id)).toEqual([file.id]);
    const byTag = ok(await call('maker', D.list, { keyword: '招标' }));
    expect(byTag.files.map((f) => f.id)).toContain(file.id);

    const up = await upload('maker', 'v2.pdf', Buffer.concat([SMALL_PDF, Buffer.from('%v2\n')]));
    const v2 = ok(await call('maker', D.addVersion, { id: file.id, uploadId: up.body.data.id }));
    expect(v2.version).toBe(2);
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);
    const saved = ok(
      await call('maker', D.saveFile, {
        id: file.id,
        name: '保温板检测报告.pdf',
        folderId: folder.id,
        docType: 'test_report',
        tags: ['保温'],
        validUntil: '2099-12-31',
      }),
    );
    expect(saved).toMatchObject({ name: '保温板检测报告.pdf', folderId: folder.id, expiry: 'valid' });

    const old = await download('maker', D.content, { id: file.id, version: 1 });
    expect(old.status).toBe(200);
    expect(old.headers['content-disposition']).toMatch(/^attachment/);
    expect(old.headers['x-content-type-options']).toBe('nosniff');
    const preview = await download('maker', D.content, { id: file.id, inline: true });
    expect(preview.headers['content-disposition']).toMatch(/^inline/);

    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(file.id)));
    expect(audited.filter((a) => a.entityType === 'disk_file').map((a) => a.action)).toEqual([
      'add',
      'version',
      'update',
    ]);

    expect((await call('maker', D.deleteFolder, { id: folder.id })).status).toBe(409);
    ok(await call('maker', D.deleteFile, { id: file.id }));
    ok(await call('maker', D.deleteFolder, { id: sub.id }));
    ok(await call('maker', D.deleteFolder, { id: folder.id }));
  });

  it('puts the current version on the evidence ledger in one click, once', async () => {
    const file = await addFile('maker', '营业执照.pdf', { docType: 'licence' });
    const recorded = ok(await call('maker', D.recordOnLedger, { id: file.id }));
    expect(recorded.ledgerLeafIndex).toEqual(expect.any(Number));
    const again = ok(await call('maker', D.recordOnLedger, { id: file.id }));
    expect(again.ledgerLeafIndex).toBe(recorded.ledgerLeafIndex);
  });

  it('answers 404 for another organisation’s folder and file, 403 for a type without a disk, 401 signed out', async () => {
    const folder = ok(await call('maker', D.createFolder, { name: '私有' }));
    const file = await addFile('maker', '私有.pdf');
    for (const who of ['dist', 'other']) {
      expect((await call(who, D.list, { folderId: folder.id })).status).toBe(404);
      expect((await call(who, D.file, { id: file.id })).status).toBe(404);
      expect((await download(who, D.content, { id: file.id })).status).toBe(404);
      expect((await call(who, D.recordOnLedger, { id: file.id })).status).toBe(404);
      expect(
        (await call(who, D.createShare, { fileIds: [file.id], audience: 'anyone', expiresInDays: 1 })).status,
      ).toBe(400);
    }
    expect((await call('dev', D.list, {})).status).toBe(403);
    expect((await call(null, D.list, {})).status).toBe(401);
    // Another organisation's upload cannot be attached.
    const theirs = await upload('dist', 'x.pdf', SMALL_PDF);
    expect(fieldsOf(await call('maker', D.addFile, { uploadId: theirs.body.data.id }))).toHaveProperty('uploadId');
  });

  it('refuses bad input with per-field messages', async () => {
    expect(fieldsOf(await call('maker', D.createFolder, { name: '../x' }))).toHaveProperty('name');
    expect(fieldsOf(await call('maker', D.createFolder, { name: '..' }))).toHaveProperty('name');
    expect(fieldsOf(await callRaw('maker', D.createFolder, { name: 'a\u0000b' }))).toHaveProperty('name');
    const file = await addFile('maker', '合同.pdf');
    expect(
      fieldsOf(await call('maker', D.saveFile, { id: file.id, name: 'a/b.pdf', docType: 'contract', tags: [] })),
    ).toHaveProperty('name');
    expect(
      fieldsOf(
        await call('maker', D.saveFile, {
          id: file.id,
          name: 'b.pdf',
          docType: 'contract',
          tags: [],
          validFrom: '2026-05-01',
          validUntil: '2026-04-01',
        }),
      ),
    ).toHaveProperty('validUntil');
    expect(
      fieldsOf(await callRaw('maker', D.saveFile, { id: file.id, name: 'b', docType: 'virus', tags: [] })),
    ).toHaveProperty('docType');
    expect(fieldsOf(await call('maker', D.createShare, { audience: 'anyone', expiresInDays: 1 }))).toHaveProperty(
      'fileIds',
    );
    expect(
      fieldsOf(await call('maker', D.createShare, { fileIds: [file.id], audience: 'orgs', expiresInDays: 1 })),
    ).toHaveProperty('orgIds');
    expect(
      fieldsOf(
        await call('maker', D.createShare, { fileIds: [file.id], audience: 'anyone', expiresInDays: 1, code: '12' }),
      ),
    ).toHaveProperty('code');
  });
});

describe('hostile files', () => {
  it('refuses oversized and unknown types; a path-like name keeps only its base name', async () => {
    expect((await upload('maker', 'big.pdf', Buffer.concat([SMALL_PDF, Buffer.alloc(300 * 1024)]))).status).toBe(413);
    expect((await upload('maker', 'run.exe', Buffer.from('MZ\x90\x00 not a document'))).status).toBe(415);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload('maker', 'logo.svg', Buffer.from(svg), 'image/svg+xml')).status).toBe(415);
    expect(
      (await upload('maker', 'page.html', Buffer.from('<html><script>alert(1)</script>'), 'text/html')).status,
    ).toBe(415);
    const climbing = await upload('maker', '../../etc/passwd.pdf', SMALL_PDF, 'application/pdf');
    const added = ok(await call('maker', D.addFile, { uploadId: climbing.body.data.id }));
    expect(added.name).toBe('passwd.pdf');
  });

  it('keeps a zip bomb as bytes (never unpacked) and serves it only as an attachment', async () => {
    // A "docx" whose one entry inflates to 50 MB: the store checks the first bytes and keeps it as it came.
    const inflated = deflateRawSync(Buffer.alloc(50 * 1024 * 1024));
    const name = Buffer.from('word/document.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(inflated.length, 18);
    local.writeUInt32LE(50 * 1024 * 1024, 22);
    local.writeUInt16LE(name.length, 26);
    const bomb = Buffer.concat([local, name, inflated]);
    const up = await upload('maker', 'bomb.docx', bomb);
    expect(up.status, up.raw).toBe(200);
    const file = ok(await call('maker', D.addFile, { uploadId: up.body.data.id }));
    expect(file.size).toBe(bomb.length);
    const got = await download('maker', D.content, { id: file.id, inline: true });
    expect(got.status).toBe(200);
    expect(got.body.length).toBe(bomb.length);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a GIF carrying a script (named .html) as an image, never as HTML', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>')]);
    const up = await upload('maker', 'poly.html', polyglot, 'text/html');
    const file = ok(await call('maker', D.addFile, { uploadId: up.body.data.id }));
    expect(file.name).toBe('poly.gif');
    const got = await download('maker', D.content, { id: file.id });
    expect(got.headers['content-type']).toBe('image/gif');
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('share links', () => {
  async function shareOf(over: Partial<EndpointInput<typeof D.createShare>> = {}) {
    const file = await addFile('maker', '证书.pdf', { docType: 'certificate' });
    ok(await call('maker', D.recordOnLedger, { id: file.id }));
    const share = ok(
      await call('maker', D.createShare, { fileIds: [file.id], audience: 'anyone', expiresInDays: 7, ...over }),
    );
    return { file, share };
  }

  it('opens a link with a code: nothing before the code, the files and their ledger proof after, downloads counted', async () => {
    const { file, share } = await shareOf({ code: 'ab12', maxDownloads: 2 });
    expect(share.code).toBe('ab12');
    const [row] = await server.database.db.select().from(diskShares).where(eq(diskShares.id, share.id));
    expect(row?.codeHash).toMatch(/^scrypt\$/);
    expect(row?.codeHash).not.toContain('ab12');

    const closed = ok(await call(null, D.link, { token: share.token }));
    expect(closed).toMatchObject({
      state: 'active',
      needsCode: true,
      files: [],
      sharer: expect.stringContaining('绿筑'),
    });
    expect((await download(null, D.linkFile, { token: share.token, fileId: file.id })).status).toBe(403);
    expect(fieldsOf(await call(null, D.unlock, { token: share.token, code: 'zzzz' }))).toHaveProperty('code');
    const { key } = ok(await call(null, D.unlock, { token: share.token, code: 'ab12' }));
    const open = ok(await call(null, D.link, { token: share.token, key }));
    expect(open.files.map((f) => f.id)).toEqual([file.id]);
    expect(open.files[0]?.evidence?.contentSha256).toBe(file.sha256);

    const first = await download(null, D.linkFile, { token: share.token, fileId: file.id, key });
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toMatch(/^attachment/);
    expect((await download(null, D.linkFile, { token: share.token, fileId: file.id, key, inline: true })).status).toBe(
      200,
    );
    const third = await download(null, D.linkFile, { token: share.token, fileId: file.id, key });
    expect(third.status).toBe(409);
    expect(ok(await call(null, D.link, { token: share.token, key })).state).toBe('exhausted');

    const log = ok(await call('maker', D.shareLog, { id: share.id }));
    expect(log.list.map((l) => l.action)).toEqual(
      expect.arrayContaining(['code_wrong', 'code_ok', 'open', 'download', 'preview', 'refused']),
    );
    expect((await call('dist', D.shareLog, { id: share.id })).status).toBe(404);
  });

  it('throttles extraction-code guessing per client', async () => {
    const { share } = await shareOf({ code: 'QQ99' });
    for (let i = 0; i < SHARE_CODE_ATTEMPTS; i++)
      expect((await call(null, D.unlock, { token: share.token, code: `x${i}xx` })).status).toBe(400);
    const refused = await call(null, D.unlock, { token: share.token, code: 'QQ99' });
    expect(refused.status).toBe(429);
  });

  it('closes a link on revoke and on expiry, and says so', async () => {
    const { file, share } = await shareOf();
    ok(await call('maker', D.revokeShare, { id: share.id }));
    expect(ok(await call(null, D.link, { token: share.token })).state).toBe('revoked');
    expect((await download(null, D.linkFile, { token: share.token, fileId: file.id })).status).toBe(409);
    expect((await call('maker', D.revokeShare, { id: share.id })).status).toBe(409);
    expect((await call('dist', D.revokeShare, { id: share.id })).status).toBe(404);

    const later = await shareOf();
    await server.database.db
      .update(diskShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(diskShares.id, later.share.id));
    expect(ok(await call(null, D.link, { token: later.share.token })).state).toBe('expired');
    expect((await download(null, D.linkFile, { token: later.share.token, fileId: later.file.id })).status).toBe(409);
  });

  it('asks signed-out visitors to sign in, and keeps other organisations out of an organisations-only link', async () => {
    const orgs = ok(await call('maker', D.organizations, { keyword: '恒通' }));
    const hengtong = orgs[0];
    expect(hengtong?.name).toContain('恒通');
    const { file, share } = await shareOf({ audience: 'orgs', orgIds: [hengtong?.id ?? 0] });
    expect(ok(await call(null, D.link, { token: share.token })).needsSignIn).toBe(true);
    expect(ok(await call('other', D.link, { token: share.token })).notForYou).toBe(true);
    expect((await download('other', D.linkFile, { token: share.token, fileId: file.id })).status).toBe(403);
    const theirs = ok(await call('dist', D.link, { token: share.token }));
    expect(theirs.files).toHaveLength(1);
    expect((await download('dist', D.linkFile, { token: share.token, fileId: file.id })).status).toBe(200);
    // A file not in the link is not reachable through it.
    const outside = await addFile('maker', '未分享.pdf');
    expect((await download('dist', D.linkFile, { token: share.token, fileId: outside.id })).status).toBe(404);
  });

  it('shares a folder as it is when opened, with a watermark naming the visitor', async () => {
    const folder = ok(await call('maker', D.createFolder, { name: '分享文件夹' }));
    const share = ok(
      await call('maker', D.createShare, {
        folderId: folder.id,
        audience: 'signed_in',
        expiresInDays: 3,
        watermark: true,
      }),
    );
    await addFile('maker', '图纸.pdf', { folderId: folder.id, docType: 'drawing' });
    const seen = ok(await call('dist', D.link, { token: share.token }));
    expect(seen.files.map((f) => f.name)).toEqual(['图纸.pdf']);
    expect(seen.watermark).toContain('仅供');
    const png = await upload('maker', 'photo.png', PNG);
    expect(png.status, png.raw).toBe(200);
    const listed = ok(await call('maker', D.shares, {}));
    expect(listed.list.find((s) => s.id === share.id)).toMatchObject({ state: 'active', hasCode: false });
  });

  it('answers 404 for an unknown token and 400 for a malformed or path-like one', async () => {
    expect((await call(null, D.link, { token: 'A'.repeat(22) })).status).toBe(404);
    expect(fieldsOf(await callRaw(null, D.link, { token: '../../x' }))).toHaveProperty('token');
    expect(fieldsOf(await callRaw(null, D.link, { token: 'short' }))).toHaveProperty('token');
  });
});
