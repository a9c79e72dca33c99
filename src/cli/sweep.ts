import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SCHEMA, toQuery } from '../sim';
import { metricsHelp } from './metricText';
import type { PointResult, SweepPoint, SweepResult } from '../sweep';
import {
  SweepError,
  enumeratePoints,
  makeResult,
  makeSpec,
  mergeResults,
  parseResult,
  parseShard,
  pointScenario,
  runPool,
  runPoint,
  shardPoints,
  toCsv,
  toJson,
} from '../sweep';
import { UsageError, appCommit, appVersion, parseCli, runCli } from './args';
import type { Campaign } from './campaign';
import { openCampaign } from './campaign';
import { progress } from './progress';
import { threadPool } from './threads';
import { formatTable } from './table';

const USAGE = `Usage: npm run sweep -- (--preset NAME | --url 'URL or ?query') --param KEY=FROM:TO:STEP
                        [--policies P,P,... | --variants V,V,...] [--metrics M,M,...]
                        [--seeds N | --seeds S,S,...] [--set key=value ...] [--KEY value ...]
                        [--json | --csv] [--shard I/N] [--workers N] [--out FILE]
                        [--campaign DIR]
       npm run sweep -- --merge FILE FILE ... [--json | --csv] [--out FILE]

Runs a scenario (the base) for every value of one numeric parameter, for each series (buffer
policies or TCP variants, default the base's policy) and each seed, and reports the chosen
metrics per run and their mean, min, max and sample sd over the seeds.

  --param KEY=FROM:TO:STEP   values FROM, FROM+STEP, ... up to TO (at most 200), or KEY=A,B,C
  --policies LIST            buffer policies to compare (series), e.g. tail-drop,ppd,epd
  --variants LIST            TCP variants to compare (every VC), e.g. reno,newreno,sack
${metricsHelp()}
  --seeds N | S,S,...        N seeds from the scenario's seed (default 1), or a list
  --json | --csv             print the result as JSON or CSV (default: a table; with --out,
                             the format follows the file's extension, JSON unless .csv)
  --shard I/N                run only the points whose index % N == I - 1 (1 <= I <= N);
                             merge the N outputs with --merge to get the whole sweep
  --workers N                worker threads (default: os.availableParallelism()); 1 runs
                             in-process
  --out FILE                 write the result to FILE instead of stdout
  --campaign DIR             write each finished run into DIR as it ends (keyed by its
                             scenario, seed and the commit); run the same command again after
                             a crash or a kill and it skips the runs already in DIR, giving
                             the same output byte for byte. DIR is refused (exit 2) if another
                             commit started it.

Progress (points done / total, elapsed, ETA) goes to stderr. Bad input exits with status 2
and a message naming the key.

CSV: one long-form table, read with pandas.read_csv(path, comment='#'). Columns param, value,
series_key, series, seed, stat, n, point, then one per metric; stat=value rows are single runs,
stat=mean|min|max|sd rows aggregate the n seeds of a (value, series). JSON: one object with the
base scenario query, param, series, seeds, metrics, app version, the raw per-run values
(points) and the statistics (summary). --merge reads either format.

Examples:
  npm run sweep -- --preset s0-testbed --param bufferCells=725:2176:725 \\
      --policies tail-drop,ppd,epd --seeds 2 --set duration=20 --csv
  npm run sweep -- --preset s0-testbed --param bufferCells=500:3000:250 --json --shard 1/2 --out a.json
  npm run sweep -- --preset s0-testbed --param bufferCells=500:3000:250 --json --shard 2/2 --out b.json
  npm run sweep -- --merge a.json b.json --csv --out sweep.csv
`;

const SWEEP_FLAGS = [
  'param',
  'policies',
  'variants',
  'metrics',
  'seeds',
  'shard',
  'out',
  'workers',
  'campaign',
];

type Format = 'json' | 'csv' | 'table';

function outputFormat(json: boolean, csv: boolean, out: string | undefined, fallback: Format) {
  if (json && csv) throw new UsageError('give --json or --csv, not both');
  if (json) return 'json';
  if (csv) return 'csv';
  if (out) return out.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
  return fallback;
}

function one(rest: Map<string, string[]>, flag: string): string | undefined {
  const v = rest.get(flag);
  if (v && v.length > 1) throw new UsageError(`${flag}: --${flag} given more than once`);
  return v?.[0];
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  return a !== 0 && (a < 1e-3 || a >= 1e6) ? x.toExponential(3) : String(Number(x.toFixed(4)));
}

function table(r: SweepResult): string {
  const unit = r.param.unit ? ` (${r.param.unit})` : '';
  const head = [`${r.param.key}${unit}`, r.series.key];
  if (r.summary) {
    const rows = r.summary.map((row) => [
      String(row.value),
      row.series,
      String(row.n),
      ...r.metrics.map((m) => {
        const s = row.metrics[m]!;
        return row.n > 1
          ? `${fmt(s.mean)} ± ${fmt(s.sd)} [${fmt(s.min)}, ${fmt(s.max)}]`
          : fmt(s.mean);
      }),
    ]);
    return formatTable(
      [
        ...head,
        'seeds',
        ...r.metrics.map((m) => (r.seeds.length > 1 ? `${m} mean ± sd [min, max]` : m)),
      ],
      rows,
    );
  }
  return formatTable(
    ['point', ...head, 'seed', ...r.metrics],
    r.points.map((p) => [
      String(p.index),
      String(p.value),
      p.series,
      String(p.seed),
      ...r.metrics.map((m) => fmt(p.metrics[m]!)),
    ]),
  );
}

function emit(r: SweepResult, format: Format, out: string | undefined): void {
  const text = format === 'json' ? toJson(r) : format === 'csv' ? toCsv(r) : table(r) + '\n';
  if (out) {
    writeFileSync(out, text);
    process.stderr.write(`sweep: wrote ${out}\n`);
  } else process.stdout.write(text);
}

async function runSweep(argv: string[]): Promise<void> {
  const csv = argv.includes('--csv');
  const { scenario, json, rest } = parseCli(
    argv.filter((a) => a !== '--csv'),
    SWEEP_FLAGS,
  );
  const param = one(rest, 'param');
  if (param === undefined)
    throw new UsageError('param: give --param KEY=FROM:TO:STEP (e.g. bufferCells=500:3000:250)');
  const out = one(rest, 'out');
  const format = outputFormat(json, csv, out, 'table');
  const shardText = one(rest, 'shard');
  const shard = shardText === undefined ? null : parseShard(shardText);
  const workersText = one(rest, 'workers');
  let workers = availableParallelism();
  if (workersText !== undefined) {
    workers = Number(workersText);
    if (!Number.isInteger(workers) || workers < 1 || workers > 1024)
      throw new UsageError(`workers: "${workersText}" is not an integer from 1 to 1024`);
  }
  const spec = makeSpec({
    base: scenario,
    param,
    policies: one(rest, 'policies'),
    variants: one(rest, 'variants'),
    seeds: one(rest, 'seeds'),
    metrics: one(rest, 'metrics'),
  });
  const all = shardPoints(enumeratePoints(spec), shard);
  const campaignDir = one(rest, 'campaign');
  const campaign = campaignDir
    ? openCampaign<Record<string, number>>(campaignDir, {
        commit: appCommit(),
        appVersion: appVersion(),
        tool: 'sweep',
      })
    : null;
  // Runs already in the campaign directory: their results, by point index.
  const keyOf = (p: SweepPoint) => {
    const sc = pointScenario(spec, p);
    return `sweep ?${toQuery({ ...sc, seed: 1 })}&seed=${sc.seed}`;
  };
  const resumed: PointResult[] = [];
  const points = campaign
    ? all.filter((p) => {
        const m = campaign.get(keyOf(p));
        if (!m || !spec.metrics.every((k) => k in m)) return true;
        resumed.push({
          index: p.index,
          value: p.value,
          series: p.series,
          seed: p.seed,
          metrics: Object.fromEntries(spec.metrics.map((k) => [k, m[k]])),
        });
        return false;
      })
    : all;
  const lanes = Math.max(1, Math.min(workers, points.length));
  const d = SCHEMA[spec.param.key];
  const unit = d.kind === 'int' || d.kind === 'number' ? d.unit : '';
  process.stderr.write(
    `sweep: ?${spec.base}\nsweep: ${spec.param.key} = ${spec.param.values.join(', ')}${unit ? ' ' + unit : ''}; ${spec.series.key} ${spec.series.values.join(', ')}; seeds ${spec.seeds.join(', ')}\n` +
      `sweep: ${points.length} runs${shard ? ` (shard ${shard.index}/${shard.count} of ${spec.param.values.length * spec.series.values.length * spec.seeds.length})` : ''} on ${lanes} ${lanes === 1 ? 'thread (in-process)' : 'worker threads'}\n`,
  );
  if (campaign)
    process.stderr.write(
      `sweep: campaign ${campaign.dir}: ${resumed.length} of ${all.length} runs already done, ${points.length} to run` +
        (campaign.unreadable.length
          ? ` (${campaign.unreadable.length} unreadable run files ignored)`
          : '') +
        '\n',
    );
  const prog = progress('sweep', points.length, 'points', lanes);
  const pool =
    lanes > 1
      ? threadPool<SweepPoint, Record<string, number>>('sweep-worker.ts', lanes, { spec })
      : null;
  let results: PointResult[];
  try {
    results = await runPool(points, {
      lanes,
      exec: pool
        ? (p, lane) =>
            pool.exec(p, lane).then(
              (metrics) => ({ ...p, metrics }),
              (e: Error) => {
                throw new Error(`point ${p.index}: ${e.message}`);
              },
            )
        : async (p) => runPoint(spec, p),
      onResult: (p, r, done) => {
        if (campaign) storeRun(campaign, keyOf(p), r.metrics as Record<string, number>);
        prog.update(done);
      },
    });
  } finally {
    await pool?.close();
  }
  prog.end(results.length);
  emit(
    makeResult(spec, [...resumed, ...results], {
      appVersion: appVersion(),
      commit: appCommit(),
      shard,
    }),
    format,
    out,
  );
}

/** Stores a run's metrics, keeping metrics an earlier sweep stored for the same run. */
function storeRun(
  campaign: Campaign<Record<string, number>>,
  key: string,
  metrics: Record<string, number>,
): void {
  campaign.put(key, { ...campaign.get(key), ...metrics });
}

function runMerge(argv: string[]): void {
  const files: string[] = [];
  let json = false;
  let csv = false;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--merge') continue;
    if (a === '--json') json = true;
    else if (a === '--csv') csv = true;
    else if (a === '--out') {
      out = argv[++i];
      if (out === undefined) throw new UsageError('out: --out needs a value');
    } else if (a.startsWith('--out=')) out = a.slice(6);
    else if (a.startsWith('--'))
      throw new UsageError(
        `${a.slice(2)}: not an option of --merge (give files, --json, --csv, --out)`,
      );
    else files.push(a);
  }
  if (files.length === 0) throw new UsageError('merge: give the shard outputs to merge');
  const parts = files.map((f) => {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch (e) {
      throw new UsageError(`merge: cannot read ${f} (${e instanceof Error ? e.message : e})`);
    }
    return parseResult(text, f);
  });
  const merged = mergeResults(parts, files);
  emit(merged, outputFormat(json, csv, out, 'json'), out);
}

runCli(async () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  try {
    if (argv.includes('--merge')) runMerge(argv);
    else await runSweep(argv);
  } catch (e) {
    if (e instanceof SweepError) throw new UsageError(e.message);
    throw e;
  }
});
