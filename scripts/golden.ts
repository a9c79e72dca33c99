// `npx tsx scripts/golden.ts [--write]`: runs the golden scenarios (tests/helpers/golden.ts) and
// compares them with tests/golden/single.json, or (with --write) rewrites that file.
import { readFileSync, writeFileSync } from 'node:fs';
import type { GoldenRun } from '../tests/helpers/golden';
import { GOLDEN_FILE, goldenQueries, goldenRun } from '../tests/helpers/golden';

const write = process.argv.includes('--write');
const t0 = performance.now();
const runs: GoldenRun[] = goldenQueries().map(({ name, query }) => {
  const t = performance.now();
  const run = goldenRun(name, query);
  const ms = performance.now() - t;
  if (ms > 2000) process.stderr.write(`slow: ${name} ${ms.toFixed(0)} ms\n`);
  return run;
});
const text = JSON.stringify(runs, null, 1) + '\n';
process.stderr.write(`${runs.length} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
if (write) {
  writeFileSync(GOLDEN_FILE, text);
  process.stderr.write(`wrote ${GOLDEN_FILE}\n`);
} else {
  const old = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as GoldenRun[];
  const diff = runs.filter((r, i) => old[i]?.query !== r.query || old[i]?.result !== r.result);
  for (const r of diff) process.stderr.write(`differs: ${r.name}\n`);
  process.exitCode = diff.length === 0 && old.length === runs.length ? 0 : 1;
}
