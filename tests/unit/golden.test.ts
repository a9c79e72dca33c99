import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldenRun } from '../helpers/golden';
import { GOLDEN_FILE, goldenQueries, goldenRun } from '../helpers/golden';

// Byte identity of the single-switch model across refactors (issue 14): every preset and 50
// random scenarios give exactly the metrics and cell counts recorded in tests/golden/single.json.
describe('golden: the single-switch results are unchanged', () => {
  const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as GoldenRun[];
  const queries = goldenQueries();

  it('covers the same runs', () => {
    expect(golden.map((g) => [g.name, g.query])).toEqual(queries.map((q) => [q.name, q.query]));
  });

  it.each(golden.map((g) => [g.name, g] as const))('%s', (_name, g) => {
    expect(goldenRun(g.name, g.query).result).toBe(g.result);
  });
});
