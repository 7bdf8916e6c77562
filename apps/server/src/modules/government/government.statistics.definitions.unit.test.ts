import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATISTICS_DEFINITION_VERSION, StatisticsSlice } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { STATISTIC_DEFINITIONS } from './government.statistics.definitions.ts';

/** The definitions the API answers are the ones docs/government.md states, under their version. */

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/government.md'), 'utf8');
const heading = `### Definitions (${STATISTICS_DEFINITION_VERSION})`;

function section(): string {
  const start = doc.indexOf(heading);
  expect(start, `docs/government.md has "${heading}"`).toBeGreaterThanOrEqual(0);
  const next = doc.indexOf('\n## ', start);
  return doc.slice(start, next < 0 ? undefined : next);
}

describe('the statistics’ definitions', () => {
  it('are each documented in docs/government.md under the version', () => {
    const text = section();
    const missing = STATISTIC_DEFINITIONS.filter((d) => !text.includes(`| \`${d.key}\` |`)).map((d) => d.key);
    expect(missing).toEqual([]);
    const documented = [...text.matchAll(/^\| `([a-z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(STATISTIC_DEFINITIONS.map((d) => d.key).sort());
  });

  it('have unique keys, both languages and a source; every drill-down slice is one', () => {
    const keys = STATISTIC_DEFINITIONS.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of STATISTIC_DEFINITIONS) {
      expect(
        [d.name, d.nameEn, d.definition, d.definitionEn, d.source].every((s) => s.trim().length > 0),
        d.key,
      ).toBe(true);
    }
    for (const slice of Object.values(StatisticsSlice).filter((s) => s !== 'all')) expect(keys).toContain(slice);
  });
});
