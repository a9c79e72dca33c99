import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import pkg from '../../../package.json';
import { APP_COMMIT } from '../../../src/version';

/** The commit of this checkout, as the CLIs read it; the build's (Vite's define) agrees. */
const COMMIT = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

const run = promisify(execFile);
const TSX = 'node_modules/.bin/tsx';

async function sim(args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['src/cli/sim.ts', ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('npm run sim', () => {
  it('prints one JSON object with the documented fields', async () => {
    const r = await sim(['--preset', 's2-deadlock', '--duration', '2', '--seed', '3', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual([
      'app',
      'cells',
      'cellsPerSecond',
      'metrics',
      'ports',
      'run',
      'scenario',
      'wallSeconds',
    ]);
    // Self-describing: the app, its version and commit, and the simulated time covered.
    expect(out.app).toEqual({ name: 'tcp-over-atm-lab', version: pkg.version, commit: COMMIT });
    expect(out.run).toEqual({ complete: true, simulatedSeconds: 2 });
    expect(COMMIT).toMatch(/^[0-9a-f]{7,}$/);
    expect(APP_COMMIT).toBe(COMMIT);
    // One switch output port in the single topology, its counters those of the whole run.
    expect(out.ports).toHaveLength(1);
    expect(Object.keys(out.ports[0]).sort()).toEqual([
      'bufferCells',
      'cellsDropped',
      'cellsIn',
      'cellsOut',
      'efficiency',
      'fairness',
      'id',
      'maxOccupancy',
      'node',
      'policy',
    ]);
    expect(out.ports[0].cellsDropped).toBe(out.cells.dropped);
    expect(out.ports[0].cellsOut).toBe(out.cells.delivered);
    expect(out.ports[0].efficiency).toBeCloseTo(out.metrics.efficiency, 12);
    expect(out.scenario.duration).toBe(2);
    expect(out.scenario.seed).toBe(3);
    expect(out.scenario.query).toContain('cbrMbps=60');
    for (const k of [
      'efficiency',
      'fairness',
      'clr',
      'fer',
      'deadCellRatio',
      'idleCellRatio',
      'prr',
      'goodputMbps',
      'deadlocks',
      'deadlockSeconds',
      'deadlockSecondsMean',
      'deadlockSecondsWorst',
      'bufferEmptyEpisodes',
      'receiveGaps',
      'receiveGapSeconds',
      'maxRtoSeconds',
      'maxRtoSampledSeconds',
    ])
      expect(typeof out.metrics[k]).toBe('number');
    expect(Object.keys(out.metrics.perConnection[0]).sort()).toEqual(
      [
        'deadlockSeconds',
        'fastRetransmits',
        'goodputMbps',
        'maxRtoSampledSeconds',
        'maxRtoSeconds',
        'segmentsRetransmitted',
        'segmentsSent',
        'timeouts',
      ].sort(),
    );
    for (const k of ['offered', 'accepted', 'dropped', 'delivered', 'inFlight', 'droppedByReason'])
      expect(out.cells).toHaveProperty(k);
    expect(out.cells.offered).toBe(out.cells.delivered + out.cells.dropped + out.cells.inFlight);
  });

  it('gives the same metrics for a URL as for the preset it came from', async () => {
    const a = JSON.parse((await sim(['--preset', 's0-ppd', '--duration', '3', '--json'])).stdout);
    const b = JSON.parse(
      (await sim(['--url', `http://localhost:5173/?${a.scenario.query}`, '--json'])).stdout,
    );
    expect(b.metrics).toEqual(a.metrics);
    expect(b.cells).toEqual(a.cells);
  });

  it('prints a readable table', async () => {
    const r = await sim(['--url', '?duration=1&policy=ppd', '--set', 'bufferCells=725']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/efficiency\s+\d+\.\d+ %/);
    expect(r.stdout).toContain('?v=1&bufferCells=725&policy=ppd&duration=1');
  });

  it.each([
    [['--url', '?bufferCells=-1'], /bufferCells: "-1" is not an integer from 1 to 600000 cells/],
    [['--set', 'policy=wred'], /policy: "wred" is not one of tail-drop, ppd, epd, sd, fba/],
    [['--preset', 'nope'], /unknown preset "nope"/],
    [['--set', 'epdB=1', '--set', 'epdThreshold=10'], /epdB: given together with epdThreshold/],
    [['--frobnicate'], /unknown option --frobnicate/],
    [['--seed'], /--seed needs a value/],
  ])('bad input %j exits 2 with a message and no stack trace', async (args, message) => {
    const r = await sim(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});
