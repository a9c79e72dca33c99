import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldenRun } from '../../helpers/golden';
import { GOLDEN_FILE, goldenQueries, goldenRun } from '../../helpers/golden';

// Byte identity of the engine across optimisations: every preset and 200
// random scenarios give exactly the CLI JSON figures recorded in tests/golden/engine.json.
describe('golden: the engine gives the recorded results', () => {
  const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as GoldenRun[];
  const queries = goldenQueries();

  it('covers the same runs', () => {
    expect(golden.map((g) => [g.name, g.query])).toEqual(queries.map((q) => [q.name, q.query]));
  });

  it.each(golden.map((g) => [g.name, g] as const))('%s', (_name, g) => {
    expect(goldenRun(g.name, g.query).result).toBe(g.result);
  });
});
