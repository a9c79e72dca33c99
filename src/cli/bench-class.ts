/**
 * `npm run bench:class [-- --students 30,100,300] [--spread 2]`: a lecture hall on loopback.
 * The class server runs as a child process (the `npm run classroom` entry, so its memory is
 * its own); this process plays the projector and N students (WebSocket clients).
 *
 * For each N, in a new room: the students join; the host opens a scale question; in round 1
 * every student answers at once (a burst), in round 2 (after "vote again") at random moments
 * over `--spread` seconds. Each student answers a value no one else gives, so the host's tally
 * shows exactly when an answer is in it. Latency is from a student's send to the first tally
 * at the host that contains it. "lost" counts answers never acknowledged or missing from the
 * final tally (must be 0). Memory: the server's RSS and JS heap after a garbage collection,
 * once all N students have answered both rounds (answers live in SQLite; RAM holds tallies).
 *
 * Prints a table, then one line of JSON. Exits 0 whatever the figures (a benchmark), 1 if the
 * measurement failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { CreateRoomResponse } from '../classroom/protocol';
import { WS_PATH } from '../classroom/protocol';
import type { Child } from '../server/spawn';
import { spawnServer } from '../server/spawn';

type Json = Record<string, unknown>;

const MB = 1024 * 1024;
const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

/** A WebSocket that resolves `wait(pred)` on the first matching message from now on. */
class Client {
  private waiters: Array<{ pred: (m: Json) => boolean; resolve: (m: Json) => void }> = [];
  onMessage: ((m: Json, at: number) => void) | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const at = performance.now();
      const m = JSON.parse(String(d)) as Json;
      this.onMessage?.(m, at);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
  }
  static open(base: string): Promise<Client> {
    const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH);
    return new Promise((res, rej) => {
      ws.once('open', () => res(new Client(ws)));
      ws.once('error', rej);
    });
  }
  send(m: Json): void {
    this.ws.send(JSON.stringify(m));
  }
  wait(pred: (m: Json) => boolean, timeoutMs = 30_000): Promise<Json> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }
  request(m: Json, type: string): Promise<Json> {
    const p = this.wait((x) => x.type === type || x.type === 'error');
    this.send(m);
    return p.then((r) => {
      if (r.type === 'error') throw new Error(`${String(m.type)}: ${String(r.message)}`);
      return r;
    });
  }
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

interface Phase {
  students: number;
  phase: 'burst' | 'spread';
  p50: number;
  p95: number;
  max: number;
  lost: number;
}

/** One round: every student answers (at once, or spread over `spreadMs`); latencies to the tally. */
async function round(
  host: Client,
  students: Client[],
  round: number,
  spreadMs: number,
): Promise<{ latencies: number[]; lost: number }> {
  const n = students.length;
  const sentAt = new Map<number, number>();
  const seen = new Map<number, number>();
  let finalValues: number[] = [];
  const allSeen = new Promise<void>((resolve) => {
    host.onMessage = (m, at) => {
      if (m.type !== 'tally' || m.round !== round) return;
      finalValues = m.values as number[];
      for (const v of finalValues)
        if (!seen.has(v) && sentAt.has(v)) seen.set(v, at - sentAt.get(v)!);
      if (seen.size === n) resolve();
    };
  });
  let acked = 0;
  const acks = students.map((s) =>
    s
      .wait((m) => m.type === 'ack' || m.type === 'error')
      .then((m) => {
        if (m.type === 'ack') acked++;
      }),
  );
  const sendOne = (s: Client, i: number) => {
    const value = i + 1;
    sentAt.set(value, performance.now());
    s.send({ type: 'answer', qid: 'bench', round, value, seq: round });
  };
  if (spreadMs === 0) students.forEach(sendOne);
  else
    await Promise.all(
      students.map(
        (s, i) =>
          new Promise<void>((r) =>
            setTimeout(() => (sendOne(s, i), r()), Math.random() * spreadMs),
          ),
      ),
    );
  await Promise.race([Promise.all([allSeen, ...acks]), new Promise((r) => setTimeout(r, 20_000))]);
  host.onMessage = null;
  const inFinal = new Set(finalValues);
  let counted = 0;
  for (let i = 1; i <= n; i++) if (inFinal.has(i)) counted++;
  const lost = Math.max(n - acked, n - counted);
  return { latencies: [...seen.values()], lost };
}

async function measure(
  server: Child,
  n: number,
  spreadMs: number,
): Promise<{
  phases: Phase[];
  rss: number;
  heap: number;
  batches: number;
  writes: number;
  commitMs: number;
  maxCommitMs: number;
}> {
  const before = await server.memory();
  const room = (await (
    await fetch(`${server.url}/class/api/rooms`, { method: 'POST' })
  ).json()) as CreateRoomResponse;
  const host = await Client.open(server.url);
  await host.request(
    { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
    'welcome',
  );
  const students = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const s = await Client.open(server.url);
      await s.request(
        {
          type: 'hello',
          role: 'student',
          room: room.code,
          student: `bench-${n}-${i}-${'x'.repeat(8)}`,
        },
        'welcome',
      );
      return s;
    }),
  );
  await host.request(
    {
      type: 'open',
      question: { qid: 'bench', prompt: 'A value', kind: 'scale', min: 0, max: n + 1, step: 1 },
    },
    'tally',
  );
  const phases: Phase[] = [];
  const r1 = await round(host, students, 1, 0);
  phases.push({
    students: n,
    phase: 'burst',
    p50: pct(r1.latencies, 50),
    p95: pct(r1.latencies, 95),
    max: Math.max(...r1.latencies),
    lost: r1.lost,
  });
  await host.request({ type: 'revote', qid: 'bench' }, 'tally');
  const r2 = await round(host, students, 2, spreadMs);
  phases.push({
    students: n,
    phase: 'spread',
    p50: pct(r2.latencies, 50),
    p95: pct(r2.latencies, 95),
    max: Math.max(...r2.latencies),
    lost: r2.lost,
  });
  const after = await server.memory();
  for (const s of students) s.ws.close();
  host.ws.close();
  return {
    phases,
    rss: after.rss,
    heap: after.heapUsed,
    batches: after.stats.batches - before.stats.batches,
    writes: after.stats.writes - before.stats.writes,
    commitMs: after.stats.commitMs - before.stats.commitMs,
    maxCommitMs: after.stats.maxCommitMs,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '30,100,300' },
      spread: { type: 'string', default: '2' },
    },
  });
  const counts = values.students.split(',').map((s) => Number(s.trim()));
  if (counts.some((c) => !Number.isInteger(c) || c < 1 || c > 5000))
    throw new Error(
      `--students must be a comma-separated list of 1..5000, not "${values.students}"`,
    );
  const spreadMs = Number(values.spread) * 1000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-class-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>bench</title>');
  const server = await spawnServer([
    '--port',
    '0',
    '--db',
    path.join(dir, 'class.sqlite'),
    '--dist',
    path.join(dir, 'dist'),
  ]);
  const base = await server.memory();
  console.log(
    `class server pid ${server.proc.pid} on ${server.url}; ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `server at start: RSS ${fmt(base.rss / MB)} MB, heap ${fmt(base.heapUsed / MB)} MB\n`,
  );
  console.log(
    'students  phase    p50 ms  p95 ms  max ms  lost  commits/writes  commit ms (sum, max)  server RSS MB  heap MB',
  );
  const runs: Array<Phase & { rssMB: number; heapMB: number; commits: number; writes: number }> =
    [];
  try {
    for (const n of counts) {
      const r = await measure(server, n, spreadMs);
      for (const p of r.phases) {
        runs.push({
          ...p,
          rssMB: r.rss / MB,
          heapMB: r.heap / MB,
          commits: r.batches,
          writes: r.writes,
        });
        console.log(
          `${String(n).padStart(8)}  ${p.phase.padEnd(6)} ${fmt(p.p50).padStart(7)} ${fmt(p.p95).padStart(7)} ${fmt(p.max).padStart(7)} ${String(p.lost).padStart(5)}  ${`${r.batches}/${r.writes}`.padStart(15)}  ${`${fmt(r.commitMs, 0)}, ${fmt(r.maxCommitMs)}`.padStart(20)}  ${fmt(r.rss / MB).padStart(13)} ${fmt(r.heap / MB).padStart(8)}`,
        );
      }
    }
  } finally {
    server.proc.kill('SIGINT');
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\ntarget: p95 <= 200 ms at 300 students, 0 lost. Latency = a student's send to the projector's tally containing it (server + this process's ${counts.at(-1)} clients on one machine).`,
  );
  console.log(JSON.stringify({ bench: 'class', loadavg: os.loadavg(), runs }));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`bench:class failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
