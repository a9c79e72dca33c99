// `vi.waitFor` with a ceiling that a loaded CI machine does not reach: vitest's default gives
// up after 1 s, and a worker that starts in 1.9 s on a busy 2-core machine failed a test that
// waits for its first batch. The test still waits for the state it asserts, never for time:
// it goes on the moment the state holds.
import { vi } from 'vitest';

export const WAIT_TIMEOUT_MS = 30_000;

export function waitFor<T>(
  fn: () => T | Promise<T>,
  opts: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(fn, { timeout: WAIT_TIMEOUT_MS, interval: 20, ...opts });
}
