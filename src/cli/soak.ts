/**
 * `npm run soak [-- --minutes N] [--interval S] [--warmup S] [--mode M | --path '/?query'] [--skip-build]`:
 * does the page's memory stay bounded over a long session at full speed?
 *
 * Builds the app, serves dist/ with `vite preview`, opens the scenario (default S0's testbed,
 * 3600 s of model time, speed=max) in headless Chromium and keeps it streaming for N minutes
 * (default 10): when the run reaches its end, it presses ↺ Restart (↺ Restart both under
 * Compare A/B), so the page never idles. `--mode` names one of bench:ui's modes (uiModes.ts).
 * After a warm-up (default 60 s) and then every S seconds (default 30) it forces a GC (CDP
 * HeapProfiler.collectGarbage) and samples the page's heap (JSHeapUsedSize plus ArrayBuffer
 * backing stores, as `npm run bench:ui` does; see browser.ts) and the worker's.
 *
 * Prints the samples, then the growth (last sample minus the first, after warm-up) against the
 * target of 50 MB, and one line of JSON. Exits 1 if the growth reaches the target, the page
 * threw, the run stopped advancing, or the measurement failed.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright';
import type { PreviewServer } from 'vite';
import type { HeapReading } from './browser';
import { UI_MODES, UI_MODE_NAMES, pickModes } from './uiModes';
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

const TARGET_GROWTH_MB = 50;

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    interval: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '60' },
    path: { type: 'string' },
    mode: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'usage: npm run soak -- [--minutes N] [--interval S] [--warmup S] [--path "/?query"] [--skip-build]\n' +
      '  --minutes N     minutes of streaming after the warm-up (default 10)\n' +
      '  --interval S    seconds between heap samples (default 30)\n' +
      '  --warmup S      seconds of streaming before the first sample (default 60)\n' +
      `  --mode M        one of ${UI_MODE_NAMES.join(', ')} (default single: ${UI_MODES.single.path})\n` +
      '  --path P        a page path and query instead\n' +
      '  --skip-build    serve the existing dist/ instead of building first\n',
  );
  process.exit(0);
}
const picked = pickModes(args.mode ? [args.mode] : [], args.path ? [args.path] : []);
if (typeof picked === 'string' || picked.length !== 1) {
  process.stderr.write(
    `${typeof picked === 'string' ? picked : 'give one --mode or one --path'}\n`,
  );
  process.exit(2);
}
const { mode } = picked[0];
const minutes = Number(args.minutes);
const interval = Number(args.interval);
const warmup = Number(args.warmup);
for (const [flag, v] of [
  ['--minutes', minutes],
  ['--interval', interval],
  ['--warmup', warmup],
] as const) {
  if (!(v >= 0) || (flag !== '--warmup' && v === 0)) {
    process.stderr.write(`${flag}: "${args[flag.slice(2) as 'minutes']}" is not a valid number\n`);
    process.exit(2);
  }
}

const root = process.cwd();
const outDir = resolve(root, 'dist');
const log = (s: string) => process.stderr.write(`[soak] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample extends HeapReading {
  /** Seconds since the warm-up ended. */
  t: number;
  simSeconds: number;
  restarts: number;
}

/** Keeps the run streaming: presses ↺ Restart whenever it has ended. Returns restarts made. */
async function keepStreaming(page: Page): Promise<number> {
  const compare = page.getByTestId('compare');
  if ((await compare.count()) > 0) {
    if ((await compare.getAttribute('data-done')) !== 'true') return 0;
    await page.getByRole('button', { name: '↺ Restart both', exact: true }).click();
    return 1;
  }
  const play = page.getByRole('button', { name: 'Play', exact: true });
  if ((await play.count()) === 0 || !(await play.isDisabled())) return 0;
  await page.getByRole('button', { name: '↺ Restart', exact: true }).click();
  return 1;
}

async function main(): Promise<number> {
  if (!args['skip-build']) {
    log('building (vite build → dist/)…');
    await buildApp(root, outDir);
  }
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    const served = await serveDist(root, outDir);
    server = served.server;
    const app = await launchPage();
    browser = app.browser;
    const { page, cdp, worker, errors } = app;
    const url = `${served.base}${mode.path}`;
    log(`opening ${url}`);
    await page.goto(url);
    if ((await firstFrame(page, 20_000)) === null) {
      log(`no first frame within 20 s${errors.length ? `; page errors: ${errors[0]}` : ''}`);
      return 1;
    }

    let restarts = 0;
    /** Streams for `seconds`, restarting ended runs once a second. */
    const stream = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        await sleep(Math.min(1000, until - Date.now()));
        restarts += await keepStreaming(page);
      }
    };
    log(`warming up for ${warmup} s…`);
    await stream(warmup);

    const samples: Sample[] = [];
    const t0 = Date.now();
    const total = minutes * 60;
    let stalled = false;
    for (let next = 0; ; next += interval) {
      await stream(next - (Date.now() - t0) / 1000);
      const heap = await readHeap(page, cdp, worker);
      const s: Sample = {
        ...heap,
        t: Math.round((Date.now() - t0) / 1000),
        simSeconds: await simTime(page, mode.clock),
        restarts,
      };
      const prev = samples[samples.length - 1];
      if (prev && s.simSeconds === prev.simSeconds && s.restarts === prev.restarts) stalled = true;
      samples.push(s);
      log(
        `t = ${String(s.t).padStart(4)} s  model ${fmt(s.simSeconds, 1).padStart(7)} s  ` +
          `restarts ${s.restarts}  page ${fmt(s.total / MB, 2)} MB ` +
          `(JS ${fmt(s.jsHeap / MB, 2)} + buffers ${fmt(s.backing / MB, 2)})  ` +
          `worker ${fmt((s.workerUsed + s.workerBacking) / MB, 2)} MB`,
      );
      if (next + interval > total) break;
    }

    const first = samples[0];
    const last = samples[samples.length - 1];
    const growthMB = (last.total - first.total) / MB;
    const peakMB = (Math.max(...samples.map((s) => s.total)) - first.total) / MB;
    const workerGrowthMB =
      (last.workerUsed + last.workerBacking - first.workerUsed - first.workerBacking) / MB;
    const workerFailure = (await page.getByTestId('worker-failure').count()) > 0;
    const pass = growthMB < TARGET_GROWTH_MB && errors.length === 0 && !stalled && !workerFailure;
    process.stdout.write(
      `\nSoak: ${mode.path}, ${fmt(last.t / 60, 1)} min at full speed after ${warmup} s of warm-up, ` +
        `${samples.length} samples, ${restarts} restarts\n` +
        `  page heap (JS + ArrayBuffers) ${fmt(first.total / MB, 2)} → ${fmt(last.total / MB, 2)} MB: ` +
        `growth ${fmt(growthMB, 2)} MB (peak +${fmt(peakMB, 2)} MB), target < ${TARGET_GROWTH_MB} MB\n` +
        `  worker heap growth ${fmt(workerGrowthMB, 2)} MB (info)\n` +
        (errors.length
          ? `  page errors (${errors.length}): ${errors.slice(0, 3).join(' | ')}\n`
          : '') +
        (stalled ? '  the run stopped advancing between two samples\n' : '') +
        (workerFailure ? '  the worker-failure banner is showing\n' : '') +
        `  ${pass ? 'PASS' : 'FAIL'}\n\n`,
    );
    const round = (x: number) => +(x / MB).toFixed(2);
    const summary = {
      name: 'soak',
      path: mode.path,
      minutes: +(last.t / 60).toFixed(2),
      warmupSeconds: warmup,
      restarts,
      samples: samples.map((s) => ({
        t: s.t,
        simSeconds: s.simSeconds,
        pageMB: round(s.total),
        jsHeapMB: round(s.jsHeap),
        arrayBuffersMB: round(s.backing),
        perfMemoryMB: round(s.perfMemory),
        workerMB: round(s.workerUsed + s.workerBacking),
      })),
      growthMB: +growthMB.toFixed(2),
      peakGrowthMB: +peakMB.toFixed(2),
      workerGrowthMB: +workerGrowthMB.toFixed(2),
      targetMB: TARGET_GROWTH_MB,
      pageErrors: errors.length,
      stalled,
      workerFailure,
      pass,
    };
    process.stdout.write(JSON.stringify(summary) + '\n');
    return pass ? 0 : 1;
  } finally {
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
  }
}

runMeasurement(main, log);
