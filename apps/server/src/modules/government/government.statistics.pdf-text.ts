import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the server drew (tests only): each Flate stream inflated, the fonts' ToUnicode maps read, and the
 * hex glyph strings of the content streams mapped back to text. Enough for PDFKit's own output (one CID font per
 * document, glyphs as 4-digit hex), not a general extractor.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m !== null; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = Buffer.from(raw.slice(start, end), 'latin1');
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  const glyphs = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const block of s.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, from, to] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        glyphs.set((from as string).toLowerCase().padStart(4, '0'), utf16(to as string));
      }
    }
    for (const block of s.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
      for (const [, lo, hi, rest] of block.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const a = Number.parseInt(lo as string, 16);
        const b = Number.parseInt(hi as string, 16);
        const targets = (rest as string).startsWith('[')
          ? [...(rest as string).matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => utf16(x[1] as string))
          : null;
        const base = targets ? 0 : Number.parseInt((rest as string).slice(1, -1), 16);
        for (let g = a; g <= b; g += 1) {
          const key = g.toString(16).padStart(4, '0');
          glyphs.set(key, targets ? (targets[g - a] ?? '') : String.fromCharCode(base + g - a));
        }
      }
    }
  }
  const out: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x) && !x.includes('begincmap'))) {
    for (const [, arr] of s.matchAll(/\[((?:[^\]])*)\]\s*TJ/g)) {
      const parts = [...(arr as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((x) =>
        ((x[1] as string).match(/.{4}/g) ?? []).map((g) => glyphs.get(g.toLowerCase()) ?? '').join(''),
      );
      out.push(parts.join(''));
    }
  }
  return out.join('\n');
}
