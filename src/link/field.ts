/**
 * What a row of the link-key table (keys.ts) is, and the small readers its rows share. A row
 * is one fact of the page's place: the keys it owns in a link, its value when the link has none
 * of them, how it is read and written, and whether a change of it is a navigation of its own.
 */
import type { Scenario } from '../sim';
import { quoteValue } from '../sim';
import type { LinkCatalog } from './catalog';

/** A link being read: its values, the scenario it holds, and the place's other facts. */
export interface LinkReading<Place> {
  /** The value of one of the row's keys (the first, if repeated), or null when absent. */
  get(key: string): string | null;
  /** The row's pairs under a prefix key (`b.`), the prefix cut off, in the link's order. */
  prefixed(prefix: string): [string, string][];
  /** Reports a value the row cannot use (the message names the key). */
  warn(key: string, message: string): void;
  /** The scenario keys of the link (without the app's), parsed. */
  scenario: Scenario;
  /** The link's own `preset=` key, if any. */
  preset: string | null;
  /** The scenario, normalised. */
  query: string;
  /** Another fact of the place (read on first use). */
  field<K extends keyof Place>(name: K): Place[K];
  catalog: LinkCatalog;
}

/** What a row's writer knows beside its value. */
export interface LinkWriting<Place> {
  place: Place;
  /** The scenario is a network: the port key applies. */
  networked: boolean;
  catalog: LinkCatalog;
}

export interface LinkField<T, Place> {
  /** Its keys in a link; one ending in '.' is a prefix (`b.policy`, `sweep.param`). */
  keys: readonly string[];
  /** A change of it alone is a navigation: it adds a history entry that Back returns to (else
   * it rewrites the current entry, as the speed, the theme and the cursor do). */
  history: boolean;
  /** A place within the run (the cursor, the zoom, the drop): another scenario clears it. */
  perRun?: boolean;
  /** Its value when the link has none of its keys. */
  default: T;
  /** Its value when the link has none of its keys, where that depends on the scenario (the
   * preset it started from); else `default`. */
  fallback?(link: LinkReading<Place>): T;
  /** Its value in a link that has one of its keys (the default for an unusable value). */
  read(link: LinkReading<Place>): T;
  /** Its `key=value` pairs in a link (none when it is its default or does not apply). */
  write(value: T, w: LinkWriting<Place>): string[];
}

/** 1 / true / empty → true; 0 / false / absent → false; else false and a message. */
export function readFlag(
  key: string,
  link: { get(k: string): string | null; warn(k: string, m: string): void },
): boolean {
  const v = link.get(key);
  if (v === null) return false;
  if (v === '1' || v === 'true' || v === '') return true;
  if (v !== '0' && v !== 'false') link.warn(key, `${key}: ${quoteValue(v)} is not 1 or 0; ignored`);
  return false;
}

/** A flag key: absent or 0 by default, `key=1` when set. */
export function flag<Place>(key: string, history: boolean): LinkField<boolean, Place> {
  return {
    keys: [key],
    history,
    default: false,
    read: (link) => readFlag(key, link),
    write: (v) => (v ? [`${key}=1`] : []),
  };
}

/** A time in seconds as the link holds it: plain decimals, no exponent or sign. */
export const TIME = /^\d+(\.\d+)?$|^\.\d+$/;

/** Seconds for a link, exactly (it reads back as the same number): plain decimals. */
export function secs(t: number): string {
  const s = String(t);
  return /e/i.test(s) ? t.toFixed(100).replace(/\.?0+$/, '') : s;
}

/** The run's end as a message gives it. */
export const runEnd = (duration: number) => `${+duration.toFixed(6)} s`;
