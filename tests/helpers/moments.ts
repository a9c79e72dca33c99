/**
 * Moments of a run read from the store's probe tables: the first overflow, the first timeout,
 * the first stall of a throughput deadlock… A lesson pauses at the fixed time `run.until`;
 * tests/unit/ui/lessons/lessons.test.ts finds the step's `run.moment` there with this.
 */
import { DROP_REASONS, TcpEvent } from '../../src/sim';
import type { RunStore } from '../../src/ui/data/runStore';
import type { MomentSpec } from '../../src/ui/lessons/types';

/** The simulated time of the moment in the run so far, or null if it has not happened. */
export function momentTime(store: RunStore, spec: MomentSpec): number | null {
  switch (spec.kind) {
    case 'first-drop': {
      const L = store.tables.loss;
      const code = spec.reason === undefined ? -1 : DROP_REASONS.indexOf(spec.reason as never);
      const t = store.column('loss', 't');
      const reason = store.column('loss', 'reason');
      const vc = store.column('loss', 'vc');
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
      const t = store.column('tcpEvents', 't');
      const kind = store.column('tcpEvents', 'kind');
      const conn = store.column('tcpEvents', 'conn');
      for (let i = 0; i < E.rows; i++) {
        if (kind[i] !== want) continue;
        if (spec.conn !== undefined && conn[i] !== spec.conn) continue;
        return t[i];
      }
      return null;
    }
    case 'first-stall': {
      const S = store.tables.stalls;
      const t = store.column('stalls', 't');
      const kind = store.column('stalls', 'kind');
      for (let i = 0; i < S.rows; i++) {
        if (spec.stallKind !== undefined && kind[i] !== spec.stallKind) continue;
        return t[i];
      }
      return null;
    }
    case 'first-dead': {
      const D = store.tables.dead;
      const t = store.column('dead', 't');
      const vc = store.column('dead', 'vc');
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
