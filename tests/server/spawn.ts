// Runs `src/server/classroom.ts` (the `npm run classroom` entry) as a child process, as a user
// would, and learns its port over IPC; for the SIGKILL test and the benchmark.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ENTRY = path.resolve(import.meta.dirname, '../../src/server/classroom.ts');

export interface Child {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  /** Memory of the server process (rss, heapUsed in bytes) over IPC. */
  memory: () => Promise<{ rss: number; heapUsed: number }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(args: string[]): Promise<Child> {
  const proc = fork(ENTRY, ['--host', '127.0.0.1', '--qr', 'none', ...args], {
    execArgv: ['--import', 'tsx'],
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
            const on = (r: { type?: string; rss: number; heapUsed: number }) => {
              if (r.type !== 'memory') return;
              proc.off('message', on);
              res({ rss: r.rss, heapUsed: r.heapUsed });
            };
            proc.on('message', on);
            proc.send({ type: 'memory' });
          }),
      });
    });
  });
}
