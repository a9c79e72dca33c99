// `npm run reproduce`: JSON lines in the documented form, the committed scorecard's lines for
// the same claims, a table grouped by paper, the progress bar on stderr, and bad input named.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ClaimResult } from '../../../src/reproduce/types';
import scorecard from '../../../src/reproduce/scorecard.json';

const run = promisify(execFile);
const TSX = 'node_modules/.bin/tsx';

async function reproduce(args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['src/cli/reproduce.ts', ...args], {
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('npm run reproduce', () => {
  it('--json prints a line per claim, then the summary, equal to the committed lines', async () => {
    const r = await reproduce([
      '--claim',
      's2-stop-and-go',
      '--claim',
      's2-pattern-b-rto',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const committed = new Map((scorecard.claims as ClaimResult[]).map((c) => [c.id, c]));
    for (const l of lines.slice(0, 2)) {
      const c = JSON.parse(l) as ClaimResult;
      expect(Object.keys(c)).toEqual([
        'id',
        'paper',
        'ref',
        'kind',
        'metric',
        'published',
        'band',
        'model',
        'verdict',
        'explanation',
        'seeds',
        'perSeed',
        'spread',
        'seedVerdicts',
        'seedSensitive',
        'explanationHolds',
      ]);
      expect(l).toBe(JSON.stringify(committed.get(c.id)));
    }
    const summary = JSON.parse(lines[2]).summary;
    expect(Object.keys(summary)).toEqual([
      'claims',
      'within',
      'trend',
      'miss',
      'seedSensitive',
      'seconds',
    ]);
    expect(summary.claims).toBe(2);
    expect(summary.within + summary.trend + summary.miss).toBe(2);
    // Progress goes to stderr as a bar.
    expect(r.stderr).toMatch(/reproduce: \[#+-*\] \d+\/\d+ runs/);
  });

  it('prints a table grouped by paper, with counts and the explanation of a miss', async () => {
    const r = await reproduce([
      '--claim',
      's2-stop-and-go',
      '--claim',
      's2-fig7-1mbps-cbr-deadlock',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^S2 {2}Nakanishi/);
    expect(r.stdout).toContain('2 claims: 1 within, 0 trend, 1 miss');
    expect(r.stdout).toMatch(/miss {3}s2-fig7-1mbps-cbr-deadlock/);
    expect(r.stdout).toContain('↳ With 1 Mbit/s of CBR');
    // Every claim with its spread over the seeds: each seed's figure, mean, sd, range.
    const c = (scorecard.claims as ClaimResult[]).find(
      (x) => x.id === 's2-fig7-1mbps-cbr-deadlock',
    )!;
    expect(r.stdout).toContain(
      `seeds n = ${c.seeds.length}: ${(c.perSeed as number[]).map((v) => Number(v.toFixed(3))).join(', ')} —`,
    );
  });

  it.each([
    [['--paper', 'S9'], /^error: paper: unknown paper "S9"/m],
    [['--claim', 'nope'], /^error: claim: unknown claim "nope"/m],
    [['--workers', 'many'], /^error: workers: "many" is not an integer/m],
    [['--frob'], /^error: frob: unknown option/m],
    [['--write', '--paper', 'S2'], /^error: write: the scorecard file holds every claim/m],
    [['--shard', '1/2'], /^error: shard: needs --campaign DIR/m],
    [['--shard', '3/2', '--campaign', 'x'], /^error: shard: "3\/2" has i outside 1\.\.2/m],
  ])('bad input %j exits 2 naming the option', async (args, message) => {
    const r = await reproduce(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('--shard I/N runs a part of the runs into a campaign; the run without it finds them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reproduce-shards-'));
    const claims = ['--claim', 's2-stop-and-go', '--claim', 's2-pattern-b-rto'];
    try {
      const a = await reproduce([...claims, '--campaign', dir, '--shard', '1/2']);
      const b = await reproduce([...claims, '--campaign', dir, '--shard', '2/2']);
      expect([a.code, b.code]).toEqual([0, 0]);
      expect(a.stdout).toBe('');
      const ran = (r: { stderr: string }) => Number(/shard \d\/2: (\d+) runs/.exec(r.stderr)?.[1]);
      const total = ran(a) + ran(b);
      expect(Math.abs(ran(a) - ran(b))).toBeLessThanOrEqual(1);
      const all = await reproduce([...claims, '--campaign', dir, '--json']);
      expect(all.code).toBe(0);
      // Every run of the claims' first round was stored by the shards.
      expect(all.stderr).toContain(`campaign ${dir}: ${total} runs stored`);
      const lines = all.stdout.trim().split('\n');
      const committed = new Map((scorecard.claims as ClaimResult[]).map((c) => [c.id, c]));
      for (const l of lines.slice(0, 2))
        expect(l).toBe(JSON.stringify(committed.get((JSON.parse(l) as ClaimResult).id)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--list names every claim with its paper and reference', async () => {
    const r = await reproduce(['--list']);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows).toHaveLength(scorecard.claims.length);
    expect(rows[0]).toMatch(/^s0-fig2-ubr-1088\tS0\tvalue\tFig\. 2, §4\.1$/);
  });
});
