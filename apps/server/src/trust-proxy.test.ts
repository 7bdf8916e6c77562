import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

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
