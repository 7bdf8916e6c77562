import { signParams } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stringify, type TestServer, toResponse } from './harness.ts';

/** The upload size limit, on a server whose limit is 1 KiB (MAX_UPLOAD_MB in production). */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ maxUploadBytes: 1024 });
  token = await server.login('13800000001');
});
afterAll(async () => {
  await server?.stop();
});

/** A PDF of exactly `size` bytes: the header, then padding. */
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

async function upload(bytes: Buffer) {
  const boundary = '----jcbbLimit';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = stringify(signParams('POST', '/api/file/upload', {}, server.key));
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    query,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return toResponse(res);
}

describe('upload size limit', () => {
  it('a file of exactly the limit is kept', async () => {
    const res = await upload(pdfOfSize(1024));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.size).toBe(1024);
  });

  it('one byte over the limit answers 413 41300', async () => {
    const res = await upload(pdfOfSize(1025));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 41300, msg: '文件过大', data: null });
  });

  it('far over the limit answers 413 41300 too', async () => {
    const res = await upload(pdfOfSize(200 * 1024));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(41300);
  });
});
