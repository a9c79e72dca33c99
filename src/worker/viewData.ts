/**
 * What the views receive of a run, built from the model on the worker's side: the run info
 * sent once (topology, thresholds, VCs), and each batch (the drained probe series, the buffer
 * snapshot, the per-port samples), with the typed arrays a batch transfers.
 */
import type { EventName, ProbeBatch } from '../sim';
import { DROP_REASONS } from '../sim';
import type { Simulation } from '../sim';
import type { PortWatch } from '../sim/metrics/probes';
import type { NetSpec } from '../sim/net/topology';
import type { Batch, BufferSnapshot, RunInfo, TopologyInfo } from './protocol';
import { SNAPSHOT_CELLS } from './protocol';

/** A port id made URL-safe: "sw2→sw3" → "sw2-sw3". */
export function portSlug(id: string): string {
  return id.replace(/→/g, '-').replace(/[^A-Za-z0-9_-]/g, '-');
}

/** The port named by `port` (id, slug or index), or the bottleneck. */
export function resolvePort(spec: NetSpec, port: string | number | undefined): number {
  const n = spec.ports.length;
  if (typeof port === 'number')
    return Number.isInteger(port) && port >= 0 && port < n ? port : spec.bottleneck;
  if (!port) return spec.bottleneck;
  const i = spec.ports.findIndex((p) => p.id === port || portSlug(p.id) === port);
  if (i >= 0) return i;
  return /^\d+$/.test(port) && Number(port) < n ? Number(port) : spec.bottleneck;
}

function topologyInfo(sim: Simulation): TopologyInfo {
  const spec = sim.topology;
  const first = new Map<string, number[]>();
  spec.routes.forEach((r, v) => {
    const to = spec.ports[r[0]]?.node ?? 'sw1';
    const key = `src${v}|${to}`;
    first.set(key, [...(first.get(key) ?? []), v]);
  });
  return {
    name: spec.topology,
    nodes: spec.nodes.map((n) => ({ id: n.id, kind: n.kind })),
    ports: spec.ports.map((p, i) => ({
      id: p.id,
      slug: portSlug(p.id),
      node: p.node,
      to: p.id.split('→')[1] ?? 'receivers',
      hop: p.hop,
      K: sim.ports[i].K,
      // The port's policy now (a live change updates the run's topology: Simulation.applyLive).
      policy: p.policy,
      mbps: p.mbps,
      vcs: [...p.vcs],
    })),
    access: [...first].map(([k, vcs]) => {
      const [from, to] = k.split('|');
      return { from, to, vcs };
    }),
    routes: spec.routes.map((r) => [...r]),
    bottleneck: spec.bottleneck,
  };
}

/** What the views need to know of a run before its first batch. */
export function runInfo(
  sim: Simulation,
  query: string,
  issues: RunInfo['issues'],
  focus = sim.topology.bottleneck,
): RunInfo {
  const scenario = sim.scenario;
  return {
    scenario,
    query,
    issues,
    durationSeconds: scenario.duration,
    epdThreshold: sim.d.epdThreshold,
    thresholds: (sim.ports[focus] ?? sim.port).thresholds(),
    goodputCeilingMbps: sim.d.goodputCeilingBps / 1e6,
    nVc: sim.d.nVc,
    nConn: sim.d.nConn,
    vcOfConn: Array.from({ length: sim.d.nConn }, (_, c) => Math.floor(c / scenario.tcpsPerVc)),
    reasons: DROP_REASONS,
    topology: topologyInfo(sim),
    focusPort: focus,
  };
}

export function snapshot(sim: Simulation, focus: number): BufferSnapshot {
  const port = sim.ports[focus] ?? sim.port;
  if (sim.topology.topology === 'single' || (port === sim.port && port.nVc === sim.d.nVc)) {
    const limits = new Float64Array(port.nVc);
    for (let v = 0; v < port.nVc; v++) limits[v] = port.perVcLimit(v);
    const order = new Uint16Array(port.c.X <= SNAPSHOT_CELLS ? port.c.X : 0);
    const n = order.length > 0 ? port.snapshot(order) : 0;
    return { X: port.c.X, na: port.c.na, xi: port.c.xi.slice(), limits, order, n };
  }
  // A port of a network: its local VCs (and background, queue nVc) mapped to the run's VCs.
  const nVc = sim.d.nVc;
  const vcs = sim.topology.ports[focus].vcs;
  const xi = new Int32Array(nVc + 1);
  const limits = new Float64Array(nVc).fill(NaN);
  for (let j = 0; j < port.nVc; j++) {
    xi[vcs[j]] += port.c.xi[j]; // an edge switch's queues: the connections of one VC
    limits[vcs[j]] = port.perVcLimit(j);
  }
  xi[nVc] = port.c.xi[port.nVc];
  const order = new Uint16Array(port.c.X <= SNAPSHOT_CELLS ? port.c.X : 0);
  const n = order.length > 0 ? port.snapshot(order) : 0;
  for (let i = 0; i < n; i++) order[i] = order[i] < port.nVc ? vcs[order[i]] : nVc;
  return { X: port.c.X, na: port.c.na, xi, limits, order, n };
}

export function transferables(
  series: ProbeBatch,
  buffer: BufferSnapshot,
  b: Batch,
): Transferable[] {
  const out: Transferable[] = [buffer.xi.buffer, buffer.limits.buffer, buffer.order.buffer];
  if (b.ports)
    out.push(
      b.ports.X.buffer,
      b.ports.departed.buffer,
      b.ports.dropped.buffer,
      b.ports.util.buffer,
    );
  for (const table of Object.values(series) as ({ columns: object } | undefined)[]) {
    if (!table) continue;
    for (const col of Object.values(table.columns) as ArrayBufferView[]) out.push(col.buffer);
  }
  return out;
}

/** The run as the batch builder sees it. */
export interface BatchSource {
  id: number;
  sim: Simulation;
  playing: boolean;
  focus: number;
  watch: PortWatch | null;
}

/**
 * Whether each batch first walks every queue to check the model's invariants
 * (Simulation.assertInvariants): in development and test builds (Vite's DEV flag: the dev
 * server, vitest), never in the production build, where a batch must stay cheap.
 */
export const invariantChecksOn = (env: { DEV?: boolean } | undefined): boolean => env?.DEV === true;
const CHECK_INVARIANTS = invariantChecksOn(import.meta.env);

/**
 * The batch of everything the run recorded since the previous one (it drains the probes),
 * at the model's time, or at `t` seconds when the model stands exactly there (a seek or a
 * play-until target given in seconds comes back as the same number).
 */
export function buildBatch(
  r: BatchSource,
  stepped?: EventName | null,
  t?: number,
): { batch: Batch; transfer: Transferable[] } {
  const sim = r.sim;
  if (CHECK_INVARIANTS) sim.assertInvariants();
  const series = sim.probes.drain();
  if (r.watch?.queue) series.queue = r.watch.queue.drain();
  const buffer = snapshot(sim, r.focus);
  const batch: Batch = {
    type: 'batch',
    runId: r.id,
    t: t !== undefined && Math.round(t * 1e12) === sim.now ? t : sim.now / 1e12,
    done: sim.done,
    playing: r.playing,
    metrics: sim.metrics(),
    cells: sim.cellCounts(),
    series,
    buffer,
    ports: r.watch?.drainPorts(sim.now),
    stepped,
  };
  return { batch, transfer: transferables(series, buffer, batch) };
}
