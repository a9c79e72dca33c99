import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench -- --vs <commit-or-dir> [--rounds N]`: this tree's benchmark paired with
 * another tree's, a directory holding the project or a commit of this repository (checked out
 * in a temporary worktree that uses this tree's node_modules, removed after). Each round runs
 * the two benchmarks (`--no-reproduce`) one after the other in child processes, this one
 * first; per scenario line it prints the median wall time of each, and the speedup (the other's
 * time over this one's) round by round: its median, min and max. Pairing round by round is
 * what holds on a shared machine whose speed drifts; quote the median and the range.
 */
export function benchVs(target: string | undefined, argv: readonly string[]): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const r = argv.indexOf('--rounds');
  const rounds = r >= 0 ? Number(argv[r + 1]) : 3;
  if (target === undefined || target.startsWith('--') || !(rounds >= 1 && rounds <= 50)) {
    process.stderr.write('bench: --vs needs a commit or a directory; --rounds 1 to 50\n');
    process.exitCode = 2;
    return;
  }
  let dir = resolve(target);
  let worktree = false;
  if (!(existsSync(dir) && statSync(dir).isDirectory())) {
    const rev = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${target}^{commit}`], {
      cwd: root,
      encoding: 'utf8',
    });
    if (rev.status !== 0) {
      process.stderr.write(`bench: --vs ${target}: neither a directory nor a commit\n`);
      process.exitCode = 2;
      return;
    }
    dir = mkdtempSync(join(tmpdir(), 'bench-vs-'));
    rmSync(dir, { recursive: true });
    git(root, ['worktree', 'add', '--detach', dir, rev.stdout.trim()]);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    worktree = true;
  }
  try {
    const mine: Record<string, number>[] = [];
    const theirs: Record<string, number>[] = [];
    const lines = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < rounds; i++) {
      mine.push(times(runBench(root), lines));
      theirs.push(times(runBench(dir)));
      process.stderr.write(`bench --vs: round ${i + 1} of ${rounds}\n`);
    }
    for (const [name, line] of lines) {
      const pairs = mine
        .map((m, i) => [m[name], theirs[i][name]] as const)
        .filter(([a, b]) => a > 0 && b > 0);
      if (pairs.length === 0) continue;
      const ratios = pairs.map(([a, b]) => b / a).sort((x, y) => x - y);
      const med = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1];
      process.stdout.write(
        JSON.stringify({
          name,
          vs: target,
          rounds: pairs.length,
          wallSeconds: +med(pairs.map((p) => p[0])).toFixed(4),
          vsWallSeconds: +med(pairs.map((p) => p[1])).toFixed(4),
          speedup: +med(ratios).toFixed(3),
          speedupMin: +ratios[0].toFixed(3),
          speedupMax: +ratios[ratios.length - 1].toFixed(3),
          ...(line.kernel === undefined ? {} : { kernel: line.kernel }),
        }) + '\n',
      );
    }
  } finally {
    if (worktree) git(root, ['worktree', 'remove', '--force', dir]);
  }
}

function git(cwd: string, args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** The JSON lines of one benchmark run in `dir`. */
function runBench(dir: string): Record<string, unknown>[] {
  const r = spawnSync('npx', ['tsx', 'src/cli/bench.ts', '--no-reproduce'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  if (r.status !== 0) throw new Error(`bench in ${dir} failed: ${r.stderr}`);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Wall time by line name (the last line of each name), noting the lines in `keep`. */
function times(
  lines: Record<string, unknown>[],
  keep?: Map<string, Record<string, unknown>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) {
    const name = String(l.name);
    out[name] = Number(l.wallSeconds);
    if (keep && !keep.has(name)) keep.set(name, l);
  }
  return out;
}
