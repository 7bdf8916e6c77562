import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trustProxyOption } from './app.ts';
import { type Config, loadConfig } from './config.ts';

const parseTrustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

/** TRUST_PROXY: who may tell the server the client's address (README, docs/deployment.md). */
describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('names proxies by address or CIDR range, comma-separated', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '192.168.1.10' }).trustProxy).toEqual(['192.168.1.10']);
  });

  it('takes a number as a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('refuses true: any client could then choose its own address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the client address Fastify takes under TRUST_PROXY', () => {
  async function clientIp(trustProxy: Config['trustProxy'], remoteAddress: string, forwardedFor: string) {
    const app = Fastify({ trustProxy: trustProxyOption(trustProxy) });
    app.get('/', async (request) => ({ ip: request.ip }));
    const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    return (JSON.parse(res.body) as { ip: string }).ip;
  }

  it('no proxy: the socket peer, whatever X-Forwarded-For says', async () => {
    expect(await clientIp(false, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('a named proxy: the address it forwarded, only when the request came from it', async () => {
    expect(await clientIp(['127.0.0.1'], '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // A client's own X-Forwarded-For entries before the proxy's are not believed.
    expect(await clientIp(['127.0.0.1'], '127.0.0.1', '10.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
    expect(await clientIp(['127.0.0.1'], '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('a hop count: the address the nearest proxy saw', async () => {
    expect(await clientIp(1, '10.0.0.5', '10.9.9.9, 198.51.100.1')).toBe('198.51.100.1');
  });
});
