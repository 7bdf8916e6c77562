/**
 * A trace code as people hand it over: typed (lower case, spaces, dashes), or the whole address the label's QR code
 * holds (…/mobile/detail?code=…), pasted or read by the camera. The contract's TRACE_CODE_PATTERN, kept here so the
 * public page loads no schema: 20 letters and digits of RFC 4648 base32 (A–Z, 2–7).
 */
const TRACE_CODE = /^[A-Z2-7]{20}$/;

/** The code inside what was typed, pasted or scanned, or null when there is none. */
export function extractTraceCode(input: string): string | null {
  let text = input.trim();
  const param = /[?&#]code=([^&#\s]*)/i.exec(text);
  if (param?.[1] !== undefined) {
    try {
      text = decodeURIComponent(param[1]);
    } catch {
      text = param[1];
    }
  }
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  return TRACE_CODE.test(code) ? code : null;
}

/** The code in groups of four, as printed under the QR code and easier to read aloud. */
export const groupCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');
