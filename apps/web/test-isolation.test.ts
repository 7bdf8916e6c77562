import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The component tests' files share their modules (vitest.config.ts, the web project: isolate off). A file that
 * replaces a module (`vi.mock`) then replaces it only if no earlier file of its worker loaded it, and one that sets
 * a library's global (react-i18next's instance) sets it for the files after it: tests that pass or fail by the order
 * of files. So no test file or helper does either: a test answers the server's calls (test/fake-server.ts) and gives
 * its strings through `I18nextProvider` (test/render.tsx).
 */

const src = path.join(import.meta.dirname, 'src');
/** Test files and test helpers, as literal-paths.unit.test.ts finds them. */
const TEST_FILE = /(\.test\.tsx?|[\\/]test[\\/].*\.tsx?|testing\.tsx?|[\\/]test-[^\\/]*\.tsx?)$/;
const FORBIDDEN: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/, 'replaces or reloads modules'],
  [/\b(initReactI18next|setI18n)\b/, "sets react-i18next's global instance"],
];

function offences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      /^\s*(\*|\/\/)/.test(line)
        ? []
        : FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${i + 1}: ${what}: ${line.trim()}`),
    );
}

describe('component tests that can share their modules', () => {
  it('finds what it looks for, and not in comments', () => {
    expect(offences("vi.mock('../api.ts', () => ({}));")).toHaveLength(1);
    expect(offences('  void instance.use(initReactI18next).init({});')).toHaveLength(1);
    expect(offences(' * never `vi.mock(` a module')).toEqual([]);
    expect(offences('vi.spyOn(globalThis, "fetch");')).toEqual([]);
  });

  it('replace no module and set no global instance', () => {
    const found = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => TEST_FILE.test(file))
      .flatMap((file) => offences(readFileSync(path.join(src, file), 'utf8')).map((o) => `src/${file}:${o}`));
    expect(found).toEqual([]);
  });
});
