import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCjkFont } from './cjk-font.ts';

const microhei = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

describe('findCjkFont', () => {
  it('finds the CJK font Debian’s fonts-wqy-microhei installs, when it is there', () => {
    const font = findCjkFont(null);
    if (existsSync(microhei)) expect(font).toEqual({ path: microhei, family: 'WenQuanYiMicroHei' });
    // A configured path that is gone (the configuration refuses it at start-up) falls back to the search.
    expect(findCjkFont('/no/such/font.ttf')).toEqual(font);
  });

  it('takes the configured font first', () => {
    // Any existing file stands for a font here: the finder only chooses, pdfkit reads it.
    expect(findCjkFont(import.meta.filename)).toEqual({ path: import.meta.filename });
  });
});
