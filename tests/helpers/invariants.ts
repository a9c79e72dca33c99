// Random valid scenarios and a run of each that checks, as it goes, every invariant the model
// knows: the model's own guard (Simulation.assertInvariants), per-VC queue accounting, drop
// reasons, monotone time in every probe series, TCP sequence sanity and the metrics' ranges.
import { expect } from 'vitest';
import type { Scenario } from '../../src/sim';
import { ALL_PROBES, DROP_REASONS, Simulation } from '../../src/sim';
import type { Random } from '../../src/sim/core/random';
import type { SwitchPort } from '../../src/sim/atm/port';

export { randomScenario } from './randomScenario';

type Columns = Record<string, ArrayLike<number>>;

/** Cells in each queue of `port` (VCs, then background), counted by walking its storage: a
 * check of the counters xi, independent of them. */
function walkQueues(port: SwitchPort): Int32Array {
  const n = new Int32Array(port.nVc + 1);
  port.store.forEach((q) => n[q]++);
  return n;
}
const EPS = 1e-9;

/** Each ratio the metrics report lies in [0, 1]. */
function expectUnit(label: string, x: number): void {
  expect(x, label).toBeGreaterThanOrEqual(0);
  expect(x, label).toBeLessThanOrEqual(1 + EPS);
}

/** A cheap assertion for the hot loops (vitest's expect costs too much per probe row). */
function must(ok: boolean, label: string, what: () => string): void {
  if (!ok) throw new Error(`${label}: ${what()}`);
}

/**
 * Runs `s` to its end in uneven chunks drawn from `r` (as the worker does), with every probe
 * on, checking after each chunk; `label` names the scenario in failure messages.
 */
export function checkedRun(s: Scenario, r: Random, label: string): Simulation {
  const sim = new Simulation(s, { probes: { ...ALL_PROBES, queueIntervalMs: 0.5 } });
  const port = sim.port;
  const nVc = s.sources;
  // Every segment, at the moment it is sent, lies in data the application has written.
  let beyondBuffer = 0;
  if (s.sndBuf > 0) {
    const emit = sim.hosts.emitSegment.bind(sim.hosts);
    sim.hosts.emitSegment = (conn, seq, len, retx, now) => {
      if (seq + len > sim.senders[conn].sndUna + s.sndBuf) beyondBuffer++;
      emit(conn, seq, len, retx, now);
    };
  }
  const nConn = nVc * s.tcpsPerVc;
  const lastAck = new Float64Array(nConn).fill(-1);
  const stallEnd = new Float64Array(nConn).fill(-1);
  const highest = new Float64Array(nConn);
  const una = new Float64Array(nConn);
  const lastT: Record<string, number> = {};
  let lossCells = 0;

  // The port serves arrivals a slot at a time: all cells that arrived since the last slot start,
  // in arrival order or, with arrivalOrder=random, shuffled. A drop is stamped with the cell's
  // own arrival time, so loss events may step back by less than one output slot.
  const slot = (53 * 8) / (s.linkMbps * 1e6);
  /** Times of a series never go backwards (within and across batches) nor pass the clock. */
  const monotone = (name: string, c: Columns, rows: number, now: number) => {
    const slack = name === 'loss' ? slot : 0;
    let prev = lastT[name] ?? 0;
    for (let j = 0; j < rows; j++) {
      must(c.t[j] >= prev - slack, label, () => `${name} time ${c.t[j]} after ${prev}`);
      prev = Math.max(prev, c.t[j]);
    }
    must(prev <= now + EPS, label, () => `${name} time ${prev} ahead of the clock ${now}`);
    lastT[name] = prev;
  };

  const checkBatch = (now: number) => {
    const b = sim.probes.drain();
    // (A stall is written once the detector has judged it, so stalls of different connections
    // may come out of order; each connection's own are checked below.)
    for (const [name, batch] of Object.entries(b)) {
      if (batch && name !== 'stalls' && name !== 'lossMore')
        monotone(name, batch.columns as unknown as Columns, batch.rows, now);
    }
    const q = b.queue!.columns as unknown as Columns;
    for (let j = 0; j < b.queue!.rows; j++) {
      let sum = q.background[j];
      for (let v = 0; v < nVc; v++) {
        must(q[`vc${v}`][j] >= 0, label, () => `negative queue of VC ${v}`);
        sum += q[`vc${v}`][j];
      }
      must(q.X[j] === sum, label, () => `X = ${q.X[j]} but the queues hold ${sum}`);
      must(q.X[j] >= 0 && q.X[j] <= s.bufferCells, label, () => `X = ${q.X[j]} outside [0, K]`);
      must(q.clp1[j] >= 0 && q.clp1[j] <= q.X[j], label, () => `CLP=1 cells ${q.clp1[j]}`);
    }
    const loss = b.loss!.columns;
    for (let j = 0; j < b.loss!.rows; j++) {
      // Every drop has a named reason (0 is "accepted").
      const reason = loss.reason[j];
      must(reason > 0 && reason < DROP_REASONS.length, label, () => `drop reason ${reason}`);
      must(loss.cells[j] > 0, label, () => 'a loss event of no cells');
      lossCells += loss.cells[j];
    }
    // Cells of loss events begun in an earlier batch: of a VC whose event is still open.
    const more = b.lossMore!.columns;
    for (let j = 0; j < b.lossMore!.rows; j++) {
      must(more.cells[j] > 0, label, () => 'a continued loss event of no cells');
      must(more.reason[j] > 0, label, () => `continued drop reason ${more.reason[j]}`);
      lossCells += more.cells[j];
    }
    const a = b.acks!.columns;
    for (let j = 0; j < b.acks!.rows; j++) {
      // Cumulative ACKs never go backwards on an in-order reverse path.
      must(a.ack[j] >= lastAck[a.conn[j]], label, () => `ACK ${a.ack[j]} went backwards`);
      lastAck[a.conn[j]] = a.ack[j];
    }
    const st = b.stalls!.columns;
    for (let j = 0; j < b.stalls!.rows; j++) {
      // Flagged stalls of a connection are ordered, disjoint intervals, each of a kind.
      const ok = st.t0[j] <= st.t[j] && st.t0[j] >= stallEnd[st.conn[j]] && st.t[j] <= now + EPS;
      must(ok, label, () => `stall [${st.t0[j]}, ${st.t[j]}] of connection ${st.conn[j]}`);
      must(st.kind[j] === 1 || st.kind[j] === 2, label, () => `stall kind ${st.kind[j]}`);
      stallEnd[st.conn[j]] = st.t[j];
    }
    const g = b.segments!.columns;
    for (let j = 0; j < b.segments!.rows; j++) {
      const c = g.conn[j];
      // A segment is new data exactly when it starts at the highest byte sent so far.
      const ok = g.retx[j] ? g.seq[j] + g.len[j] <= highest[c] : g.seq[j] === highest[c];
      must(ok && g.len[j] > 0, label, () => `segment ${g.seq[j]}+${g.len[j]} of ${c}`);
      highest[c] = Math.max(highest[c], g.seq[j] + g.len[j]);
    }
    const cw = b.cwnd!.columns;
    for (let j = 0; j < b.cwnd!.rows; j++)
      must(cw.cwnd[j] > 0 && cw.ssthresh[j] > 0, label, () => `cwnd ${cw.cwnd[j]}`);
    for (const kind of b.tcpEvents!.columns.kind)
      must(kind >= 1 && kind <= 3, label, () => `TCP event kind ${kind}`);
  };

  let prevNow = 0;
  while (!sim.done) {
    sim.runUntil(sim.now + Math.round((1 + r.next() * 50) * 1e9));
    must(sim.now >= prevNow, label, () => 'the clock went backwards');
    prevNow = sim.now;
    checkBatch(sim.now / 1e12);
    sim.assertInvariants(); // conservation, X = the walked buffer within [0, K], N_a
    const c = sim.cellCounts();
    must(c.accepted === c.delivered + port.c.X - port.c.xi[nVc], label, () => 'accepted cells');
    // Per VC: the counter X_i is the number of cells in VC i's queue (walked in the storage:
    // the FIFO's ring, or the per-VC lists).
    const walked = walkQueues(port);
    for (let v = 0; v <= nVc; v++) {
      const n = walked[v];
      must(port.c.xi[v] === n, label, () => `X_${v} ≠ ${n} cells`);
    }
    // Every output slot so far carried a UBR cell, a background cell, or nothing.
    const used = port.c.departed + port.c.bgDeparted + port.idleSlots;
    must(used === port.slotIndex, label, () => `${used} slots used of ${port.slotIndex}`);
    // Drops: each under a named reason, and the loss series holds every dropped cell.
    const byReason = port.c.droppedByReason.reduce((x, y) => x + y, 0);
    must(port.c.droppedByReason[0] === 0, label, () => 'cells dropped with no reason');
    must(
      byReason === port.c.dropped,
      label,
      () => `${byReason} drops by reason ≠ ${port.c.dropped}`,
    );
    must(lossCells === port.c.dropped, label, () => `loss series ${lossCells} ≠ ${port.c.dropped}`);
    for (let v = 0; v < nConn; v++) {
      const snd = sim.senders[v];
      const rcv = sim.receivers[v].rcvNxt;
      const ok =
        snd.sndUna >= una[v] &&
        snd.sndUna <= snd.sndMax &&
        snd.sndNxt <= snd.sndMax &&
        rcv >= snd.sndUna &&
        rcv <= snd.sndMax &&
        (s.sndBuf === 0 || snd.sndMax - snd.sndUna <= s.sndBuf);
      must(ok, label, () => `connection ${v}: una ${snd.sndUna} nxt ${snd.sndNxt} rcv ${rcv}`);
      una[v] = snd.sndUna;
    }
  }
  expect(sim.now / 1e12, `${label}: ran to its end`).toBeCloseTo(s.duration, 9);
  expect(beyondBuffer, `${label}: segments beyond the send buffer`).toBe(0);
  checkMetrics(sim, s, label);
  return sim;
}

function checkMetrics(sim: Simulation, s: Scenario, label: string): void {
  const m = sim.metrics();
  for (const [k, x] of Object.entries(m)) {
    if (typeof x === 'number') expect(Number.isFinite(x), `${label}: ${k}`).toBe(true);
  }
  for (const k of ['clr', 'clrClp0', 'clrClp1', 'fer', 'deadCellRatio', 'idleCellRatio', 'prr'])
    expectUnit(`${label}: ${k}`, m[k as keyof typeof m] as number);
  expectUnit(`${label}: weightedFairness`, m.weightedFairness);
  expect(m.fairness, `${label}: fairness`).toBeGreaterThan(0);
  expect(m.fairness).toBeLessThanOrEqual(1 + EPS);
  // Goodput: never negative; the bytes received never exceed the payload (48 bytes) of the
  // cells the port sent; without background traffic, never above the UBR ceiling. (With CBR or
  // VBR a short run may leave UBR more than its mean share: VBR's random on/off periods, CBR
  // cells still waiting in a shared buffer.)
  expect(m.efficiency).toBeGreaterThanOrEqual(0);
  for (const c of m.perConnection) expect(c.goodputMbps).toBeGreaterThanOrEqual(0);
  const received = sim.receivers.reduce((a, x) => a + x.delivered, 0);
  expect(received, `${label}: goodput above what the link carried`).toBeLessThanOrEqual(
    48 * sim.port.c.departed,
  );
  if (s.cbrMbps === 0 && s.vbrMbps === 0) expectUnit(`${label}: efficiency`, m.efficiency);
  expect(m.deadlockSecondsWorst).toBeLessThanOrEqual(s.duration + EPS);
  expect(m.deadlockSecondsMean).toBeLessThanOrEqual(m.deadlockSecondsWorst + EPS);
  expect(m.receiveGapSeconds).toBeLessThanOrEqual(s.duration + EPS);
}
