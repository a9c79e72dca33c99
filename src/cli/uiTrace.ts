/**
 * `npm run bench:ui -- --trace`: what each long task of the page is. Records a Chrome trace of
 * the page over the measured window (the DevTools timeline categories, through CDP's Tracing
 * domain) and splits every main-thread task longer than 50 ms into its parts: the page's
 * script (by function), style, layout, paint, the compositor's commit, and garbage
 * collection. The trace is written for DevTools' Performance panel to open.
 */
import type { CDPSession } from 'playwright';

/** One trace event (the Chrome trace event format's fields that are read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { functionName?: string; lineNumber?: number; columnNumber?: number };
  };
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'toplevel',
].join(',');

/** Starts tracing the page; `stop()` ends it and returns its events. */
export async function startTrace(cdp: CDPSession): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = [];
  // The protocol types a trace event as a bag of keys; these are the trace format's events.
  const onData = (e: { value: object[] }) => {
    events.push(...(e.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', onData);
      return events;
    },
  };
}

/** The parts a long task is split into (trace event names → the part they count in). */
const PARTS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'commit',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

export interface LongTask {
  /** Start, ms since the trace's clock origin. */
  startMs: number;
  ms: number;
  /** ms per part ('script <fn>:<line>' for the page's functions), largest first. */
  parts: [string, number][];
}

/**
 * The main thread's tasks longer than `minMs` (wall time) in a trace of a page, each split
 * into its parts. The main thread is the renderer's that ran animation frames. Script parts
 * are the outermost function calls (their nested style, layout or GC counts in both).
 */
export function longTasks(events: TraceEvent[], minMs = 50): LongTask[] {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'FireAnimationFrame'),
  );
  if (!main) return [];
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const out: LongTask[] = [];
  for (const task of on) {
    if (task.name !== 'ThreadControllerImpl::RunTask' || task.dur! < minMs * 1000) continue;
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    let scriptUntil = -Infinity;
    for (const e of on) {
      if (e.ts < task.ts || e === task) continue;
      if (e.ts >= end) break;
      let part = PARTS[e.name];
      if (e.name === 'FunctionCall') {
        // The outermost call only (a call inside a call is part of it).
        if (e.ts < scriptUntil) continue;
        scriptUntil = e.ts + e.dur!;
        const d = e.args?.data;
        const at = d?.lineNumber !== undefined ? `:${d.lineNumber + 1}:${d.columnNumber ?? 0}` : '';
        part = `script ${d?.functionName || '(anonymous)'}${at}`;
      }
      if (part) parts.set(part, (parts.get(part) ?? 0) + e.dur! / 1000);
    }
    out.push({
      startMs: task.ts / 1000,
      ms: task.dur! / 1000,
      parts: [...parts].sort((a, b) => b[1] - a[1]),
    });
  }
  return out;
}

/** Long tasks counted by their largest part. */
export function byLargestPart(tasks: LongTask[]): [string, number][] {
  const n = new Map<string, number>();
  for (const t of tasks) {
    const k = t.parts[0]?.[0] ?? 'other';
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].sort((a, b) => b[1] - a[1]);
}

/** The long tasks as text: how many, counted by their largest part, and the longest ones. */
export function describeLongTasks(tasks: LongTask[], file: string, top = 8): string {
  const ms = (x: number) => x.toFixed(0);
  return (
    `Main-thread tasks over 50 ms in the trace (${file}): ${tasks.length}\n` +
    (tasks.length
      ? `  by their largest part: ${byLargestPart(tasks)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}\n` +
        [...tasks]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, top)
          .map(
            (t) =>
              `  ${ms(t.ms).padStart(4)} ms: ` +
              t.parts
                .slice(0, 4)
                .map(([k, v]) => `${k} ${ms(v)}`)
                .join(' · '),
          )
          .join('\n') +
        '\n'
      : '') +
    '\n'
  );
}
