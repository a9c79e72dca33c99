import type { EventName, ProbeBatch } from '../sim';
import { DROP_REASONS, Simulation, parseScenario } from '../sim';
import type { Batch, BufferSnapshot, FromWorker, PortLike, RunInfo, ToWorker } from './protocol';
import { SNAPSHOT_CELLS } from './protocol';

/** At most this many batches per wall-clock second. */
const FRAME_MS = 1000 / 60;
/** Wall-clock budget of model work per frame, leaving the rest of the frame idle. */
const BUDGET_MS = 12;
/** Simulated time per slice when running flat out (checked against the budget). */
const SLICE_PS = 2e9; // 2 ms

interface Run {
  id: number;
  sim: Simulation;
  playing: boolean;
  speed: number;
  lastWall: number;
}

/** What the views need to know of a run before its first batch. */
export function runInfo(sim: Simulation, query: string, issues: RunInfo['issues']): RunInfo {
  const scenario = sim.scenario;
  return {
    scenario,
    query,
    issues,
    durationSeconds: scenario.duration,
    epdThreshold: sim.d.epdThreshold,
    thresholds: sim.port.thresholds(),
    goodputCeilingMbps: sim.d.goodputCeilingBps / 1e6,
    nVc: sim.d.nVc,
    nConn: sim.d.nConn,
    vcOfConn: Array.from({ length: sim.d.nConn }, (_, c) => Math.floor(c / scenario.tcpsPerVc)),
    reasons: DROP_REASONS,
  };
}

function snapshot(sim: Simulation): BufferSnapshot {
  const port = sim.port;
  const limits = new Float64Array(port.nVc);
  for (let v = 0; v < port.nVc; v++) limits[v] = port.perVcLimit(v);
  const order = new Uint16Array(port.X <= SNAPSHOT_CELLS ? port.X : 0);
  const n = order.length > 0 ? port.snapshot(order) : 0;
  return { X: port.X, na: port.na, xi: port.xi.slice(), limits, order, n };
}

function transferables(series: ProbeBatch, buffer: BufferSnapshot): Transferable[] {
  const out: Transferable[] = [buffer.xi.buffer, buffer.limits.buffer, buffer.order.buffer];
  for (const table of Object.values(series) as ({ columns: object } | undefined)[]) {
    if (!table) continue;
    for (const col of Object.values(table.columns) as ArrayBufferView[]) out.push(col.buffer);
  }
  return out;
}

/**
 * The worker's logic, attached to a port: a thin switch over the model. Runs in a Worker
 * (sim.worker.ts) and, for tests, on one end of a MessageChannel.
 */
export function attachSimHost(port: PortLike, now: () => number = () => performance.now()): void {
  let run: Run | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (msg: FromWorker, transfer: Transferable[] = []) =>
    port.postMessage(msg, { transfer });

  const post = (r: Run, stepped?: EventName | null) => {
    const sim = r.sim;
    sim.assertInvariants();
    const series = sim.probes.drain();
    const buffer = snapshot(sim);
    const batch: Batch = {
      type: 'batch',
      runId: r.id,
      t: sim.now / 1e12,
      done: sim.done,
      playing: r.playing,
      metrics: sim.metrics(),
      cells: sim.cellCounts(),
      series,
      buffer,
      stepped,
    };
    send(batch, transferables(series, buffer));
  };

  const schedule = () => {
    if (timer !== undefined || !run || !run.playing) return;
    timer = setTimeout(tick, FRAME_MS);
  };

  const tick = () => {
    timer = undefined;
    const r = run;
    if (!r || !r.playing) return;
    try {
      const t0 = now();
      const sim = r.sim;
      if (r.speed === Infinity) {
        while (!sim.done && now() - t0 < BUDGET_MS) sim.runUntil(sim.now + SLICE_PS);
      } else {
        const wall = t0 - r.lastWall;
        const target = sim.now + Math.round(Math.min(wall, 100) * 1e9 * r.speed);
        while (!sim.done && sim.now < target && now() - t0 < BUDGET_MS) {
          sim.runUntil(Math.min(target, sim.now + SLICE_PS));
        }
      }
      r.lastWall = t0;
      if (sim.done) r.playing = false;
      post(r);
      schedule();
    } catch (e) {
      r.playing = false;
      send({ type: 'error', runId: r.id, message: e instanceof Error ? e.message : String(e) });
    }
  };

  port.addEventListener('message', (ev: MessageEvent) => {
    const msg = ev.data as ToWorker;
    try {
      if (msg.type === 'start') {
        const { scenario, errors } = parseScenario(msg.query);
        const sim = new Simulation(scenario, { probes: msg.probes });
        let query = msg.query;
        if (msg.branch) {
          // The branch shares the run's history up to the branch time, then takes the
          // branch's policy: the same state continued two ways.
          const b = parseScenario(msg.branch.query);
          sim.runUntil(Math.round(msg.branch.atSeconds * 1e12));
          if (b.errors.length > 0 || !sim.applyLive(b.scenario))
            throw new Error(
              'a branch can change only the buffer policy and its thresholds; start a comparison from t = 0 for other changes',
            );
          query = msg.branch.query;
        }
        run = { id: msg.runId, sim, playing: !!msg.play, speed: msg.speed ?? 1, lastWall: now() };
        send({ type: 'started', runId: msg.runId, info: runInfo(sim, query, errors) });
        post(run);
        schedule();
        return;
      }
      if (!run || msg.runId !== run.id) return; // stale
      if (msg.type === 'play') {
        run.playing = !run.sim.done;
        run.speed = msg.speed;
        run.lastWall = now();
        schedule();
      } else if (msg.type === 'pause') {
        run.playing = false;
        post(run);
      } else if (msg.type === 'step') {
        run.playing = false;
        const sim = run.sim;
        if (msg.unit === 'event') post(run, sim.stepEvent());
        else if (msg.unit === 'frame') {
          sim.stepFrame();
          post(run);
        } else {
          sim.runUntil(sim.now + Math.round((msg.ms ?? 1) * 1e9));
          post(run);
        }
      } else if (msg.type === 'live') {
        const { scenario, errors } = parseScenario(msg.query);
        const applied = errors.length === 0 && run.sim.applyLive(scenario);
        send({
          type: 'live',
          runId: run.id,
          applied,
          info: applied ? runInfo(run.sim, msg.query, []) : undefined,
        });
        if (applied) post(run);
      } else if (msg.type === 'stop') {
        run = undefined;
      }
    } catch (e) {
      send({
        type: 'error',
        runId: msg.runId,
        message: e instanceof Error ? e.message : String(e),
      });
    }
  });
}
