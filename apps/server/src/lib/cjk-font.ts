import { existsSync } from 'node:fs';

/**
 * The CJK font the server's PDFs embed (certificates, QR label sheets): the first one found among CERTIFICATE_FONT
 * (a .ttf/.otf path, checked by the configuration) and the Debian fonts below. Without any, each PDF falls back to
 * a layout in the built-in Helvetica (README, CERTIFICATE_FONT).
 */
export interface FontChoice {
  path: string;
  /** Font inside a collection (.ttc). */
  family?: string;
}

const SYSTEM_CJK_FONTS: FontChoice[] = [
  // Debian fonts-wqy-microhei (installed on CI and by the README's setup).
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  // Debian fonts-wqy-zenhei and fonts-noto-cjk.
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
];

/** The CJK font to embed (`configured`: the configuration's certificateFont), or null for the fallback layout. */
export function findCjkFont(configured: string | null): FontChoice | null {
  if (configured && existsSync(configured)) return { path: configured };
  return SYSTEM_CJK_FONTS.find((f) => existsSync(f.path)) ?? null;
}
