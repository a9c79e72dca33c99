/**
 * What built this copy of the app: its name and version (package.json, the one source of the
 * version) and the git commit it was built from. The commit is set at build time by Vite's
 * `define` (vite.config.ts: `git rev-parse --short HEAD`, "unknown" without git); code run
 * without Vite (the CLIs under tsx) reads it from git at run time (src/cli/args.ts).
 */
import { name, version } from '../package.json';

declare const __APP_COMMIT__: string | undefined;

export const APP_NAME: string = name;
export const APP_VERSION: string = version;
/** The short commit hash the bundle was built from, or "unknown". */
export const APP_COMMIT: string =
  typeof __APP_COMMIT__ === 'string' && __APP_COMMIT__ !== '' ? __APP_COMMIT__ : 'unknown';
