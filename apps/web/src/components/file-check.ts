import { MAX_UPLOAD_MB } from '@jcbb/contract';

/** The largest file the server takes (modules/file, MAX_UPLOAD_MB); checked in the browser first to save a trip. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** The kinds of file a field takes. */
export interface FileTypes {
  /** File-name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /**
   * When set, a file the browser names another MIME type is refused even with a right extension (a renamed
   * file). A file without a MIME type (some systems give none) is judged by its extension.
   */
  mimeTypes?: readonly string[];
}

export type FileProblem = 'wrongType' | 'tooLarge' | null;

/**
 * Why a chosen file may not be uploaded, or null. Without `types` any kind passes: the server recognises files by
 * their content and refuses what it does not take.
 */
export function fileProblem(
  file: { name: string; type?: string; size: number },
  types: FileTypes | undefined,
  maxBytes = MAX_UPLOAD_BYTES,
): FileProblem {
  if (types && !typeAccepted(file, types)) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

function typeAccepted(file: { name: string; type?: string }, types: FileTypes): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!types.extensions.includes(extension)) return false;
  return !types.mimeTypes || !file.type || types.mimeTypes.includes(file.type);
}

/** The file picker's `accept` attribute of `types`: the extensions, then the MIME types. */
export function acceptAttribute(types: FileTypes): string {
  return [...types.extensions.map((e) => `.${e}`), ...(types.mimeTypes ?? [])].join(',');
}
