/**
 * `npm run reproduce`: runs every claim of the papers (src/reproduce/claims) against the model
 * on worker threads, and prints the scorecard: a table grouped by paper, or JSON lines.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CITATIONS } from '../reproduce/claims';
import type { RunRequest, RunSummary } from '../reproduce/summary';
import { plannedRuns } from '../reproduce/evaluate';
import { runCostParts, shardRuns } from '../reproduce/runCost';
import { runPool } from '../sweep/pool';
import { SweepError, parseShard } from '../sweep/spec';
import { summarise } from '../reproduce/summary';
import {
  ClaimSelectionError,
  formatScorecard,
  jsonLines,
  runScorecard,
  scorecardFile,
  selectClaims,
} from '../reproduce/scorecard';
import { UsageError, appVersion, runCli } from './args';
import { campaignExec } from './campaign';
import { progress } from './progress';
import { threadPool } from './threads';

const SCORECARD = new URL('../reproduce/scorecard.json', import.meta.url);

const USAGE = `Usage: npm run reproduce -- [--paper S0 ...] [--claim ID ...] [--json] [--write]
                            [--workers N] [--list] [--campaign DIR] [--timings FILE]
                            [--shard I/N --campaign DIR]

Runs the published results of the five source papers (S0–S4) against the model and prints
the scorecard: for each claim the paper's figure and band, the model's figure (a mean over the
claim's seeds) with each seed's figure, their mean, sd and range, and a verdict:
  within   the value is inside its band, or the bound, order or boundary holds;
  trend    the value is outside its band but its direction against the claim's comparison
           runs still holds (for a boundary: the figure moves the right way across it);
  miss     otherwise.
Every verdict other than within carries the known cause. Where the seeds disagree about the
verdict, the claim is run on more seeds (up to 10); a claim whose seeds still disagree is
marked SEED-SENSITIVE.

  --paper S0          only this paper's claims (repeatable)
  --claim ID          only this claim (repeatable; with --paper, the union)
  --json              one JSON line per claim, then {"summary": {...}}
  --write             also write the full scorecard to src/reproduce/scorecard.json (the file
                      the app shows); only without --paper and --claim
  --workers N         worker threads (default: os.availableParallelism()); 1 runs in-process
  --list              list the claims (id, paper, reference) and exit
  --campaign DIR      write each finished run into DIR as it ends; the same command run again
                      (after a crash or a kill) skips the runs already there. DIR is refused
                      (exit 2) if another commit started it.
  --shard I/N         with --campaign: run only shard I of N of the claims' runs (every N-th,
                      longest first) into DIR and stop; once every shard is in DIR (jobs on
                      several machines sharing it), the same command without --shard finds
                      them there, runs any extra seeds and prints the scorecard
  --timings FILE      append one JSON line per run to FILE: its query, seed, wall seconds and
                      the cost the scheduler estimated for it (src/reproduce/runCost.ts)

Progress goes to stderr. Bad input exits with status 2 and a message naming the option.
`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const papers: string[] = [];
  const ids: string[] = [];
  let json = false;
  let write = false;
  let list = false;
  let campaignDir: string | undefined;
  let timings: string | undefined;
  let shard: { index: number; count: number } | null = null;
  let workers = availableParallelism();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--'))
        throw new UsageError(`${a.slice(2)}: needs a value`);
      return v;
    };
    if (a === '--paper')
      papers.push(
        ...value()
          .split(',')
          .map((s) => s.trim().toUpperCase()),
      );
    else if (a === '--claim')
      ids.push(
        ...value()
          .split(',')
          .map((s) => s.trim()),
      );
    else if (a === '--json') json = true;
    else if (a === '--write') write = true;
    else if (a === '--list') list = true;
    else if (a === '--campaign') campaignDir = value();
    else if (a === '--timings') timings = value();
    else if (a === '--shard') {
      try {
        shard = parseShard(value());
      } catch (e) {
        if (e instanceof SweepError) throw new UsageError(e.message);
        throw e;
      }
    } else if (a === '--workers') {
      const t = value();
      workers = Number(t);
      if (!Number.isInteger(workers) || workers < 1 || workers > 1024)
        throw new UsageError(`workers: "${t}" is not an integer from 1 to 1024`);
    } else throw new UsageError(`${a.replace(/^-+/, '') || a}: unknown option (see --help)`);
  }
  let claims;
  try {
    claims = selectClaims(papers, ids);
  } catch (e) {
    if (e instanceof ClaimSelectionError) throw new UsageError(e.message);
    throw e;
  }
  if (list) {
    for (const c of claims) process.stdout.write(`${c.id}\t${c.paper}\t${c.kind}\t${c.ref}\n`);
    return;
  }
  if (shard && campaignDir === undefined)
    throw new UsageError('shard: needs --campaign DIR, where the shards meet');
  if (shard && write) throw new UsageError('write: not with --shard (run without it to finish)');
  if (write && (papers.length || ids.length))
    throw new UsageError('write: the scorecard file holds every claim; drop --paper and --claim');
  const nRuns = plannedRuns(claims).length;
  const lanes = Math.max(1, Math.min(workers, nRuns));
  process.stderr.write(
    `reproduce: ${claims.length} claims, ${nRuns} runs (then more seeds where they disagree)\n`,
  );
  let prog = progress('reproduce', nRuns, 'runs', lanes);
  let shown = nRuns;
  let last = 0;
  const pool =
    lanes > 1 ? threadPool<RunRequest, RunSummary>('reproduce-worker.ts', lanes, null) : null;
  const run1 = (req: RunRequest, lane: number) =>
    pool ? pool.exec(req, lane) : Promise.resolve().then(() => summarise(req));
  const exec = timings === undefined ? run1 : timed(run1, timings);
  let run;
  try {
    if (shard) {
      const runs = shardRuns(plannedRuns(claims), shard.index, shard.count);
      prog = progress('reproduce', runs.length, 'runs', lanes);
      await runPool(runs, {
        lanes,
        exec: campaignExec(campaignDir!, exec),
        onResult: (_req, _res, done) => prog.update(done),
      });
      prog.end(runs.length);
      process.stderr.write(
        `reproduce: shard ${shard.index}/${shard.count}: ${runs.length} runs in ${campaignDir}; ` +
          'run again without --shard once every shard is there\n',
      );
      return;
    }
    run = await runScorecard(claims, {
      lanes,
      exec: campaignDir ? campaignExec(campaignDir, exec) : exec,
      onProgress: (done, total) => {
        if (total !== shown) {
          prog.end(last);
          process.stderr.write(`reproduce: ${total - shown} more runs on extra seeds\n`);
          prog = progress('reproduce', total, 'runs', lanes);
          shown = total;
        }
        last = done;
        prog.update(done);
      },
    });
  } finally {
    await pool?.close();
  }
  prog.end(shown);
  process.stdout.write(json ? jsonLines(run) : formatScorecard(run, CITATIONS));
  if (write) {
    writeFileSync(SCORECARD, scorecardFile(run, appVersion()));
    process.stderr.write(`reproduce: wrote ${SCORECARD.pathname}\n`);
  }
}

/** `exec` that appends each run's wall time and estimated cost to the file `path`. */
function timed(
  exec: (req: RunRequest, lane: number) => Promise<RunSummary>,
  path: string,
): (req: RunRequest, lane: number) => Promise<RunSummary> {
  return async (req, lane) => {
    const t0 = performance.now();
    const res = await exec(req, lane);
    const seconds = (performance.now() - t0) / 1000;
    const line = { query: req.query, seed: req.seed, seconds: +seconds.toFixed(3) };
    appendFileSync(path, JSON.stringify({ ...line, ...runCostParts(req) }) + '\n');
    return res;
  };
}

runCli(() => main(process.argv.slice(2)));
