/**
 * A pool of worker threads for the CLI (sweeps and the reproduction scorecard): one thread per
 * lane, each answering one message at a time. Under tsx (a .ts entry) each thread registers
 * tsx's loader before importing its module; a built copy imports the sibling .js file.
 */
import { Worker } from 'node:worker_threads';

/** What a worker module answers: the request's result, or an error message. */
export type WorkerReply<R> = { result: R } | { error: string };

export interface ThreadPool<T, R> {
  exec(item: T, lane: number): Promise<R>;
  close(): Promise<void>;
}

/**
 * Starts `lanes` threads of the worker module `file` (a path relative to this directory, as
 * "sweep-worker.ts"), each given `workerData`. `exec` posts one item to a lane and resolves
 * with its result; a thread that dies fails its pending item and every later one on its lane.
 */
export function threadPool<T, R>(
  file: string,
  lanes: number,
  workerData: unknown,
): ThreadPool<T, R> {
  const url = new URL(`./${file}`, import.meta.url);
  const workers: Worker[] = [];
  const pending: ({ resolve(m: WorkerReply<R>): void; reject(e: Error): void } | null)[] = [];
  const dead: (Error | null)[] = [];
  for (let i = 0; i < lanes; i++) {
    const w = import.meta.url.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
            `.then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`,
          { eval: true, workerData },
        )
      : new Worker(new URL(`./${file.replace(/\.ts$/, '.js')}`, import.meta.url), { workerData });
    pending.push(null);
    dead.push(null);
    const fail = (e: Error) => {
      dead[i] ??= e;
      const p = pending[i];
      pending[i] = null;
      p?.reject(e);
    };
    w.on('message', (m: WorkerReply<R>) => {
      const p = pending[i];
      pending[i] = null;
      p?.resolve(m);
    });
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`worker ${i} exited (code ${code})`)));
    workers.push(w);
  }
  return {
    exec(item: T, lane: number): Promise<R> {
      return new Promise<WorkerReply<R>>((resolve, reject) => {
        const err = dead[lane];
        if (err) return reject(err);
        pending[lane] = { resolve, reject };
        workers[lane].postMessage(item);
      }).then((m) => {
        if ('error' in m) throw new Error(m.error);
        return m.result;
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Answers each message of the parent with `handle(message)` (the body of a worker module). */
export function serve<T, R>(
  port: import('node:worker_threads').MessagePort,
  handle: (item: T) => R,
): void {
  port.on('message', (item: T) => {
    let reply: WorkerReply<R>;
    try {
      reply = { result: handle(item) };
    } catch (e) {
      reply = { error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
