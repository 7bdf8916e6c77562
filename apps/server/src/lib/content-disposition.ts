import { create } from 'content-disposition';

export interface ContentDispositionOptions {
  /** `inline` lets the browser show the file (images); the default `attachment` downloads it. */
  inline?: boolean;
  /** An ASCII name for old clients; by default the `content-disposition` package derives one (non-ASCII → `?`). */
  fallback?: string;
}

/**
 * The one way a route names a file it sends: a `Content-Disposition` value built by the `content-disposition`
 * package (RFC 6266 / RFC 8187: quoted ASCII `filename`, UTF-8 `filename*` when the name needs it). A stored
 * name is the uploader's, so only its last path segment is kept and control characters are dropped: the
 * browser must never be offered a directory.
 */
export function contentDisposition(name: string, options: ContentDispositionOptions = {}): string {
  return create(safeFileName(name), {
    type: options.inline ? 'inline' : 'attachment',
    ...(options.fallback === undefined ? {} : { fallback: safeFileName(options.fallback) }),
  });
}

function safeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' || base === '.' || base === '..' ? 'file' : base;
}
