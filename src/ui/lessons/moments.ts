/**
 * Moments of a run read from the store's probe tables: the first overflow, the first timeout,
 * the first stall of a throughput deadlock… Views never compute the model; this only reads
 * the rows the worker recorded.
 */
import { DROP_REASONS, TcpEvent } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { MomentSpec } from './types';

/** The simulated time of the moment in the run so far, or null if it has not happened. */
export function momentTime(store: RunStore, spec: MomentSpec): number | null {
  switch (spec.kind) {
    case 'first-drop': {
      const L = store.tables.loss;
      const code = spec.reason === undefined ? -1 : DROP_REASONS.indexOf(spec.reason as never);
      const t = L.col('t');
      const reason = L.col<Uint8Array>('reason');
      const vc = L.col<Int32Array>('vc');
      for (let i = 0; i < L.rows; i++) {
        if (code >= 0 && reason[i] !== code) continue;
        if (spec.vc !== undefined && vc[i] !== spec.vc) continue;
        return t[i];
      }
      return null;
    }
    case 'first-timeout':
    case 'first-fr': {
      const E = store.tables.tcpEvents;
      const want = spec.kind === 'first-timeout' ? TcpEvent.TIMEOUT : TcpEvent.FAST_RETRANSMIT;
      const t = E.col('t');
      const kind = E.col<Uint8Array>('kind');
      const conn = E.col<Int32Array>('conn');
      for (let i = 0; i < E.rows; i++) {
        if (kind[i] !== want) continue;
        if (spec.conn !== undefined && conn[i] !== spec.conn) continue;
        return t[i];
      }
      return null;
    }
    case 'first-stall': {
      const S = store.tables.stalls;
      const t = S.col('t');
      const kind = S.col<Int32Array>('kind');
      for (let i = 0; i < S.rows; i++) {
        if (spec.stallKind !== undefined && kind[i] !== spec.stallKind) continue;
        return t[i];
      }
      return null;
    }
    case 'first-dead': {
      const D = store.tables.dead;
      const t = D.col('t');
      const vc = D.col<Int32Array>('vc');
      for (let i = 0; i < D.rows; i++) {
        if (spec.vc !== undefined && vc[i] !== spec.vc) continue;
        return t[i];
      }
      return null;
    }
    case 'end':
      return store.done ? store.t : null;
  }
}

/** Sum of a column over the rows with t ≤ `until` (e.g. dead cells of a VC so far). */
export function sumUntil(
  store: RunStore,
  table: 'loss' | 'dead',
  column: string,
  until: number,
  vc?: number,
): number {
  const T = store.tables[table];
  const t = T.col('t');
  const c = T.col<Int32Array>(column);
  const v = T.col<Int32Array>('vc');
  let s = 0;
  for (let i = 0; i < T.rows && t[i] <= until; i++) {
    if (vc !== undefined && v[i] !== vc) continue;
    s += c[i];
  }
  return s;
}

/** Cell losses up to `until` whose drop reason is `reason`. */
export function lossCells(store: RunStore, reason: string, until = Infinity, vc?: number): number {
  const L = store.tables.loss;
  const code = DROP_REASONS.indexOf(reason as never);
  const t = L.col('t');
  const r = L.col<Uint8Array>('reason');
  const v = L.col<Int32Array>('vc');
  const cells = L.col<Int32Array>('cells');
  let s = 0;
  for (let i = 0; i < L.rows && t[i] <= until; i++) {
    if (r[i] !== code) continue;
    if (vc !== undefined && v[i] !== vc) continue;
    s += cells[i];
  }
  return s;
}

/** The latest drop the run holds (the loss row the buffer view names under its grid), or
 * null before the first. */
export function latestDropRow(
  store: RunStore,
): { t: number; vc: number; reason: number; cells: number } | null {
  const L = store.tables.loss;
  const i = L.rows - 1;
  if (i < 0) return null;
  return {
    t: L.col('t')[i],
    vc: L.col<Int32Array>('vc')[i],
    reason: L.col<Uint8Array>('reason')[i],
    cells: L.col<Int32Array>('cells')[i],
  };
}
