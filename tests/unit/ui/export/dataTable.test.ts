// Each view's data table (export/dataTable.ts, the panel's "Table") against the view's CSV
// export on a real run: the same header, for every view that has a table, and the same rows
// (the last of the plot's window, at most TABLE_CAP; the per-VC view: every VC), numbers as
// Intl.NumberFormat writes them.
import { describe, expect, it } from 'vitest';
import { splitComments } from '../../../../src/io/csv';
import { dataFile, exportMeta } from '../../../../src/ui/export/build';
import {
  TABLE_CAP,
  TABLE_NUMBER,
  TABLE_VIEWS,
  viewDataTable,
} from '../../../../src/ui/export/dataTable';
import { VIEWS, VIEW_IDS } from '../../../../src/ui/views/registry';
import { readCsvTable } from '../../../helpers/exportCsv';
import { storeFromSim } from '../../../helpers/storeFromSim';

const LOC = { origin: 'http://lab.test', pathname: '/' };

/** A CSV field as the table shows it. */
const shown = (field: string) =>
  field === '' ? '' : Number.isNaN(Number(field)) ? field : TABLE_NUMBER.format(Number(field));

describe('the views’ data tables', () => {
  const store = storeFromSim('?preset=s0-testbed', 50, 2);
  const meta = exportMeta(store, LOC);

  it('every panel view whose export holds tables has one', () => {
    expect([...TABLE_VIEWS]).toEqual(
      VIEW_IDS.filter((id) => {
        const d = VIEWS[id];
        return d.panel !== false && d.exports && d.exports.data !== 'metrics';
      }),
    );
    expect(TABLE_VIEWS).toEqual(['queue', 'pervc', 'timeseq', 'cwnd', 'occupancy', 'loss']);
  });

  for (const id of TABLE_VIEWS)
    for (const [label, window] of [
      ['the whole run', [0, 2]],
      ['a window of 0.5 s', [1.2, 1.7]],
    ] as const)
      it(`${id}, ${label}: the header and the rows are the CSV export's`, () => {
        const csv = readCsvTable(
          splitComments(dataFile(store, id, 'csv', -1, meta).data as string).body,
        );
        const tab = viewDataTable(id, { store, t: store.t, selectedConn: -1, window: [...window] });
        expect(tab.columns).toEqual(csv.names);
        expect(tab.total).toBe(csv.rows);
        // The rows of the window, the last TABLE_CAP at most, in the CSV's order.
        const t = csv.columns.t as Float64Array;
        const inWindow = csv.fields
          .map((f, i) => [f, i] as const)
          .filter(
            ([, i]) => id === 'pervc' || (t[i] >= window[0] - 1e-12 && t[i] <= window[1] + 1e-12),
          );
        const want = inWindow.slice(-TABLE_CAP);
        expect(tab.rows).toEqual(want.map(([f]) => f.map(shown)));
        if (want.length) expect(tab.first).toBe(want[0][1]);
        expect(tab.caption).toMatch(new RegExp(`^${VIEWS[id].title} at 2\\.000 s: `));
        if (csv.rows > TABLE_CAP && inWindow.length >= TABLE_CAP)
          expect(tab.caption).toContain(
            `last ${TABLE_CAP} of ${csv.rows.toLocaleString('en-US')} rows, up to ${window[1].toFixed(3)} s; Export gives them all.`,
          );
      });

  it('the time-sequence table of one connection is that connection’s CSV', () => {
    const csv = readCsvTable(
      splitComments(dataFile(store, 'timeseq', 'csv', 1, meta).data as string).body,
    );
    const tab = viewDataTable('timeseq', { store, t: store.t, selectedConn: 1, window: [0, 2] });
    expect(tab.columns).toEqual(csv.names);
    expect(tab.total).toBe(csv.rows);
    expect(tab.rows).toEqual(csv.fields.slice(-TABLE_CAP).map((f) => f.map(shown)));
  });

  it('the queue table at t = 2 s: 2,001 samples, the last 200 shown, said in the caption', () => {
    const tab = viewDataTable('queue', { store, t: 2, selectedConn: -1, window: [0, 2] });
    expect(tab.rows.length).toBe(TABLE_CAP);
    expect(tab.caption).toBe(
      `Switch buffer at 2.000 s: last 200 of ${tab.total.toLocaleString('en-US')} rows, up to 2.000 s; Export gives them all.`,
    );
  });
});
