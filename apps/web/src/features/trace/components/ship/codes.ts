import { TRACE_CODE_PATTERN } from '@jcbb/contract';

/**
 * Trace codes as people enter them: a scanner types the code (or the whole URL of its QR label, `…?code=…`) and
 * presses Enter; a list is pasted from a spreadsheet or a text file, one per line or separated by commas; a code is
 * typed from a label in groups. The contract's `traceCodeField` ignores spaces and dashes and takes lower case: so do
 * we, so what the form shows is what the server will read.
 */

/** One token → a code: a URL's `code=` parameter, spaces and dashes dropped, upper case. */
export function normalizeCode(token: string): string {
  let text = token.trim();
  const param = /[?&#]code=([^&#\s]+)/i.exec(text);
  if (param?.[1]) {
    try {
      text = decodeURIComponent(param[1]);
    } catch {
      text = param[1];
    }
  }
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export const isTraceCode = (code: string) => TRACE_CODE_PATTERN.test(code);

/**
 * The tokens of a scanned, typed or pasted text. Line breaks, tabs, commas and semicolons always separate; spaces
 * separate only when every space-separated part is a code or a URL on its own (a pasted list on one line), else they
 * are a typed code's grouping ("ABCD EFGH …").
 */
export function splitCodes(text: string): string[] {
  return text
    .split(/[\r\n\t,;，；、]+/)
    .flatMap((chunk) => {
      const parts = chunk.trim().split(/\s+/).filter(Boolean);
      const separate = parts.length > 1 && parts.every((p) => /code=/i.test(p) || isTraceCode(normalizeCode(p)));
      return separate ? parts : [chunk];
    })
    .map(normalizeCode)
    .filter((c) => c.length > 0);
}

/** `current` with the codes of `text` added in order, each once; what was not a code comes back apart. */
export function mergeCodes(current: readonly string[], text: string): { codes: string[]; invalid: string[] } {
  const codes = [...current];
  const seen = new Set(current);
  const invalid: string[] = [];
  for (const code of splitCodes(text)) {
    if (!isTraceCode(code)) invalid.push(code);
    else if (!seen.has(code)) {
      seen.add(code);
      codes.push(code);
    }
  }
  return { codes, invalid };
}
