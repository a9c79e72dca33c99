// Sweeps that survive a crash: `npm run sweep -- ... --campaign DIR` writes each finished run
// into DIR as it ends. The sweep process is really killed (SIGKILL, no chance to clean up)
// after 1, 3 and 5 run files have appeared; each rerun resumes, and the final --out files are
// byte for byte those of a sweep that was never interrupted.
import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/sweep';

const dir = mkdtempSync(join(tmpdir(), 'campaign-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const f = (name: string) => join(dir, name);
const COMMIT = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

// 3 values × 2 policies × 2 seeds = 12 runs of 1.5 s of model time each.
const SWEEP = [
  '--preset',
  's0-testbed',
  '--param',
  'bufferCells=725:2175:725',
  '--policies',
  'tail-drop,epd',
  '--seeds',
  '2',
  '--set',
  'duration=1.5',
  '--workers',
  '2',
];
const TOTAL = 12;

/** One process (node with tsx's loader, no wrapper process), so SIGKILL kills the sweep and
 * its worker threads at once. */
function start(args: string[], cli = 'src/cli/sweep.ts'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function finish(
  child: ChildProcess,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
}

const runFiles = (campaign: string): string[] => {
  try {
    return readdirSync(join(campaign, 'runs')).filter(
      (n) => n.endsWith('.json') && !n.startsWith('.'),
    );
  } catch {
    return [];
  }
};

/** Starts the sweep and SIGKILLs it as soon as at least `after` run files are in `campaign`. */
async function killAfter(campaign: string, after: number) {
  const child = start([...SWEEP, '--campaign', campaign, '--out', f('never.json')]);
  const done = finish(child);
  let seen = -1;
  const timer = setInterval(() => {
    const n = runFiles(campaign).length;
    if (n >= after && seen < 0) {
      seen = n;
      child.kill('SIGKILL');
    }
  }, 2);
  const r = await done;
  clearInterval(timer);
  return { ...r, seen };
}

describe('npm run sweep --campaign', () => {
  it('killed with SIGKILL after 1, 3 and 5 finished runs, resumes to byte-identical output', async () => {
    const campaign = f('campaign');
    // The reference: the same sweep, never interrupted, no campaign.
    const ref = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/sweep.ts', ...SWEEP, '--out', f('ref.json')],
      { timeout: 120_000 },
    );
    expect(ref.stderr).toMatch(/wrote /);
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/sweep.ts', ...SWEEP, '--out', f('ref.csv')],
      { timeout: 120_000 },
    );

    const before: number[] = [];
    for (const after of [1, 3, 5]) {
      const k = await killAfter(campaign, after);
      // Really killed mid-sweep: by the signal, with runs left to do.
      expect(k.signal).toBe('SIGKILL');
      expect(k.seen).toBeGreaterThanOrEqual(after);
      expect(k.seen).toBeLessThan(TOTAL);
      const m = /campaign \S+: (\d+) of 12 runs already done, (\d+) to run/.exec(k.stderr);
      expect(m, k.stderr).not.toBeNull();
      before.push(Number(m![1]));
      // Every run file there is whole (written to a temporary name, then renamed).
      for (const name of runFiles(campaign)) {
        const run = JSON.parse(readFileSync(join(campaign, 'runs', name), 'utf8'));
        expect(run.commit).toBe(COMMIT);
        expect(Object.keys(run.result)).toEqual(['efficiency', 'fairness']);
      }
    }
    // Each restart found what the killed runs had finished.
    expect(before[0]).toBe(0);
    expect(before[1]).toBeGreaterThanOrEqual(1);
    expect(before[2]).toBeGreaterThanOrEqual(3);
    expect(before[2]).toBeGreaterThan(before[1]);

    // The last rerun finishes the sweep.
    const last = await finish(start([...SWEEP, '--campaign', campaign, '--out', f('out.json')]));
    expect(last.code).toBe(0);
    const m = /(\d+) of 12 runs already done, (\d+) to run/.exec(last.stderr)!;
    expect(Number(m[1])).toBeGreaterThanOrEqual(5);
    expect(Number(m[1]) + Number(m[2])).toBe(TOTAL);
    expect(runFiles(campaign)).toHaveLength(TOTAL);

    const want = readFileSync(f('ref.json'));
    expect(parseJson(want.toString()).complete).toBe(true);
    expect(readFileSync(f('out.json')).equals(want)).toBe(true);
    // A rerun with everything done runs nothing, and writes the CSV of the same sweep.
    const again = await finish(start([...SWEEP, '--campaign', campaign, '--out', f('out.csv')]));
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/12 of 12 runs already done, 0 to run/);
    expect(readFileSync(f('out.csv')).equals(readFileSync(f('ref.csv')))).toBe(true);
  });

  it('refuses a campaign directory of another commit (exit 2), and ignores unreadable files', async () => {
    const campaign = f('campaign');
    const manifest = join(campaign, 'campaign.json');
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    expect(m.commit).toBe(COMMIT);
    writeFileSync(manifest, JSON.stringify({ ...m, commit: 'deadbee' }));
    const r = await finish(start([...SWEEP, '--campaign', campaign, '--out', f('x.json')]));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`holds runs of commit deadbee, and this is commit ${COMMIT}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    writeFileSync(manifest, JSON.stringify(m));

    // A run file cut short (not one this app writes) is run again, not trusted.
    const name = runFiles(campaign)[0];
    writeFileSync(join(campaign, 'runs', name), '{"commit": "');
    const r2 = await finish(start([...SWEEP, '--campaign', campaign, '--out', f('y.json')]));
    expect(r2.code).toBe(0);
    expect(r2.stderr).toMatch(/11 of 12 runs already done, 1 to run \(1 unreadable run files/);
    expect(readFileSync(f('y.json')).equals(readFileSync(f('ref.json')))).toBe(true);
  });
});

describe('npm run reproduce --campaign', () => {
  const CLAIMS = ['--claim', 's2-stop-and-go', '--claim', 's2-pattern-b-rto', '--json'];
  const CLI = 'src/cli/reproduce.ts';
  /** The claim lines (the summary line also holds the wall time, so it is left out). */
  const claimLines = (out: string) => out.trim().split('\n').slice(0, -1).join('\n');

  async function output(child: ChildProcess) {
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const r = await finish(child);
    return { ...r, stdout };
  }

  it('killed after 2 stored runs, resumes and gives the same verdicts and figures', async () => {
    const campaign = f('reproduce');
    const ref = await output(start([...CLAIMS, '--workers', '1'], CLI));
    expect(ref.code).toBe(0);
    // The first round's runs, and those on extra seeds where the claim's seeds disagree.
    const planned =
      Number(/(\d+) runs\b/.exec(ref.stderr)![1]) +
      [...ref.stderr.matchAll(/(\d+) more runs on extra seeds/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    expect(planned).toBeGreaterThan(2);

    const child = start([...CLAIMS, '--workers', '1', '--campaign', campaign], CLI);
    const done = output(child);
    const timer = setInterval(() => {
      if (runFiles(campaign).length >= 2) child.kill('SIGKILL');
    }, 2);
    const killed = await done;
    clearInterval(timer);
    expect(killed.signal).toBe('SIGKILL');
    const stored = runFiles(campaign).length;
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(stored).toBeLessThan(planned);

    const resumed = await output(start([...CLAIMS, '--workers', '1', '--campaign', campaign], CLI));
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`campaign ${campaign}: ${stored} runs stored`);
    expect(runFiles(campaign)).toHaveLength(planned);
    expect(claimLines(resumed.stdout)).toBe(claimLines(ref.stdout));
    expect(claimLines(ref.stdout).split('\n')).toHaveLength(2);
  });
});
