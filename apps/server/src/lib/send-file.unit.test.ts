import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { sendStoredFile } from './send-file.ts';

const file = { name: '营业执照.png', mime: 'image/png', size: 3, sha256: 'ab'.repeat(32) };

async function appWith(options: Parameters<typeof sendStoredFile>[3]) {
  const open = vi.fn(() => Readable.from([Buffer.from('abc')]));
  const app = Fastify();
  app.get('/f', (request, reply) =>
    sendStoredFile(
      reply,
      file,
      open,
      options?.publicCache
        ? { ...options, publicCache: { ...options.publicCache, ifNoneMatch: request.headers['if-none-match'] } }
        : options,
    ),
  );
  await app.ready();
  return { app, open };
}

describe('sendStoredFile', () => {
  it('sends the bytes with their type, length and a download name', async () => {
    const { app, open } = await appWith({});
    const res = await app.inject({ method: 'GET', url: '/f' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('abc');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe('3');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=.*filename\*=UTF-8''/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(open).toHaveBeenCalledWith(file.sha256);
  });

  it('a public file: inline, cached by its SHA-256, 304 without opening it', async () => {
    const { app, open } = await appWith({ inline: true, publicCache: { maxAgeSeconds: 300, ifNoneMatch: undefined } });
    const first = await app.inject({ method: 'GET', url: '/f' });
    expect(first.headers['content-disposition']).toMatch(/^inline/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.etag).toBe(`"${file.sha256}"`);
    open.mockClear();
    const again = await app.inject({ method: 'GET', url: '/f', headers: { 'if-none-match': `"${file.sha256}"` } });
    expect(again.statusCode).toBe(304);
    expect(open).not.toHaveBeenCalled();
  });
});
