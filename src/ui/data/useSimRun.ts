/**
 * One simulation run on a worker, as a React hook: the run's machine (runMachine.ts, the one
 * code that commands the worker's client), the run's store, and a redraw once per animation
 * frame however many batches arrive. The app and each side of the A/B comparison use it. Extra
 * handlers see every run start and batch (after the store and the machine have it).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Batch, RunInfo } from '../../worker/protocol';
import { SimClient } from '../../worker/client';
import { AckPacer } from './ackPacer';
import { atFrameStart, cancelFrameStart } from './drawScheduler';
import { RunMachine } from './runMachine';
import { RunStore } from './runStore';

export interface RunHandlers {
  /** A new run, or with `replay` the same run rebuilt from t = 0 (a backward seek, a port
   * focus change). */
  started?(info: RunInfo, replay?: 'seek' | 'focusPort'): void;
  batch?(batch: Batch): void;
  /** The first frame drawn with metrics (for `performance.mark`). */
  firstFrame?(): void;
  /** The run started without the focused port (not a port of its network). */
  portDropped?(): void;
}

export interface SimRun {
  store: RunStore;
  /** The run's commands and phase. */
  run: RunMachine;
  failure: string | null;
  clearFailure(): void;
}

export function useSimRun(handlers: RunHandlers = {}): SimRun {
  const store = useMemo(() => new RunStore(), []);
  const run = useMemo(() => new RunMachine(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const on = useRef(handlers);
  useEffect(() => {
    on.current = handlers;
  });
  useEffect(() => {
    let ackFrame = 0;
    let first = false;
    // Batches received and not yet acknowledged, per run: acknowledged one frame after the
    // store's bump, when the views have drawn them (the worker keeps one batch in flight).
    let unacked = 0;
    let unackedRun = 0;
    // The memory of the batches' series, copied into the store's tables: handed back to the
    // worker with the acknowledgement (protocol.ts, `ack`), so that the page's collector has
    // no batch garbage to free.
    let spent: ArrayBuffer[] = [];
    const ackNow = () => {
      if (unacked > 0) c.ack(unackedRun, unacked, spent);
      spent = [];
      unacked = 0;
    };
    // After slow frames, the acknowledgement waits for a quick one (ackPacer.ts).
    const pacer = new AckPacer();
    const ackWhenCalm = (now: number) => {
      ackFrame = 0;
      if (pacer.frame(now)) ackNow();
      else ackFrame = requestAnimationFrame(ackWhenCalm);
    };
    // The store takes the batches at the start of a frame, before the views draw in it
    // (drawScheduler.ts): they draw them in that frame.
    let bumpQueued = false;
    const bumpInFrame = (now: number) => {
      bumpQueued = false;
      pacer.seen(now);
      store.bump();
      if (!first && store.metrics) {
        first = true;
        on.current.firstFrame?.();
      }
      // Acknowledge in the next frame, the views having drawn in this one, or, after a slow
      // frame, in the first quick one after it.
      if (!ackFrame) ackFrame = requestAnimationFrame(ackWhenCalm);
    };
    const onVisibility = () => {
      if (document.hidden) ackNow();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const c = new SimClient(
      {
        started: (i, replay) => {
          store.reset(i);
          setFailure(null);
          if (run.started(i, replay).portDropped) on.current.portDropped?.();
          on.current.started?.(i, replay);
        },
        batch: (b) => {
          store.add(b);
          run.batch(b);
          on.current.batch?.(b);
          for (const table of Object.values(b.series) as ({ columns: object } | undefined)[]) {
            if (!table) continue;
            for (const col of Object.values(table.columns) as ArrayBufferView[])
              if (col.buffer instanceof ArrayBuffer) spent.push(col.buffer);
          }
          if (b.runId !== unackedRun) unacked = 0;
          unackedRun = b.runId;
          unacked++;
          // A hidden page draws no frames: it takes batches as they come.
          if (document.hidden) ackNow();
          if (bumpQueued) return;
          bumpQueued = true;
          atFrameStart(bumpInFrame);
        },
        failed: (m) => setFailure(m),
        live: (applied, info) => {
          if (applied && info) store.setInfo(info);
          run.liveAnswer(applied, info);
        },
      },
      { paced: true },
    );
    run.attach(c);
    return () => {
      run.detach();
      c.dispose();
      cancelFrameStart(bumpInFrame);
      if (ackFrame) cancelAnimationFrame(ackFrame);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store, run]);
  return { store, run, failure, clearFailure: () => setFailure(null) };
}
