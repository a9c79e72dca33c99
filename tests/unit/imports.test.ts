// No import cycle anywhere in src/: of files, or of folders (a folder is its directory cut to two
// levels: sim/atm with its sub-folders, ui/lessons, …) that import each other both ways, so the
// arrows between the model, the worker, the UI's parts and the app shell point one way. The CLI
// reads nothing of the UI, the link keys (src/link) sit below both, and each part of src/ui
// imports only its own layer or those below it (UI_LAYERS).
// `npx tsx scripts/imports.ts` prints every cycle with the imports inside it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, edgesWithin, folderGraph, importGraph, moduleOf } from '../helpers/importGraph';

/**
 * src/ui by layer, lowest first: a part (a folder, or a file directly in src/ui) imports parts
 * of its own layer or of those below, never above.
 */
const UI_LAYERS: readonly (readonly string[])[] = [
  // The run's data and what every part names: controls, sharing, the offline app, the presets,
  // the metrics' words (and their names for the catalogs), the keyboard's target.
  [
    'ui/data',
    'ui/controls',
    'ui/share',
    'ui/pwa',
    'ui/presets.ts',
    'ui/metricInfo.ts',
    'ui/metricMessages.ts',
    'ui/keyTarget.ts',
  ],
  // The views of a run.
  ['ui/views'],
  // What is built on the views: the inspector, exports, Compare, challenges, the sweep, the
  // papers' claims, lessons, the timeline, what a screen reader is told of the run and what is
  // heard of it, the metrics panel, the header.
  [
    'ui/announce',
    'ui/sound',
    'ui/inspect',
    'ui/export',
    'ui/compare',
    'ui/challenges',
    'ui/sweep',
    'ui/reproduce',
    'ui/lessons',
    'ui/timeline',
    'ui/MetricsPanel.tsx',
    'ui/PresetDescription.tsx',
    'ui/Header.tsx',
  ],
  // The page's place in the address bar (it names presets, lessons, challenges, the sweep).
  ['ui/urlState.ts', 'ui/useNav.ts'],
  // The live class (it follows the projector's place).
  ['ui/class'],
  // The app shell, and the page.
  ['ui/app'],
  ['ui/App.tsx'],
];

/** A part of src/ui: its folder under ui/, or the file itself when directly in ui/. */
const uiPart = (file: string) => file.split('/').slice(0, 2).join('/');
const layerOf = (part: string) => UI_LAYERS.findIndex((l) => l.includes(part));

/** The imports in `files` from a part of src/ui to a part of a higher layer. */
const arrowsUp = (files: Map<string, Set<string>>) =>
  [...files].flatMap(([f, deps]) =>
    f.startsWith('ui/')
      ? [...deps]
          .filter((d) => d.startsWith('ui/') && layerOf(uiPart(d)) > layerOf(uiPart(f)))
          .map((d) => `${f} → ${d}`)
      : [],
  );

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

  it('the CLI imports nothing under src/ui; src/link only the model, the sweep and the languages', () => {
    const out = [...g.files].flatMap(([f, deps]) =>
      [...deps]
        .filter(
          (d) =>
            (f.startsWith('cli/') && d.startsWith('ui/')) ||
            // `lang=` reads the table of languages (plain data, no catalog).
            (f.startsWith('link/') && !/^(link|sim|sweep)\//.test(d) && d !== 'i18n/locales.ts'),
        )
        .map((d) => `${f} → ${d}`),
    );
    expect(out).toEqual([]);
    // The rule reads real imports: the CLI reads the link keys, and they read the model.
    expect(g.files.get('cli/args.ts')).toContain('link/index.ts');
  });

  it('each part of src/ui is in a layer and imports none above its own', () => {
    const ui = [...g.files.keys()].filter((f) => f.startsWith('ui/'));
    expect(ui.map(uiPart).filter((p) => layerOf(p) < 0)).toEqual([]);
    expect(arrowsUp(g.files)).toEqual([]);
    // An arrow back up is found: the page's place reading a file of the app shell, and a
    // lesson reading the page's place.
    const toy = new Map([
      ['ui/urlState.ts', new Set(['ui/app/linkKeys.ts', 'ui/presets.ts'])],
      ['ui/lessons/useLesson.ts', new Set(['ui/urlState.ts', 'ui/views/palette.ts'])],
    ]);
    expect(arrowsUp(toy)).toEqual([
      'ui/urlState.ts → ui/app/linkKeys.ts',
      'ui/lessons/useLesson.ts → ui/urlState.ts',
    ]);
  });
});
