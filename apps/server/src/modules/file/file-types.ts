/**
 * File types we accept, recognised by their first bytes rather than by the name or the declared type, so a
 * renamed executable is refused.
 */
export interface SniffedType {
  mime: string;
  ext: string;
}

const signatures: { mime: string; ext: string; bytes: number[]; offset?: number }[] = [
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/webp', ext: 'webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
];

/** Office Open XML (docx/xlsx) files are zip archives; the name's extension tells which. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const officeByExt: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);

export function sniffFileType(head: Uint8Array, fileName: string): SniffedType | null {
  for (const s of signatures) if (startsWith(head, s.bytes, s.offset)) return { mime: s.mime, ext: s.ext };
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  const office = officeByExt[ext];
  if (office && startsWith(head, ZIP)) return { mime: office, ext };
  return null;
}

export const ACCEPTED_FILE_TYPES = 'PDF、PNG、JPG、GIF、WEBP、DOCX、XLSX';
