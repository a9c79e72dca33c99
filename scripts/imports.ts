// `npx tsx scripts/imports.ts`: the cycles of src/'s import graph, of files and of folders
// (type-only imports included; a folder is its directory cut to two levels, sim/atm/policies
// counting as sim/atm, and imports between a folder and its own parent or child are not counted), with the imports inside each cycle. Exit status 1 if there is
// any. tests/unit/imports.test.ts asserts the parts that must stay clean.
import { fileURLToPath } from 'node:url';
import {
  cycles,
  edgesWithin,
  folderGraph,
  importGraph,
  moduleOf,
} from '../tests/helpers/importGraph';

const root = fileURLToPath(new URL('../src', import.meta.url));
const g = importGraph(root);
const folders = folderGraph(g);
const fileCycles = cycles(g.files);
const folderCycles = cycles(folders);
process.stdout.write(`${g.files.size} files, ${folders.size} folders under src/\n`);
process.stdout.write(`file cycles: ${fileCycles.length}\n`);
for (const c of fileCycles) {
  process.stdout.write(`  [${c.length}] ${c.join(' ')}\n`);
  for (const e of edgesWithin(g.files, c)) process.stdout.write(`      ${e}\n`);
}
process.stdout.write(`folder cycles: ${folderCycles.length}\n`);
for (const c of folderCycles) {
  process.stdout.write(`  [${c.length}] ${c.join(' ')}\n`);
  for (const e of edgesWithin(folders, c)) {
    const [from, to] = e.split(' → ');
    const via = [...g.files].flatMap(([f, deps]) =>
      moduleOf(f) === from
        ? [...deps].filter((d) => moduleOf(d) === to).map((d) => `${f} → ${d}`)
        : [],
    );
    process.stdout.write(`      ${e}: ${via.join(', ')}\n`);
  }
}
process.exitCode = fileCycles.length + folderCycles.length > 0 ? 1 : 0;
