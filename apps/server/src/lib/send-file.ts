import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.ts';

/** What a route knows of a stored upload it is about to send (an `uploads` row, or the part of one it read). */
export interface StoredFile {
  name: string;
  mime: string;
  size: number;
  sha256: string;
}

export interface SendStoredFileOptions {
  /** Shown in the browser (an image) instead of downloaded. */
  inline?: boolean;
  /**
   * A public file any cache may keep `maxAgeSeconds`: `cache-control: public` and the SHA-256 as its ETag; a request
   * whose `If-None-Match` (`ifNoneMatch`) names it is answered 304 without opening the file.
   */
  publicCache?: { maxAgeSeconds: number; ifNoneMatch: string | string[] | undefined };
}

/**
 * The one way a route sends a stored upload (issue 23, item 2): its type, length and name (`contentDisposition`),
 * then its bytes from the store, opened only when they are sent.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  open: (sha256: string) => Readable,
  options: SendStoredFileOptions = {},
): FastifyReply {
  if (options.publicCache) {
    const etag = `"${file.sha256}"`;
    reply.header('cache-control', `public, max-age=${options.publicCache.maxAgeSeconds}`).header('etag', etag);
    if (options.publicCache.ifNoneMatch === etag) return reply.code(304).send();
  }
  reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name, { inline: options.inline }));
  return reply.send(open(file.sha256));
}
