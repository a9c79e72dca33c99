/**
 * Runs the `npm run classroom` entry (classroom.ts) as a child process, as a user would, and
 * learns its port over IPC: for the SIGKILL test and `npm run bench:class`, which measure the
 * server apart from their own clients.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ClassServer } from './server';

export const ENTRY = path.resolve(import.meta.dirname, 'classroom.ts');

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  /** Transactions committed and the writes in them (group commit). */
  stats: ReturnType<ClassServer['stats']>;
}

export interface Child {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  /** Memory of the server process after a garbage collection (bytes), over IPC. */
  memory: () => Promise<ServerMemory>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(args: string[]): Promise<Child> {
  const proc = fork(ENTRY, ['--host', '127.0.0.1', '--qr', 'none', ...args], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  proc.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error(`server exited before listening:\n${out}`));
    proc.once('exit', onExit);
    proc.on('message', (m: { type?: string; port?: number; url?: string }) => {
      if (m.type !== 'listening') return;
      proc.off('exit', onExit);
      resolve({
        proc,
        url: m.url!,
        port: m.port!,
        output: () => out,
        exited,
        memory: () =>
          new Promise((res) => {
            const on = (r: ServerMemory & { type?: string }) => {
              if (r.type !== 'memory') return;
              proc.off('message', on);
              res({ rss: r.rss, heapUsed: r.heapUsed, stats: r.stats });
            };
            proc.on('message', on);
            proc.send({ type: 'memory' });
          }),
      });
    });
  });
}
