import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { theme } from './src/app/theme.ts';
import { extractAntdStyles, NOT_IN_OUR_THEME, styleKeysOf, withoutStyleFunctions } from './vite-antd-styles.ts';

/** Every style key antd's ES modules define (the modules the build transforms). */
function antdStyleKeys(): Map<string, string> {
  const esRoot = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
  const keys = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) {
        for (const key of styleKeysOf(readFileSync(file, 'utf8'))) keys.set(key, path.relative(esRoot, file));
      }
    }
  };
  walk(esRoot);
  return keys;
}

describe('antd styles at build time (vite-antd-styles.ts)', () => {
  it('reads the style keys a module defines, as antd names them', () => {
    const code = [
      "export default genStyleHooks('Button', (token) => [genButtonStyle(token)], prepareComponentToken);",
      "export const Compact = genSubStyleComponent(['Button', 'compact'], (token) => [], prepareComponentToken);",
      "const useWave = genComponentStyleHook('Wave', (token) => [genWaveStyle(token)]);",
      "genStyleHooks(['Input', 'TextArea'], (token) => []);",
    ].join('\n');
    expect(styleKeysOf(code)).toEqual(['Button-Button', 'Button-compact', 'Wave-Wave', 'Input-TextArea']);
    expect(styleKeysOf("import { genStyleHooks } from '../../theme/internal';")).toEqual([]);
  });

  it("replaces each hook's style function and nothing else", () => {
    const code = [
      "import { genStyleHooks } from '../../theme/internal';",
      'const genButtonStyle = (token) => ({ [token.componentCls]: { color: token.colorText } });',
      'export const prepareComponentToken = (token) => ({ paddingBlock: token.padding });',
      "export default genStyleHooks('Button', (token) => { const t = token; return [genButtonStyle(t)]; }, prepareComponentToken, { unitless: { fontWeight: true } });",
      "export const Compact = genSubStyleComponent(['Button', 'compact'], genButtonStyle, prepareComponentToken);",
    ].join('\n');
    const out = withoutStyleFunctions(code);
    expect(out).toContain(
      "genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } })",
    );
    expect(out).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken)");
    // Only the calls' second arguments changed: the definitions stay (the bundler drops what is now unused).
    expect(out).toContain('const genButtonStyle = (token) =>');
    expect(out).toContain('export const prepareComponentToken = (token) =>');
    expect(() => parseAst(out)).not.toThrow();
    const plain = 'export const x = (a) => a + 1;';
    expect(withoutStyleFunctions(plain)).toBe(plain);
  });

  it("has the CSS of every style key antd defines, with our theme's variables and antd's plain class names", () => {
    const css = extractAntdStyles(theme);
    const defined = antdStyleKeys();
    // antd 6 has ~90 keys; fewer would mean the scan above found nothing.
    expect(defined.size).toBeGreaterThan(60);
    const missing = [...defined].filter(([key]) => !css.has(key) && !NOT_IN_OUR_THEME.has(key));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
    // The shared resets (links) every component registers besides its own.
    expect(css.get('Shared')).toMatch(/\ba\{/);
    const table = css.get('Table-Table') ?? '';
    expect(table).toContain('.ant-table{');
    // Colours come as antd's CSS variables, which the theme sets at run time, not as values baked in.
    expect(table).toContain('var(--ant-color-text)');
    expect(css.get('Layout-Layout')).toContain('var(--ant-layout-header-bg)');
    // No hashed scope (`:where(.css-…)`): the browser's class names are antd's plain ones (theme: hashed false).
    for (const [key, text] of css) expect(text, key).not.toContain(':where(.css-');
  }, 30_000);
});
