import { createHash } from 'node:crypto';
import { signParams } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stringify, type TestServer, toResponse } from './harness.ts';

/** Uploads and downloads through the real app: multipart bodies built by hand, signed through the query. */
let server: TestServer;
let maker: string;
let makerStaff: string;
let dealer: string;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.login('13800000001');
  makerStaff = await server.login('13800000009');
  dealer = await server.login('13800000002');
});
afterAll(async () => {
  await server?.stop();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0x41)]);

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  bytes: Buffer;
}

function multipartBody(parts: Part[]) {
  const boundary = `----jcbbBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName
      ? `form-data; name="${p.name}"; filename="${p.fileName}"`
      : `form-data; name="${p.name}"`;
    const type = p.fileName ? `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'), p.bytes);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadParts(token: string | null, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  const query = stringify(signParams('POST', '/api/file/upload', {}, server.key));
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return toResponse(await server.app.inject({ method: 'POST', url: '/api/file/upload', query, payload, headers }));
}

const upload = (token: string, fileName: string, bytes: Buffer, contentType?: string) =>
  uploadParts(token, [{ name: 'file', fileName, bytes, ...(contentType ? { contentType } : {}) }]);

async function download(token: string, id: number | string) {
  const url = `/api/file/${id}`;
  const query = stringify(signParams('GET', url, {}, server.key));
  return server.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('upload and download', () => {
  it('a PNG goes up and comes back byte for byte', async () => {
    const res = await upload(maker, '现场照片.png', PNG, 'image/png');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: '现场照片.png',
      sha256: sha256(PNG),
      size: PNG.length,
      mime: 'image/png',
    });
    const file = await download(maker, res.body.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Number(file.headers['content-length'])).toBe(PNG.length);
    // RFC 6266 / 8187: an ASCII fallback for old clients, the UTF-8 name for the rest.
    expect(String(file.headers['content-disposition'])).toBe(
      `attachment; filename="????.png"; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('a PDF goes up and comes back byte for byte', async () => {
    const res = await upload(maker, '营业执照.pdf', PDF, 'application/pdf');
    expect(res.body.data.mime).toBe('application/pdf');
    const file = await download(maker, res.body.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
  });

  it('the type comes from the content, not from the declared type', async () => {
    const res = await upload(maker, 'scan.pdf', PDF, 'image/png');
    expect(res.body.data.mime).toBe('application/pdf');
  });

  it('a DOCX (a zip named .docx) is accepted; a zip named .zip is not', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    const docx = await upload(maker, '合同.docx', zip);
    expect(docx.body.data.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const other = await upload(maker, 'archive.zip', zip);
    expect(other.status).toBe(415);
    expect(other.body.code).toBe(41500);
  });

  it('the same bytes twice are kept once but are two uploads', async () => {
    const a = await upload(maker, 'a.png', PNG);
    const b = await upload(maker, 'b.png', PNG);
    expect(a.body.data.sha256).toBe(b.body.data.sha256);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(Buffer.compare((await download(maker, b.body.data.id)).rawPayload, PNG)).toBe(0);
  });

  it('the stored extension follows the detected type: a GIF named poly.html downloads as poly.gif', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)]);
    const res = await upload(maker, 'poly.html', gif, 'text/html');
    expect(res.body.data.mime).toBe('image/gif');
    expect(res.body.data.name).toBe('poly.gif');
    const file = await download(maker, res.body.data.id);
    expect(file.headers['content-type']).toBe('image/gif');
    expect(file.headers['content-disposition']).toBe('attachment; filename=poly.gif');
    // No extension, a misleading double one, a Windows path: each ends in the detected type's.
    expect((await upload(maker, 'README', PDF)).body.data.name).toBe('README.pdf');
    expect((await upload(maker, 'invoice.pdf.exe', PNG)).body.data.name).toBe('invoice.pdf.png');
    expect((await upload(maker, 'C:\\Users\\x\\照片.JPEG', PNG)).body.data.name).toBe('照片.png');
    expect((await upload(maker, '.htaccess', PNG)).body.data.name).toBe('.htaccess.png');
  });

  it('a path in the file name is cut off', async () => {
    const res = await upload(maker, '../../etc/passwd.png', PNG);
    expect(res.body.data.name).toBe('passwd.png');
  });

  it("a colleague of the same organisation may download; another organisation's user gets 404", async () => {
    const res = await upload(dealer, 'dealer.pdf', PDF);
    const id = res.body.data.id as number;
    expect((await download(dealer, id)).statusCode).toBe(200);
    const foreign = toResponse(await download(maker, id));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(40400);
    const mine = await upload(maker, 'mine.png', PNG);
    expect((await download(makerStaff, mine.body.data.id)).statusCode).toBe(200);
  });

  it('an unknown id answers 404, a non-numeric id 400', async () => {
    expect(toResponse(await download(maker, 99999999)).body.code).toBe(40400);
    const bad = toResponse(await download(maker, 'abc'));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40000);
  });

  it('a download needs a session', async () => {
    const url = '/api/file/1';
    const query = stringify(signParams('GET', url, {}, server.key));
    const res = toResponse(await server.app.inject({ method: 'GET', url, query }));
    expect(res.body.code).toBe(10100);
  });
});

describe('refused uploads', () => {
  it('an .exe renamed .pdf answers 415 41500', async () => {
    const res = await upload(maker, 'invoice.pdf', EXE, 'application/pdf');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 41500, data: null });
    expect(res.body.msg).toMatch(/PDF/);
  });

  it('an empty file answers 400', async () => {
    const res = await upload(maker, 'empty.pdf', Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toEqual([{ field: 'file', message: '文件为空' }]);
  });

  it('a multipart body without a file answers 400 naming the file field', async () => {
    const res = await uploadParts(maker, [{ name: 'note', bytes: Buffer.from('hello') }]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toEqual([{ field: 'file', message: '请选择文件' }]);
  });

  it('a JSON POST answers 415 41500', async () => {
    const query = stringify(signParams('POST', '/api/file/upload', {}, server.key));
    const res = toResponse(
      await server.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        query,
        payload: { file: PNG.toString('base64') },
        headers: { authorization: `Bearer ${maker}` },
      }),
    );
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(41500);
  });

  it('an upload without a session answers 10100', async () => {
    const res = await uploadParts(null, [{ name: 'file', fileName: 'a.png', bytes: PNG }]);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10100);
  });
});
