// One place for each view: the view registry (src/ui/views/registry.ts) declares every view
// once, and every reader has an entry for each: the panels (app/panels.tsx), the legends, the
// data and image exports, the export menu's titles, and the lessons that outline a view.
import { describe, expect, it } from 'vitest';
import { PANELS, PANEL_PARTS } from '../../../../src/ui/app/panels';
import { dataFile, exportMeta } from '../../../../src/ui/export/build';
import { viewLegend } from '../../../../src/ui/export/legend';
import { ALL_LESSONS } from '../../../../src/ui/lessons/catalog';
import { legendItems, runLegendContext } from '../../../../src/ui/views/legend';
import type { ExportViewId, LegendViewId, ViewId } from '../../../../src/ui/views/registry';
import { VIEWS, VIEW_IDS, isViewId } from '../../../../src/ui/views/registry';
import { storeFromSim } from '../../../helpers/storeFromSim';

/** The views without a legend or an export, and the one the page lays out apart: a new view
 * has all three unless it is named here. */
const NO_LEGEND: ViewId[] = ['metrics', 'network'];
const NO_EXPORT: ViewId[] = ['network'];
const NO_PANEL: ViewId[] = ['metrics'];

const loc = { origin: 'http://x', pathname: '/' };
// A run with drops, retransmissions and more than one connection: every view has rows to show.
const store = storeFromSim('preset=s0-plain-ubr&duration=1&seed=9', 100);

describe('every view, declared once in the registry, is read everywhere', () => {
  it('the registry lists each view once, with a title', () => {
    expect(new Set(VIEW_IDS).size).toBe(VIEW_IDS.length);
    expect(VIEW_IDS.length).toBeGreaterThanOrEqual(8);
    for (const id of VIEW_IDS) expect(VIEWS[id].title.length, id).toBeGreaterThan(0);
    expect(isViewId('queue')).toBe(true);
    expect(isViewId('toString')).toBe(false);
  });

  it('the page has a panel for each view with one, in the registry’s order', () => {
    const panelViews = VIEW_IDS.filter((id) => VIEWS[id].panel !== false);
    expect(VIEW_IDS.filter((id) => VIEWS[id].panel === false)).toEqual(NO_PANEL);
    expect(Object.keys(PANEL_PARTS).sort()).toEqual([...panelViews].sort());
    expect(PANELS.map((p) => p.id)).toEqual(panelViews);
    for (const p of PANELS) {
      expect(p.testId).toBe(`panel-${p.id}`);
      expect(p.help.length, p.id).toBeGreaterThan(40);
    }
  });

  for (const id of VIEW_IDS) {
    const def = VIEWS[id];
    it(`${id}: its legend`, () => {
      if (NO_LEGEND.includes(id)) {
        expect(def.legend, id).toBeUndefined();
        return;
      }
      expect(def.legend, id).toBeDefined();
      const view = id as LegendViewId;
      for (const dark of [false, true]) {
        const ctx = runLegendContext(store, view, dark);
        const items = legendItems(view, store.info, ctx);
        expect(items.length, `${id} dark=${dark}`).toBeGreaterThan(0);
        for (const it of items) expect(it.label.length).toBeGreaterThan(0);
      }
    });

    it(`${id}: its exports (data, image legend, menu formats)`, () => {
      if (NO_EXPORT.includes(id)) {
        expect(def.exports, id).toBeUndefined();
        return;
      }
      const ex = def.exports;
      expect(ex, id).toBeDefined();
      if (!ex) return;
      const view = id as ExportViewId;
      const meta = exportMeta(store, loc);
      for (const format of ['csv', 'json'] as const) {
        const file = dataFile(store, view, format, -1, meta);
        expect(file.name).toContain(`tcp-atm-${id}-`);
        expect(String(file.data).length, `${id} ${format}`).toBeGreaterThan(200);
      }
      if (ex.data !== 'metrics') {
        const tables = Object.keys(store.tables).concat('pervc');
        for (const t of ex.data) expect(tables, id).toContain(t);
        for (const t of Object.keys(ex.events ?? {})) expect(ex.data, id).toContain(t);
        // A view with tables has an image; its image names what it draws.
        expect(ex.image, id).toBe(true);
        expect(ex.imageLegend, id).toBeDefined();
        expect(viewLegend(store, view).length, id).toBeGreaterThan(0);
      } else {
        expect(viewLegend(store, view)).toEqual([]);
      }
    });
  }

  it('every view a lesson step outlines is a view of the registry', () => {
    const outlined = ALL_LESSONS.flatMap((l) => l.steps.flatMap((s) => (s.view ? [s.view] : [])));
    expect(outlined.length).toBeGreaterThan(10);
    for (const v of outlined) expect(isViewId(v), v).toBe(true);
  });
});
