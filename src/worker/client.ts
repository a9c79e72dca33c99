import { ALL_PROBES } from '../sim/metrics/probes';
import type { Batch, FromWorker, RunInfo, StepUnit, ToWorker } from './protocol';

export interface ClientHandlers {
  /** A new run, or with `replay` the same run rebuilt from t = 0 (a backward seek, a port
   * focus change): the batch that follows holds its whole history. */
  started(info: RunInfo, replay?: 'seek' | 'focusPort'): void;
  batch(batch: Batch): void;
  /** Answer to `live()`: applied in place (with the new info), or the caller restarts. */
  live?(applied: boolean, info?: RunInfo): void;
  /** The worker failed (crashed, or reported an error); the client can restart it. */
  failed(message: string): void;
}

/**
 * The UI's handle on the simulation worker. It numbers runs, drops stale messages (a run the
 * UI has moved past), and turns a crashed worker into a `failed` call; `restart()` replaces
 * the worker.
 */
export class SimClient {
  private worker: Worker | undefined;
  private runId = 0;

  /** `paced`: the caller acknowledges each batch once drawn (`ack()`), and the worker keeps
   * at most one batch in flight (worker/pacing.ts). */
  constructor(
    private readonly on: ClientHandlers,
    private readonly opts: { paced?: boolean } = {},
  ) {
    this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (ev: MessageEvent<FromWorker>) => {
      const msg = ev.data;
      if (msg.runId !== this.runId) return; // stale
      if (msg.type === 'started') this.on.started(msg.info, msg.replay);
      else if (msg.type === 'batch') this.on.batch(msg);
      else if (msg.type === 'live') this.on.live?.(msg.applied, msg.info);
      else this.on.failed(msg.message);
    });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      this.on.failed(ev.message || 'the simulation worker stopped unexpectedly');
    });
    worker.addEventListener('messageerror', () =>
      this.on.failed('a message from the worker could not be read'),
    );
    this.worker = worker;
  }

  private send(msg: ToWorker, transfer: Transferable[] = []): void {
    this.worker?.postMessage(msg, transfer);
  }

  /** Starts a new run of `query`; returns its id. */
  start(
    query: string,
    opts: {
      play?: boolean;
      speed?: number;
      branch?: { atSeconds: number; query: string };
      /** The port the port-dependent probes watch (id or slug); default the bottleneck. */
      port?: string;
      /** The part of the worker's per-frame budget this run may use (protocol.ts). */
      share?: number;
    } = {},
  ): number {
    const runId = ++this.runId;
    this.send({
      type: 'start',
      runId,
      query,
      play: opts.play,
      speed: opts.speed,
      branch: opts.branch,
      port: opts.port,
      share: opts.share,
      probes: ALL_PROBES,
      paced: this.opts.paced,
    });
    return runId;
  }

  /** Plays at `speed` simulated seconds per second (Infinity: flat out); with `until`
   * (simulated seconds) the run pauses exactly there (batch: playing false, t === until). */
  play(speed: number, until?: number): void {
    this.send({ type: 'play', runId: this.runId, speed, until });
  }
  /** Goes to exactly simulated time `t` seconds and pauses (forward: runs on; backward: a
   * replay from t = 0 answering `started` with replay 'seek', then one batch of the whole
   * history up to t). */
  seek(t: number): void {
    this.send({ type: 'seek', runId: this.runId, t });
  }
  /** `batches` batches of run `runId` are drawn (paced clients, once per drawn frame);
   * `spent`: batch memory the page no longer needs, transferred back (protocol.ts). */
  ack(runId: number, batches: number, spent: ArrayBuffer[] = []): void {
    this.send({ type: 'ack', runId, batches, spent }, spent);
  }
  pause(): void {
    this.send({ type: 'pause', runId: this.runId });
  }
  step(unit: StepUnit, ms?: number): void {
    this.send({ type: 'step', runId: this.runId, unit, ms });
  }
  /** Applies a changed scenario to the running model where possible (see `live` handler). */
  live(query: string): void {
    this.send({ type: 'live', runId: this.runId, query });
  }

  /** Watches another switch output port (a replay of the run to the time reached; the
   * answer is a `started` with the new info, then batches). */
  focusPort(port: string | number): void {
    this.send({ type: 'focusPort', runId: this.runId, port });
  }

  /** Replaces the worker (after a failure); the caller starts the run again. */
  restart(): void {
    this.worker?.terminate();
    this.spawn();
  }

  /** For tests: kill the worker as a crash would. */
  kill(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.on.failed('the simulation worker was terminated');
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}
