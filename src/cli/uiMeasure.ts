/**
 * What bench:ui measures in the page and in the build: the in-page hooks (frames, long
 * tasks), its targets, the build's JS sizes and a CPU profile's self times.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_FRAME_TIMEOUT_MS = 20_000;

/**
 * rAF timestamps are coarsened to 100 µs in a page without cross-origin isolation, so a clean
 * 60 Hz stream reads as intervals of 16.6, 16.7 and 16.8 ms. The frame target (one 60 Hz frame,
 * 16.7 ms) is therefore checked with that resolution as tolerance; the table shows the raw p95.
 */
export const RAF_RESOLUTION_MS = 0.1;

export const TARGETS = {
  longTasksOver50: 0,
  heapGrowthMB: 50,
  firstFrameMs: 1000,
  initialJsGzipKB: 250,
};

// ---------------------------------------------------------------------------------------------
// In-page hooks, installed before any of the app's scripts run.

interface BenchHooks {
  /** requestAnimationFrame timestamps (ms since navigation start). */
  frames: number[];
  longTasks: { start: number; duration: number; name: string }[];
}
export type BenchWindow = Window & { __talBench: BenchHooks };

// A string, not a function: tsx (esbuild with keepNames) would wrap named inner functions in
// `__name(...)` calls that do not exist in the page.
export const INSTALL_HOOKS = `(() => {
  const hooks = { frames: [], longTasks: [] };
  window.__talBench = hooks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        hooks.longTasks.push({ start: e.startTime, duration: e.duration, name: e.name });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API in this browser.
  }
  const tick = (t) => {
    hooks.frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

// ---------------------------------------------------------------------------------------------
// Helpers.

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  // Nearest rank.
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export interface JsSizes {
  initial: { file: string; bytes: number; gzip: number }[];
  initialGzip: number;
  worker: { file: string; bytes: number; gzip: number }[];
  other: { file: string; bytes: number; gzip: number }[];
}

/** Sizes of dist's JS: the initial set from index.html (entry + modulepreload), the worker. */
export function jsSizes(dir: string): JsSizes {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(tag)
      ?.slice(1)
      .find((x) => x !== undefined);
  const initialFiles = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') initialFiles.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel')?.split(/\s+/).includes('modulepreload')) initialFiles.add(href);
  }
  if (initialFiles.size === 0) throw new Error('no <script type="module" src> in dist/index.html');
  const rel = (url: string) => new URL(url, 'http://x/').pathname.replace(/^\//, '');
  const entry = (file: string) => {
    const p = join(dir, file);
    return { file, bytes: readFileSync(p).length, gzip: gz(p) };
  };
  const initial = [...initialFiles].map((u) => entry(rel(u)));
  const initialSet = new Set(initial.map((e) => e.file));
  const rest = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`)
    .filter((f) => !initialSet.has(f))
    .map(entry);
  return {
    initial,
    initialGzip: initial.reduce((s, e) => s + e.gzip, 0),
    worker: rest.filter((e) => /worker/i.test(e.file)),
    other: rest.filter((e) => !/worker/i.test(e.file)),
  };
}

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function (ms), most first. */
export function selfTimes(profile: CpuProfile): { fn: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const acc = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const cf = byId.get(samples[i]);
    if (!cf) continue;
    // The delta after a sample is the time spent in it.
    const dt = (deltas[i + 1] ?? 0) / 1000;
    const where = cf.url ? ` ${basename(cf.url)}:${cf.lineNumber + 1}` : '';
    const key = `${cf.functionName || '(anonymous)'}${where}`;
    acc.set(key, (acc.get(key) ?? 0) + dt);
  }
  return [...acc].map(([fn, ms]) => ({ fn, ms })).sort((a, b) => b.ms - a.ms);
}
