import { inflateSync } from 'node:zlib';
import { certificateEndpoints, type EndpointDef, type EndpointInput, signParams, traceEndpoints } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { traceCodes } from '../src/db/schema/index.ts';
import { DEMO_CERTIFICATE_NO, seedDemoCertificates } from '../src/db/seed/demo-certificates.ts';
import { DEMO_TRACE_CODE } from '../src/db/seed/demo-trace.ts';
import { startTestServer, stringify, type TestServer } from './harness.ts';
import { productionEnv } from './production-env.ts';

/*
 * Printed links are the deployment's (issue 22, item 8): label sheets, code CSVs and certificates' QR codes carry
 * PUBLIC_BASE_URL, whatever Host a request came with; production refuses to start without it.
 */

let server: TestServer;
let token: string;
const EVIL = 'evil.example';

/** A signed GET of endpoint `e` sent with a forged Host header (what test/calls.ts's `download` cannot send). */
async function getWithHost<E extends EndpointDef & { method: 'GET' }>(
  e: E,
  query: EndpointInput<E>,
  auth: string | null,
) {
  const url = e.path;
  const signed = signParams('GET', url, query as Record<string, unknown>, server.key);
  const res = await server.app.inject({
    method: 'GET',
    url,
    query: stringify(signed),
    headers: { host: EVIL, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  return { status: res.statusCode, body: res.rawPayload, text: res.body };
}

/** The decompressed content streams of a PDF, as latin1 text. */
function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(m[1] ?? '', 'latin1');
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
  }
  return out;
}

/** The QR codes a label sheet draws: each a block of `col row length 1 re` runs (trace.labels.ts, drawQr). */
function drawnQrBlocks(pdf: Buffer): string[] {
  return pdfStreams(pdf).flatMap((s) => [...s.matchAll(/((?:\d+ \d+ \d+ 1 re\n)+)f/g)].map((m) => m[1] ?? ''));
}

/** The same runs for a URL, as drawQr writes them. */
function qrBlockOf(url: string): string {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const ops: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      ops.push(`${start} ${row} ${col - start} 1 re`);
    }
  }
  return `${ops.join('\n')}\n`;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.database.db.transaction((tx) => seedDemoCertificates(tx));
  token = await server.login('13800000001');
});
afterAll(async () => {
  await server?.stop();
});

describe('printed links carry PUBLIC_BASE_URL, never the request’s Host', () => {
  it('is configured: the test server’s default is http://127.0.0.1:PORT', () => {
    expect(server.config.publicBaseUrl).toBe(`http://127.0.0.1:${server.config.port}`);
  });

  it('the code CSV’s scan addresses', async () => {
    const [demo] = await server.database.db.select().from(traceCodes).where(eq(traceCodes.code, DEMO_TRACE_CODE));
    const res = await getWithHost(traceEndpoints.codeExport, { lotId: demo?.lotId as number }, token);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.subarray(3).toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [code, , , , , url] = row.split(',');
      expect(url).toBe(`${server.config.publicBaseUrl}/mobile/detail?code=${code}`);
    }
    expect(res.text).not.toContain(EVIL);
  });

  it('the label sheet’s QR codes', async () => {
    const db = server.database.db;
    const [demo] = await db.select().from(traceCodes).where(eq(traceCodes.code, DEMO_TRACE_CODE));
    const lotId = demo?.lotId as number;
    const res = await getWithHost(traceEndpoints.labelSheet, { lotId }, token);
    expect(res.status, res.text).toBe(200);
    const drawn = drawnQrBlocks(res.body);
    expect(drawn.length).toBeGreaterThan(0);
    const codes = await db.select({ code: traceCodes.code }).from(traceCodes).where(eq(traceCodes.lotId, lotId));
    const expected = new Set(
      codes.map((c) => qrBlockOf(`${server.config.publicBaseUrl}/mobile/detail?code=${c.code}`)),
    );
    for (const block of drawn) expect(expected.has(block)).toBe(true);
    expect(drawn).not.toContain(qrBlockOf(`http://${EVIL}/mobile/detail?code=${DEMO_TRACE_CODE}`));
  });

  it('the certificate’s verification link, on the page and in the PDF’s QR code', async () => {
    const verifyUrl = `${server.config.publicBaseUrl}/free/certificate?no=${DEMO_CERTIFICATE_NO}`;
    const verify = await getWithHost(certificateEndpoints.verify, { no: DEMO_CERTIFICATE_NO }, null);
    expect(verify.status, verify.text).toBe(200);
    expect(JSON.parse(verify.text).data.verifyUrl).toBe(verifyUrl);

    const pdf = await getWithHost(certificateEndpoints.publicPdf, { no: DEMO_CERTIFICATE_NO }, null);
    expect(pdf.status, pdf.text).toBe(200);
    const text = pdf.body.toString('latin1');
    expect(text).toContain(`/URI (${verifyUrl})`);
    expect(text).not.toContain(EVIL);
  });
});

describe('PUBLIC_BASE_URL in the configuration', () => {
  const { PUBLIC_BASE_URL: _, ...production } = productionEnv;
  const problemsOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('production refuses to start without it', () => {
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: required when NODE_ENV=production/),
    ]);
    expect(problemsOf({ ...production, PUBLIC_BASE_URL: '' })).toHaveLength(1);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://jcbb.example.cn/' }).publicBaseUrl).toBe(
      'https://jcbb.example.cn',
    );
  });

  it('defaults to the server’s own port elsewhere, and takes only an absolute http(s) address', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PORT: '9090', NODE_ENV: 'development' }).publicBaseUrl).toBe('http://127.0.0.1:9090');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://jcbb.example.cn/trace' }).publicBaseUrl).toBe(
      'https://jcbb.example.cn/trace',
    );
    for (const bad of ['jcbb.example.cn', 'ftp://jcbb.example.cn', 'https://jcbb.example.cn/?x=1', 'https://a@b.cn']) {
      expect(problemsOf({ PUBLIC_BASE_URL: bad }), bad).toEqual([
        expect.stringMatching(/^PUBLIC_BASE_URL: must be a URL/),
      ]);
    }
  });
});
