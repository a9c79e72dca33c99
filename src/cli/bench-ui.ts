/**
 * `npm run bench:ui [-- --seconds N] [--mode single|parking|compare|lesson|all] [--path '/?query']
 * [--device desktop|laptop|phone] [--cpu-slowdown N] [--skip-build] [--dist DIR]`: the page's own performance in headless Chromium while a long run streams at
 * maximum speed, in each mode asked for (several `--mode` and `--path` are measured one after
 * the other, each in a fresh page; uiModes.ts lists the modes; default: single).
 *
 * Builds the app (`vite build` into dist/), serves dist/ with `vite preview` on a free port
 * (`--dist DIR`: serves DIR, a build made before, e.g. of another commit, and builds nothing),
 * opens the scenario at 1280×720 (`--device laptop`: 1366×768; `phone`: 390×844 at device pixel
 * ratio 2 with touch) and, with `--cpu-slowdown N`, the page's CPU slowed N× (Chromium's
 * Emulation.setCPUThrottlingRate, as Lighthouse emulates a mid-range phone with 4), and
 * measures, over N seconds of streaming (default 30):
 * requestAnimationFrame frame intervals (p50, p95, max), long tasks on the main thread, the page's
 * heap after a forced GC at the start and at the end (V8's JS heap plus ArrayBuffer backing
 * stores: the typed-array columns the worker transfers live outside the JS heap, and
 * performance.memory counts them too), and the time to the first drawn frame (the app's
 * `tal:first-frame` mark). It also reports the gzipped size of the initial JS
 * (the entry module and its modulepreloads in dist/index.html) and of the worker chunk.
 *
 * `--trace` also records a Chrome trace of the window (artifacts/bench-ui-MODE.trace.json, for
 * DevTools' Performance panel) and splits each main-thread task over 50 ms into script (by
 * function), style, layout, paint, commit and GC (uiTrace.ts); it builds unminified too.
 *
 * `--profile` also records a CPU profile of the page over the window (written to
 * artifacts/bench-ui-MODE.cpuprofile, for DevTools) and prints the functions with the most self
 * time; it builds without minification so the names are readable, and the sampling costs a
 * little, so its frame numbers are not the reference ones.
 *
 * Prints a table per mode and, last, one line of JSON (one mode: its summary; several: `runs`,
 * one summary each). Exits 0 whether the targets pass or not (it is a
 * benchmark); exits 1 only if the measurement failed (build error, no first frame in 20 s, ...).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright';
import type { PreviewServer } from 'vite';
import type { HeapReading } from './browser';
import type { UiDevice, UiMode } from './uiModes';
import { UI_DEVICES, UI_MODES, frameTargetMs, pickDevice, pickModes } from './uiModes';
import type { BenchWindow, CpuProfile, JsSizes } from './uiMeasure';
import {
  FIRST_FRAME_TIMEOUT_MS,
  INSTALL_HOOKS,
  RAF_RESOLUTION_MS,
  TARGETS,
  jsSizes,
  percentile,
  selfTimes,
} from './uiMeasure';
import { byLargestPart, describeLongTasks, longTasks, startTrace } from './uiTrace';
import {
  MB,
  buildApp,
  firstFrame,
  fmt,
  launchPage,
  readHeap,
  runMeasurement,
  serveDist,
  simTime,
} from './browser';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    path: { type: 'string', multiple: true, default: [] },
    mode: { type: 'string', multiple: true, default: [] },
    device: { type: 'string', default: 'desktop' },
    'cpu-slowdown': { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'usage: npm run bench:ui -- [--seconds N] [--mode M]… [--path "/?query"]… [--skip-build] [--profile] [--trace]\n' +
      `  --seconds N     seconds of streaming to measure (default 30)\n` +
      `  --mode M        ${Object.entries(UI_MODES)
        .map(([k, m]) => `${k}: ${m.what} (${m.path})`)
        .join('\n                  ')}\n` +
      '                  all: every mode; repeat or comma-separate to measure several (default single)\n' +
      `  --device D      ${Object.entries(UI_DEVICES)
        .map(([k, d]) => `${k}: ${d.what}`)
        .join('; ')} (default desktop)\n` +
      "  --cpu-slowdown N  slow the page's CPU N× (4: a mid-range phone); the frame target\n" +
      '                  is then 33.3 ms (30 fps) instead of 16.7 ms\n' +
      `  --path P        a page path and query to measure, e.g. "/?preset=s1-lan-sd&speed=max"\n` +
      '  --skip-build    serve the existing dist/ instead of building first\n' +
      '  --dist DIR      serve DIR (a build made before) instead of building dist/\n' +
      '  --profile       also record a CPU profile of the page (unminified build) and list\n' +
      '                  the top functions by self time; writes artifacts/bench-ui-MODE.cpuprofile\n' +
      '  --trace         also record a Chrome trace (unminified build) and split each long task\n' +
      '                  into script, style, layout, paint, commit and GC; writes\n' +
      '                  artifacts/bench-ui-MODE.trace.json\n',
  );
  process.exit(0);
}
const seconds = Number(args.seconds);
if (!(seconds > 0)) {
  process.stderr.write(`--seconds: "${args.seconds}" is not a positive number\n`);
  process.exit(2);
}
const cpuSlowdown = Number(args['cpu-slowdown']);
if (!(cpuSlowdown >= 1)) {
  process.stderr.write(`--cpu-slowdown: "${args['cpu-slowdown']}" is not a number ≥ 1\n`);
  process.exit(2);
}
const device = pickDevice(args.device);
if (typeof device === 'string') {
  process.stderr.write(`${device}\n`);
  process.exit(2);
}
const frameTarget = frameTargetMs(cpuSlowdown);
const picked = pickModes(args.mode, args.path);
if (typeof picked === 'string') {
  process.stderr.write(`${picked}\n`);
  process.exit(2);
}

const root = process.cwd();
const outDir = resolve(root, args.dist ?? 'dist');
const log = (s: string) => process.stderr.write(`[bench:ui] ${s}\n`);

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!args['skip-build'] && args.dist === undefined) {
    log('building (vite build → dist/)…');
    await buildApp(root, outDir, !args.profile && !args.trace);
  }
  const sizes = jsSizes(outDir);
  let server: PreviewServer | undefined;
  try {
    const served = await serveDist(root, outDir);
    server = served.server;
    const summaries: Record<string, unknown>[] = [];
    for (const { name, mode } of picked as { name: string; mode: UiMode }[]) {
      const summary = await measure(served.base, name, mode, sizes);
      if (summary === null) return 1;
      summaries.push(summary);
    }
    process.stdout.write(
      JSON.stringify(
        summaries.length === 1
          ? summaries[0]
          : {
              name: 'bench-ui',
              seconds,
              runs: summaries,
              allPass: summaries.every((r) => r.allPass),
            },
      ) + '\n',
    );
    return 0;
  } finally {
    await server?.close().catch(() => {});
  }
}

/** One mode's measurement in a fresh browser: prints its table; null if it failed. */
async function measure(
  base: string,
  name: string,
  mode: UiMode,
  sizes: JsSizes,
): Promise<Record<string, unknown> | null> {
  let browser: Browser | undefined;
  try {
    const url = `${base}${mode.path}`;

    const app = await launchPage(INSTALL_HOOKS, device as UiDevice);
    browser = app.browser;
    const { page, cdp, errors } = app;
    const workerHeap = app.worker;

    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    log(`${name}: opening ${url}`);
    await page.goto(url);
    const firstFrameMs = await firstFrame(page, FIRST_FRAME_TIMEOUT_MS);
    if (firstFrameMs === null) {
      const failure = await page
        .getByTestId('worker-failure')
        .textContent({ timeout: 500 })
        .catch(() => null);
      log(
        `no tal:first-frame mark within ${FIRST_FRAME_TIMEOUT_MS / 1000} s` +
          (failure ? `; worker failure banner: ${failure}` : '') +
          (errors.length ? `; page errors:\n  ${errors.slice(0, 5).join('\n  ')}` : ''),
      );
      return null;
    }

    const heapStart = await readHeap(page, cdp, workerHeap);
    const simStart = await simTime(page, mode.clock);
    if (args.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const tracing = args.trace ? await startTrace(cdp) : null;
    const tStart = await page.evaluate(() => performance.now());
    log(`first frame at ${fmt(firstFrameMs, 0)} ms; measuring ${seconds} s of streaming…`);
    for (let left = seconds; left > 0; left -= 5) {
      await new Promise((r) => setTimeout(r, Math.min(5, left) * 1000));
      if (left > 5) log(`  ${fmt(seconds - left + 5, 0)} / ${seconds} s`);
    }
    const tEnd = await page.evaluate(() => performance.now());
    const profile = args.profile
      ? ((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile)
      : null;
    const trace = tracing ? await tracing.stop() : null;
    const simEnd = await simTime(page, mode.clock);
    const hooks = await page.evaluate(() => (window as unknown as BenchWindow).__talBench);
    const heapEnd = await readHeap(page, cdp, workerHeap);
    const duration = await page
      .locator('.clock .muted')
      .textContent({ timeout: 1_000 })
      .then((s) => Number(/([\d.]+)\s*s/.exec(s ?? '')?.[1]))
      .catch(() => NaN);
    const workerFailure = (await page.getByTestId('worker-failure').count()) > 0;

    // Frame intervals whose both ends lie in the window (between the two GCs).
    const inWindow = hooks.frames.filter((t) => t >= tStart && t <= tEnd);
    const intervals: number[] = [];
    for (let i = 1; i < inWindow.length; i++) intervals.push(inWindow[i] - inWindow[i - 1]);
    const sorted = [...intervals].sort((a, b) => a - b);
    const p50Frame = percentile(sorted, 50);
    const p95Frame = percentile(sorted, 95);
    const maxFrame = sorted.length ? sorted[sorted.length - 1] : NaN;
    const fps = intervals.length / ((tEnd - tStart) / 1000);
    const longIn = hooks.longTasks.filter((l) => l.start >= tStart && l.start <= tEnd);
    const longBefore = hooks.longTasks.filter((l) => l.start < tStart);
    const maxLong = Math.max(0, ...longIn.map((l) => l.duration));
    const over50 = longIn.filter((l) => l.duration > 50).length;
    const heapGrowthMB = (heapEnd.total - heapStart.total) / MB;
    const growth = (k: keyof HeapReading) => (heapEnd[k] - heapStart[k]) / MB;
    const runEnded = Number.isFinite(duration) && simEnd >= duration;

    const pass = {
      p95Frame: p95Frame <= frameTarget + RAF_RESOLUTION_MS + 1e-9,
      longTasks: over50 <= TARGETS.longTasksOver50,
      heapGrowth: heapGrowthMB < TARGETS.heapGrowthMB,
      firstFrame: firstFrameMs < TARGETS.firstFrameMs,
      initialJs: sizes.initialGzip / 1024 <= TARGETS.initialJsGzipKB,
    };
    const mark = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

    const rows: [string, string, string, string][] = [
      ['Metric', 'Measured', 'Target', ''],
      ['rAF frame interval p50', `${fmt(p50Frame, 2)} ms`, '', ''],
      [
        'rAF frame interval p95',
        `${fmt(p95Frame, 2)} ms`,
        `≤ ${frameTarget} ms (±${RAF_RESOLUTION_MS})`,
        mark(pass.p95Frame),
      ],
      ['rAF frame interval max', `${fmt(maxFrame, 2)} ms`, '', ''],
      ['frames / s (in window)', fmt(fps, 1), '', ''],
      [
        'long tasks > 50 ms',
        `${over50} (longest ${fmt(maxLong, 0)} ms)`,
        'none',
        mark(pass.longTasks),
      ],
      [
        'page heap start → end',
        `${fmt(heapStart.total / MB)} → ${fmt(heapEnd.total / MB)} MB`,
        '',
        '',
      ],
      [
        'page heap growth (JS + ArrayBuffers)',
        `${fmt(heapGrowthMB, 2)} MB`,
        `< ${TARGETS.heapGrowthMB} MB`,
        mark(pass.heapGrowth),
      ],
      ['  V8 JS heap only', `${fmt(growth('jsHeap'), 2)} MB`, '', ''],
      ['  ArrayBuffer backing stores', `${fmt(growth('backing'), 2)} MB`, '', ''],
      ['  performance.memory (cross-check)', `${fmt(growth('perfMemory'), 2)} MB`, '', ''],
      [
        'worker heap start → end',
        `${fmt((heapStart.workerUsed + heapStart.workerBacking) / MB)} → ${fmt((heapEnd.workerUsed + heapEnd.workerBacking) / MB)} MB`,
        'info',
        '',
      ],
      [
        'time to first frame',
        `${fmt(firstFrameMs, 0)} ms`,
        `< ${TARGETS.firstFrameMs} ms`,
        mark(pass.firstFrame),
      ],
      [
        'initial JS (gzip -9)',
        `${fmt(sizes.initialGzip / 1024)} KB`,
        `≤ ${TARGETS.initialJsGzipKB} KB`,
        mark(pass.initialJs),
      ],
      ...sizes.initial.map((e): [string, string, string, string] => [
        `  ${e.file}`,
        `${fmt(e.gzip / 1024)} KB (raw ${fmt(e.bytes / 1024)} KB)`,
        '',
        '',
      ]),
      ...sizes.worker.map((e): [string, string, string, string] => [
        `worker ${e.file}`,
        `${fmt(e.gzip / 1024)} KB (raw ${fmt(e.bytes / 1024)} KB)`,
        'info',
        '',
      ]),
      ...sizes.other.map((e): [string, string, string, string] => [
        `lazy ${e.file}`,
        `${fmt(e.gzip / 1024)} KB (raw ${fmt(e.bytes / 1024)} KB)`,
        'info',
        '',
      ]),
      [
        'simulated time in window',
        `${fmt(simStart, 1)} → ${fmt(simEnd, 1)} s${runEnded ? ' (run ENDED)' : ''}`,
        '',
        '',
      ],
      [
        'long tasks before window',
        `${longBefore.length} (longest ${fmt(Math.max(0, ...longBefore.map((l) => l.duration)), 0)} ms)`,
        'info',
        '',
      ],
    ];
    const w = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
    const line = (r: string[]) =>
      r
        .map((cell, c) => (c < 3 ? cell.padEnd(w[c]) : cell))
        .join('  ')
        .trimEnd();
    process.stdout.write(
      `\nUI benchmark: ${name} (${mode.path}), ${seconds} s of streaming, ${(device as UiDevice).what}` +
        `${cpuSlowdown > 1 ? `, CPU slowed ${cpuSlowdown}×` : ''}, headless Chromium\n\n` +
        rows
          .map((r, i) => line(r) + (i === 0 ? `\n${'-'.repeat(w[0] + w[1] + w[2] + 10)}` : ''))
          .join('\n') +
        '\n\n',
    );
    if (profile) {
      mkdirSync('artifacts', { recursive: true });
      writeFileSync(`artifacts/bench-ui-${file(name)}.cpuprofile`, JSON.stringify(profile));
      const windowMs = tEnd - tStart;
      const top = selfTimes(profile)
        .filter((f) => !f.fn.startsWith('(idle)'))
        .slice(0, 15);
      process.stdout.write(
        `CPU profile of the page (main thread), top self time over ${fmt(windowMs / 1000, 0)} s` +
          ` (artifacts/bench-ui-${file(name)}.cpuprofile):\n` +
          top
            .map(
              (f) =>
                `  ${fmt(f.ms, 0).padStart(7)} ms ${fmt((100 * f.ms) / windowMs, 1).padStart(5)} %  ${f.fn}`,
            )
            .join('\n') +
          '\n\n',
      );
    }
    const slow = trace ? longTasks(trace) : null;
    if (trace && slow) {
      mkdirSync('artifacts', { recursive: true });
      const out = `artifacts/bench-ui-${file(name)}.trace.json`;
      writeFileSync(out, JSON.stringify({ traceEvents: trace }));
      process.stdout.write(describeLongTasks(slow, out));
    }
    if (runEnded) log('warning: the run reached its end inside the window; use a longer duration');
    if (workerFailure) log('warning: the worker-failure banner is showing');
    if (errors.length) log(`page errors (${errors.length}):\n  ${errors.slice(0, 5).join('\n  ')}`);

    const summary = {
      name: 'bench-ui',
      mode: name,
      path: mode.path,
      dist: outDir,
      seconds,
      profiled: args.profile,
      traced: args.trace,
      device: args.device,
      cpuSlowdown,
      p50FrameMs: +p50Frame.toFixed(2),
      p95FrameMs: +p95Frame.toFixed(2),
      maxFrameMs: +maxFrame.toFixed(2),
      framesPerSecond: +fps.toFixed(1),
      frames: intervals.length,
      longTasksOver50ms: over50,
      longestLongTaskMs: +maxLong.toFixed(1),
      longTasksBeforeWindow: longBefore.length,
      heapStartMB: +(heapStart.total / MB).toFixed(2),
      heapEndMB: +(heapEnd.total / MB).toFixed(2),
      heapGrowthMB: +heapGrowthMB.toFixed(2),
      jsHeapGrowthMB: +growth('jsHeap').toFixed(2),
      arrayBufferGrowthMB: +growth('backing').toFixed(2),
      perfMemoryGrowthMB: +growth('perfMemory').toFixed(2),
      workerHeapStartMB: +((heapStart.workerUsed + heapStart.workerBacking) / MB).toFixed(2),
      workerHeapEndMB: +((heapEnd.workerUsed + heapEnd.workerBacking) / MB).toFixed(2),
      firstFrameMs: +firstFrameMs.toFixed(1),
      initialJsGzipKB: +(sizes.initialGzip / 1024).toFixed(1),
      workerJsGzipKB: +(sizes.worker.reduce((s, e) => s + e.gzip, 0) / 1024).toFixed(1),
      simSecondsStart: simStart,
      simSecondsEnd: simEnd,
      runEnded,
      ...(slow ? { traceLongTasksByPart: Object.fromEntries(byLargestPart(slow)) } : {}),
      pageErrors: errors.length,
      workerFailure,
      pass,
      allPass: Object.values(pass).every(Boolean),
    };
    return summary;
  } finally {
    await browser?.close().catch(() => {});
  }
}

/** A mode's name as part of a file name. */
const file = (name: string) => name.replace(/[^\w-]+/g, '_').slice(0, 40);

runMeasurement(main, log);
