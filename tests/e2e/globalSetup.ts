// Once per e2e run: the app is built as `npm run build` builds it (production bundles, the
// service worker included) and served from one static server on loopback, for every e2e file.
// The tests drive what a deployment serves, and each page loads a handful of bundles instead
// of the dev server's hundreds of modules (the dev server's per-file start and per-page
// transforms made the e2e project most of CI's time on a busy machine). The dev server itself
// is still checked where it matters (deploy.test.ts: `vite` dev registers no service worker).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp, serveStatic } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the shared static server of the built app (base `/`). */
    appOrigin: string;
    /** The directory of that build (a test that serves it itself: the class server). */
    appDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'atm-lab-e2e-'));
  try {
    await buildApp(dir, '/');
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const server = await serveStatic(dir, '/', { log: false });
  project.provide('appOrigin', server.origin);
  project.provide('appDir', dir);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
