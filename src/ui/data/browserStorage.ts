/**
 * The browser's localStorage, where the app keeps what a person chose (panels open or closed,
 * lesson progress, challenge attempts, finished sweep points). Nothing is ever sent anywhere.
 * Storage that is missing or throws (private mode, a full quota) leaves the app working without
 * memory: `browserStorage()` is then null and `readChoice`/`writeChoice` do nothing.
 */

/** localStorage, or null where there is none or it throws. */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The value stored under `key`, or null (also when storage is unavailable). */
export function readChoice(key: string): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; without storage the choice lasts for this page only. */
export function writeChoice(key: string, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    // storage full or blocked: nothing else to do
  }
}
