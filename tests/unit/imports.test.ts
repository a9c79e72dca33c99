// No import cycle anywhere in src/: of files, or of folders (a folder is its directory cut to two
// levels: sim/atm with its sub-folders, ui/lessons, …) that import each other both ways, so the
// arrows between the model, the worker, the UI's parts and the app shell point one way.
// `npx tsx scripts/imports.ts` prints every cycle with the imports inside it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, edgesWithin, folderGraph, importGraph, moduleOf } from '../helpers/importGraph';

const root = fileURLToPath(new URL('../../src', import.meta.url));
const g = importGraph(root);

describe('the import graph of src/', () => {
  it('reads the imports, type-only and multi-line ones included', () => {
    expect(g.files.get('sim/atm/port.ts')).toContain('sim/atm/portTypes.ts');
    expect(g.files.get('sim/atm/admission.ts')).toContain('sim/atm/portTypes.ts');
    expect(g.files.get('sim/scenario/schema.ts')).toContain('sim/atm/policies/index.ts');
    expect(moduleOf('sim/atm/policies/epd.ts')).toBe('sim/atm');
    // A made-up cycle is found, with the imports inside it.
    const toy = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(toy)).toEqual([['a', 'b', 'c']]);
    expect(edgesWithin(toy, ['a', 'b', 'c'])).toEqual(['a → b', 'b → c', 'c → a']);
  });

  it('no file of src/ imports itself back through others', () => {
    expect(g.files.size).toBeGreaterThan(200);
    expect(cycles(g.files).map((c) => edgesWithin(g.files, c))).toEqual([]);
  });

  it('no folder of src/ imports one that imports it back', () => {
    const folders = folderGraph(g);
    expect([...folders.keys()]).toEqual(
      expect.arrayContaining(['sim/atm', 'sweep', 'reproduce', 'ui/app', 'ui/lessons', 'ui/views']),
    );
    expect(cycles(folders).map((c) => edgesWithin(folders, c))).toEqual([]);
  });

  it('the model imports nothing outside src/sim', () => {
    const out = [...g.files].flatMap(([f, deps]) =>
      f.startsWith('sim/')
        ? [...deps].filter((d) => !d.startsWith('sim/')).map((d) => `${f} → ${d}`)
        : [],
    );
    expect(out).toEqual([]);
  });
});
