/**
 * `node --import tsx apps/server/bench/compression.ts`: what compressing a JSON answer costs in CPU and saves in
 * bytes, for the settings @fastify/compress could use (app.ts uses brotli quality 4 above 1 KB). The answers are
 * real: a page of the demo manufacturer's products and of its messages, from a server started for the purpose.
 * CPU per answer is measured in this process, one core, so it is far less disturbed by a busy machine than req/s.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SigningKey } from '@jcbb/contract';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { login } from './client.ts';
import { buildRequest, ROUTES } from './load.ts';
import { startServer } from './server-process.ts';

const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

const settings: [string, (body: Buffer) => Buffer][] = [
  ['gzip level 6', (b) => gzipSync(b, { level: 6 })],
  ['gzip level 1', (b) => gzipSync(b, { level: 1 })],
  ['brotli quality 4', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ['brotli quality 6', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })],
  ['brotli quality 11 (zlib default)', (b) => brotliCompressSync(b)],
];

function microsecondsPer(fn: () => unknown): number {
  for (let i = 0; i < 20; i += 1) fn();
  const rounds = 300;
  const started = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) fn();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / rounds;
}

let stop = async () => {};
try {
  const server = await startServer({
    databaseUrl: null,
    logLevel: 'warn',
    onCreated: (s) => {
      stop = s;
    },
  });
  const token = await login(server.baseUrl, key, '13800000001', DEMO_PASSWORD);
  for (const name of ['product list', 'message list']) {
    const route = ROUTES.find((r) => r.name === name);
    if (!route) throw new Error(`no bench route ${name}`);
    const request = buildRequest({ ...route, acceptEncoding: undefined }, key, token);
    const res = await fetch(server.baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const body = Buffer.from(await res.arrayBuffer());
    console.log(`\n${name}: ${body.length} bytes of JSON`);
    for (const [label, compress] of settings) {
      const size = compress(body).length;
      const us = microsecondsPer(() => compress(body));
      console.log(`  ${label.padEnd(34)} ${String(size).padStart(6)} bytes  ${us.toFixed(0).padStart(5)} µs CPU`);
    }
  }
} finally {
  await stop();
}
