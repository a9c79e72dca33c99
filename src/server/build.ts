/**
 * `npm run classroom` serves the built app: it builds it first (`vite build` in a child
 * process) when dist/ is missing or older than any of the sources.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

/** Node-only code, never in the page: changing it needs no new build. */
const NOT_IN_APP = ['src/server', 'src/cli'];

/** The newest modification time of a file, or of any file under a folder (0: none). */
function newestMtime(p: string, root: string): number {
  if (NOT_IN_APP.includes(path.relative(root, p).split(path.sep).join('/'))) return 0;
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e), root));
  return newest;
}

/** Why dist/ must be (re)built, or null if it is up to date. */
export function staleReason(root: string, distDir: string): string | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return `${path.relative(root, distDir) || distDir} has no build`;
  const built = fs.statSync(index).mtimeMs;
  for (const s of SOURCES)
    if (newestMtime(path.join(root, s), root) > built) return `${s} changed since the last build`;
  return null;
}

/** Runs `vite build` (the app at the site root) into `distDir`; rejects if it fails. */
export function viteBuild(root: string, distDir: string): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const env = { ...process.env };
  // The class server serves the app at "/", whatever a deployment's BASE_PATH is.
  delete env.BASE_PATH;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit ${code}`})`)),
    );
  });
}
