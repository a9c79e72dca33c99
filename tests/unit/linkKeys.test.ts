// One place for each key of the app's links: every row of the link-key table (src/link/keys.ts)
// is read by each of its readers. The page reads the link into its place and writes it back the
// same (src/ui/urlState.ts), the CLI's `--url` skips its keys and replays the same run, and the
// navigation knows whether a change of it is a history entry. A row without a sample below
// fails the typecheck.
import { describe, expect, it } from 'vitest';
import type { NavState } from '../../src/link';
import {
  APP_KEYS,
  NAV_FIELDS,
  isAppKey,
  navModeOf,
  parseAppLink,
  perRunDefaults,
} from '../../src/link';
import { toQuery } from '../../src/sim';
import { encodeChallenge } from '../../src/ui/challenges/challenge';
import { READY_CHALLENGES } from '../../src/ui/challenges/library';
import { LESSONS } from '../../src/ui/lessons/lessons';
import { encodeLessonFile } from '../../src/ui/lessons/file/link';
import { navQuery, readNav } from '../../src/ui/urlState';

type Field = Exclude<keyof NavState, 'query'>;

const lesson = LESSONS[0].id;
const challenge = encodeURIComponent(encodeChallenge(READY_CHALLENGES[0].challenge));
const lessonFile = encodeLessonFile({
  format: 'tcp-over-atm-lab/lesson',
  version: 1,
  title: 'Own',
  steps: [{ title: 'a', text: 'b', scenario: 'preset=s0-testbed', pauseAt: 1 }],
});

/** A link (after a scenario) that gives each fact a value other than its default; null for
 * the sweep panel's settings, which only the panel reads from its keys. */
const SAMPLES: { readonly [K in Field]: string | null } = {
  embed: 'embed=1',
  presenter: 'presenter=1',
  theme: 'theme=dark',
  lang: 'lang=pt-BR',
  speed: 'speed=max',
  lesson: `lesson=${lesson}`,
  lessonFile: `lessonFile=${lessonFile}`,
  step: `lesson=${lesson}&step=2`,
  page: 'page=teacher',
  base: 'from=s2-deadlock',
  port: 'port=sw2-sw3',
  challenge: `challenge=${challenge}`,
  cursor: 't=1.5',
  zoom: 'zoom=1,2.5',
  drop: 'drop=0.5,1',
  compare: 'compare=1',
  bOverrides: 'compare=1&b.policy=epd',
  branchAt: 'compare=1&branchAt=2',
  classroom: 'class=host&room=ABCD',
  sweep: 'sweep=1',
  sweepSettings: null,
};

// A changed scenario of no preset (so `from` names the one it started from).
const SCENARIO = 'bufferCells=900&duration=5';
const FIELDS = Object.keys(NAV_FIELDS) as Field[];

describe('every app key of the link-key table is read by the page and skipped by the CLI', () => {
  it('the table: each key once, in no row but its own', () => {
    expect(new Set(APP_KEYS).size).toBe(APP_KEYS.length);
    expect(FIELDS).toEqual(Object.keys(SAMPLES));
  });

  for (const f of FIELDS)
    it(`${f}: read, written back the same, skipped by the CLI`, () => {
      const row = NAV_FIELDS[f];
      const sample = SAMPLES[f];
      if (sample === null) {
        expect(row.keys).toEqual([]);
        return;
      }
      const link = `${SCENARIO}&${sample}`;
      const { nav, issues } = readNav(link);
      expect(issues).toEqual([]);
      expect(nav[f], link).not.toEqual(row.default);
      expect(readNav(SCENARIO).nav[f]).toEqual(row.default);
      // What the page writes reads back as the same value.
      const again = readNav(navQuery(nav, true));
      expect(again.issues).toEqual([]);
      expect(again.nav[f]).toEqual(nav[f]);
      // Every key the sample uses is an app key: the CLI replays the same run from the link.
      for (const k of new URLSearchParams(sample).keys()) expect(isAppKey(k), k).toBe(true);
      const cli = parseAppLink(link);
      expect(cli.errors).toEqual([]);
      expect(toQuery(cli.scenario)).toBe(toQuery(parseAppLink(SCENARIO).scenario));
      // A change of it alone is a history entry, or rewrites the current one, as the table says.
      expect(navModeOf({ [f]: nav[f] })).toBe(row.history ? 'push' : 'replace');
    });

  it('how a change meets the history, and what another scenario resets', () => {
    // Back returns to a lesson step, a page, a comparison, a preset; the speed, the theme, the
    // language, the port and the places in the run are rewritten where they are.
    expect(FIELDS.filter((f) => !NAV_FIELDS[f].history)).toEqual([
      'embed',
      'presenter',
      'theme',
      'lang',
      'speed',
      'port',
      'cursor',
      'zoom',
      'drop',
      'sweepSettings',
    ]);
    expect(navModeOf({ query: 'preset=s0-testbed', speed: 2 })).toBe('push');
    expect(navModeOf({ speed: 2, theme: 'dark' })).toBe('replace');
    expect(navModeOf({ lang: 'ar' })).toBe('replace');
    expect(perRunDefaults()).toEqual({ cursor: null, zoom: null, drop: null });
  });

  it('a key of no row is the model’s: the CLI reports it and the page does too', () => {
    expect(isAppKey('bogus')).toBe(false);
    expect(parseAppLink(`${SCENARIO}&bogus=1`).errors.map((e) => e.key)).toEqual(['bogus']);
    expect(readNav(`${SCENARIO}&bogus=1`).issues.map((e) => e.key)).toEqual(['bogus']);
  });
});
