/**
 * Reading and writing a whole link with the table of the app's keys (keys.ts): its scenario
 * keys are the model's (the codec's SCHEMA), the others the app's. `readLink` gives the page's
 * place and the keys it could not use; `writeLink` the query string that reopens a place;
 * `parseAppLink` the scenario of a link, its app keys skipped (the CLI's `--url`).
 */
import type { ParsedScenario, Scenario, ScenarioIssue } from '../sim';
import { parseScenario, toQuery } from '../sim';
import type { LinkCatalog } from './catalog';
import type { LinkField, LinkReading, LinkWriting } from './field';
import type { NavState } from './keys';
import { NAV_FIELDS } from './keys';

type Field = Exclude<keyof NavState, 'query'>;
const FIELDS = Object.keys(NAV_FIELDS) as Field[];

/** A change of `patch` alone: a navigation ('push') when it changes the scenario or a
 * history-worthy fact, else a rewrite of the current entry ('replace'). */
export const navModeOf = (patch: Partial<NavState>): 'push' | 'replace' =>
  (Object.keys(patch) as (keyof NavState)[]).some((k) => k === 'query' || NAV_FIELDS[k].history)
    ? 'push'
    : 'replace';

/** The places within a run, each at its default: another scenario resets them. */
export const perRunDefaults = (): Partial<NavState> =>
  Object.fromEntries(
    FIELDS.filter((f) => NAV_FIELDS[f].perRun).map((f) => [f, NAV_FIELDS[f].default]),
  );

/** A key of the link is one of the row's (or under a prefix of it). */
const owns = (keys: readonly string[], key: string) =>
  keys.some((k) => k === key || (k.endsWith('.') && key.startsWith(k)));

/** Every key of the app in a link, in the table's order ('b.' and 'sweep.' are prefixes). */
export const APP_KEYS: readonly string[] = FIELDS.flatMap((f) => NAV_FIELDS[f].keys);

/** True for a key of the app's (the table's, or one under a prefix of it: `b.policy`). */
export const isAppKey = (key: string): boolean => owns(APP_KEYS, key);

/** The scenario of a whole app link: its scenario keys, the app's keys skipped. */
export const parseAppLink = (link: string): ParsedScenario =>
  parseScenario(link, { ignoreKey: isAppKey });

function readField<K extends Field>(
  f: K,
  link: LinkReading<NavState>,
  app: [string, string][],
): NavState[K] {
  const row: LinkField<NavState[K], NavState> = NAV_FIELDS[f];
  if (app.some(([k]) => owns(row.keys, k))) return row.read(link);
  return row.fallback ? row.fallback(link) : row.default;
}

function writeField<K extends Field>(f: K, w: LinkWriting<NavState>): string[] {
  const row: LinkField<NavState[K], NavState> = NAV_FIELDS[f];
  return row.write(w.place[f], w);
}

export interface ReadLink {
  nav: NavState;
  /** The scenario of nav.query, as this reading parsed it (the page parses a link once). */
  scenario: Scenario;
  issues: ScenarioIssue[];
}

/** Reads `search` (with or without "?"). A bare link opens the catalogue's first preset. */
export function readLink(search: string, catalog: LinkCatalog): ReadLink {
  const params = new URLSearchParams(search);
  const app = [...params].filter(([k]) => isAppKey(k));
  for (const [k] of app) params.delete(k);
  if ([...params.keys()].length === 0) params.set('preset', catalog.firstPreset);
  const { scenario, errors } = parseScenario(params.toString());
  const issues: ScenarioIssue[] = [...errors];
  const read = new Map<Field, unknown>();
  const query = toQuery(scenario);
  const link: LinkReading<NavState> = {
    get: (key) => app.find(([k]) => k === key)?.[1] ?? null,
    prefixed: (prefix) =>
      app.filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]),
    warn: (key, message) => issues.push({ key, message }),
    scenario,
    preset: params.get('preset'),
    query,
    field: <K extends keyof NavState>(name: K): NavState[K] => {
      if (name === 'query') return query as NavState[K];
      const f = name as Field;
      if (!read.has(f)) read.set(f, readField(f, link, app));
      return read.get(f) as NavState[K];
    },
    catalog,
  };
  const nav: Partial<NavState> = { query };
  for (const f of FIELDS) Object.assign(nav, { [f]: link.field(f) });
  return { nav: nav as NavState, scenario, issues };
}

/** The query string (no "?") that reopens `place`. `networked`: the port key applies. */
export function writeLink(place: NavState, networked: boolean, catalog: LinkCatalog): string {
  const w = { place, networked, catalog };
  const pairs = FIELDS.flatMap((f) => writeField(f, w));
  return [place.query, ...pairs].join('&');
}
