import type { RunStore } from '../data/runStore';
import type { DropRecord } from '../../sim/atm/policies/types';

/** The loss-table row `i` as a drop record (the inspector's input). */
export function dropRecord(store: RunStore, i: number): DropRecord {
  return {
    t: store.column('loss', 't')[i],
    vc: store.column('loss', 'vc')[i],
    conn: store.column('loss', 'conn')[i],
    seq: store.column('loss', 'seq')[i],
    reason: store.column('loss', 'reason')[i],
    cells: store.column('loss', 'cells')[i],
    X: store.column('loss', 'X')[i],
    Xi: store.column('loss', 'Xi')[i],
    Na: store.column('loss', 'Na')[i],
    threshold: store.column('loss', 'threshold')[i],
    extra: store.column('loss', 'extra')[i],
  };
}
