/**
 * A campaign directory (`--campaign DIR` of `npm run sweep` and `npm run reproduce`): every
 * finished run is written into DIR the moment it ends, so a sweep killed at any point resumes
 * where it stopped, as ns-3's simulation execution manager keeps its runs in a database.
 *
 *   DIR/campaign.json      {"format": "tcp-over-atm-lab/campaign", "commit": ..., ...}
 *   DIR/runs/<hash>.json   one run: its key (scenario query and seed, and what was measured),
 *                          the commit that ran it and its result
 *
 * A run's file name is a hash of the commit and the run's key, so the same scenario and seed
 * are found again by any sweep that needs them. Each file is written to a temporary name and
 * renamed into place (rename is atomic on one file system), so a killed process leaves either
 * the whole file or none; leftover temporary files are ignored. A directory started by another
 * commit is refused: its numbers may differ from what this code gives.
 *
 * Numbers are stored losslessly by the lab's JSON convention (src/io/json.ts: ±Infinity as
 * ±1e999, −0 as -0, NaN as null); a run's result holds numbers only, so every null read back
 * is a NaN.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { nullsToNaN, stringifyJson } from '../io/json';
import type { RunRequest, RunSummary } from '../reproduce/summary';
import { UsageError, appCommit, appVersion } from './args';

export const CAMPAIGN_FORMAT = 'tcp-over-atm-lab/campaign';

interface Manifest {
  format: typeof CAMPAIGN_FORMAT;
  formatVersion: 1;
  commit: string;
  appVersion: string | null;
  /** The command that started the directory ("sweep" or "reproduce"). */
  tool: string;
}

interface RunFile<R> {
  commit: string;
  key: string;
  result: R;
}

/** `text` written to `path` atomically: a temporary file in the same directory, flushed, then
 * renamed over `path`. */
export function writeAtomic(path: string, text: string): void {
  const dir = path.slice(0, path.lastIndexOf('/') + 1) || './';
  const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

export interface Campaign<R> {
  dir: string;
  /** Runs found in the directory when it was opened. */
  readonly found: number;
  /** Files that could not be read (each is run again). */
  readonly unreadable: string[];
  /** The stored result of `key`, if any (`accept` may reject an incomplete one). */
  get(key: string): R | undefined;
  /** Stores the result of `key` (atomically, at once). */
  put(key: string, result: R): void;
}

/**
 * Opens (or starts) the campaign directory `dir` for code at `commit`. Throws UsageError
 * (exit status 2) if the directory belongs to another commit or is not a campaign.
 */
export function openCampaign<R>(
  dir: string,
  opts: { commit: string; appVersion: string | null; tool: string },
): Campaign<R> {
  const runs = join(dir, 'runs');
  const manifestPath = join(dir, 'campaign.json');
  try {
    mkdirSync(runs, { recursive: true });
  } catch (e) {
    throw new UsageError(
      `campaign: cannot create ${dir} (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  if (existsSync(manifestPath)) {
    let m: Partial<Manifest>;
    try {
      m = JSON.parse(readFileSync(manifestPath, 'utf8')) as Partial<Manifest>;
    } catch {
      throw new UsageError(`campaign: ${manifestPath} is not a campaign file (not JSON)`);
    }
    if (m.format !== CAMPAIGN_FORMAT)
      throw new UsageError(`campaign: ${dir} is not a campaign directory of this app`);
    if (m.commit !== opts.commit)
      throw new UsageError(
        `campaign: ${dir} holds runs of commit ${m.commit}, and this is commit ${opts.commit}; ` +
          'results of two commits are never mixed: give another --campaign directory ' +
          '(or delete this one to start again)',
      );
  } else {
    const m: Manifest = {
      format: CAMPAIGN_FORMAT,
      formatVersion: 1,
      commit: opts.commit,
      appVersion: opts.appVersion,
      tool: opts.tool,
    };
    writeAtomic(manifestPath, JSON.stringify(m, null, 2) + '\n');
  }

  const stored = new Map<string, R>();
  const unreadable: string[] = [];
  for (const name of readdirSync(runs)) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    let f: RunFile<R>;
    try {
      f = JSON.parse(readFileSync(join(runs, name), 'utf8')) as RunFile<R>;
    } catch {
      unreadable.push(name);
      continue;
    }
    if (f.commit !== opts.commit)
      throw new UsageError(
        `campaign: ${join(runs, name)} was run by commit ${f.commit}, and this is commit ${opts.commit}; results of two commits are never mixed`,
      );
    if (typeof f.key === 'string' && fileName(opts.commit, f.key) === name)
      stored.set(f.key, nullsToNaN(f.result));
    else unreadable.push(name);
  }
  return {
    dir,
    found: stored.size,
    unreadable,
    get: (key) => stored.get(key),
    put(key, result) {
      const file: RunFile<R> = { commit: opts.commit, key, result };
      writeAtomic(join(runs, fileName(opts.commit, key)), stringifyJson(file, 1) + '\n');
      stored.set(key, result);
    },
  };
}

function fileName(commit: string, key: string): string {
  return `${createHash('sha256').update(`${commit}\n${key}`).digest('hex').slice(0, 24)}.json`;
}

/**
 * `npm run reproduce --campaign DIR`: `exec` of the scorecard's runs through the campaign
 * directory. A run (claim scenario, seed and the figures it measures) found in DIR is answered
 * from there; any other is run and stored as soon as it ends.
 */
export function campaignExec(
  dir: string,
  exec: (req: RunRequest, lane: number) => Promise<RunSummary>,
): (req: RunRequest, lane: number) => Promise<RunSummary> {
  const campaign = openCampaign<RunSummary>(dir, {
    commit: appCommit(),
    appVersion: appVersion(),
    tool: 'reproduce',
  });
  process.stderr.write(
    `reproduce: campaign ${dir}: ${campaign.found} runs stored` +
      (campaign.unreadable.length ? ` (${campaign.unreadable.length} unreadable, run again)` : '') +
      '\n',
  );
  const keyOf = (r: RunRequest) =>
    `reproduce ?${r.query}&seed=${r.seed}|needs=${[...r.needs].sort().join(',')}|vcQueue=${r.vcQueue ? 1 : 0}`;
  return async (req, lane) => {
    const key = keyOf(req);
    const stored = campaign.get(key);
    if (stored) return stored;
    const result = await exec(req, lane);
    campaign.put(key, result);
    return result;
  };
}
