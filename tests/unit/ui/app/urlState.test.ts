// The app's URL state (src/ui/urlState.ts) over hostile links: readNav never throws, each
// presentation key it cannot use gives a message that names the key, and what it reads writes
// back to a URL that reads the same (a link copied from the address bar reopens the same place).
import { describe, expect, it } from 'vitest';
import { APP_KEYS } from '../../../../src/link';
import { parseScenario } from '../../../../src/sim';
import { Random } from '../../../../src/sim/core/random';
import { navQuery, readNav } from '../../../../src/ui/urlState';
import { fuzzQuery } from '../../../helpers/fuzzQuery';

const QUERIES = 1500;

describe('readNav over fuzzed links', () => {
  it('hands on the scenario it parsed: the one its normalised query reopens', () => {
    const r = new Random(20_261_128);
    for (let i = 0; i < 200; i++) {
      const q = fuzzQuery(r);
      const { nav, scenario } = readNav(q);
      expect(scenario, q).toEqual(parseScenario(nav.query).scenario);
    }
    const lot = readNav('preset=parking-lot-fba&policy=sd&port=sw2-sw3');
    expect(lot.scenario.topology).toBe('parking-lot');
    expect(lot.scenario.policy).toBe('sd');
  });

  it('never throws; presentation issues name their key; reading is idempotent', () => {
    const r = new Random(20_261_124);
    const failures: string[] = [];
    const placed = { cursor: 0, zoom: 0, drop: 0, lesson: 0, classroom: 0 };
    for (let i = 0; i < QUERIES; i++) {
      const q = fuzzQuery(r);
      const where = `#${i} ${JSON.stringify(q.slice(0, 100))}`;
      try {
        const { nav, issues } = readNav(q);
        for (const is of issues) {
          // Scenario keys are the codec's (tests/unit/sim/scenario/fuzz.test.ts); these are the app's own.
          if (!APP_KEYS.includes(is.key)) continue;
          if (!is.message.includes(is.key === '' ? '(empty key)' : is.key))
            failures.push(`${where}: message does not name ${is.key}: ${is.message}`);
        }
        if (!(nav.speed > 0)) failures.push(`${where}: speed ${nav.speed}`);
        if (nav.lesson !== null) placed.lesson++;
        if (nav.classroom !== null) placed.classroom++;
        if (!Number.isInteger(nav.step) || nav.step < 0)
          failures.push(`${where}: step ${nav.step}`);
        if (nav.branchAt !== null && !(nav.branchAt >= 0))
          failures.push(`${where}: branchAt ${nav.branchAt}`);
        // The timeline's places: times in seconds within the run, a zoom with a < b.
        for (const k of ['cursor', 'zoom', 'drop'] as const) if (nav[k] !== null) placed[k]++;
        if (nav.cursor !== null && !(nav.cursor >= 0 && Number.isFinite(nav.cursor)))
          failures.push(`${where}: t ${nav.cursor}`);
        if (nav.zoom !== null && !(nav.zoom[0] >= 0 && nav.zoom[0] < nav.zoom[1]))
          failures.push(`${where}: zoom ${nav.zoom.join(',')}`);
        if (nav.drop !== null && !(nav.drop.t >= 0 && Number.isInteger(nav.drop.vc)))
          failures.push(`${where}: drop ${JSON.stringify(nav.drop)}`);
        // What it read, written back and read again, is the same place.
        for (const networked of [false, true]) {
          const again = readNav(navQuery(nav, networked));
          // Only what applies is written: B's changes with a comparison, a step with a lesson,
          // a port on a network.
          const want = {
            ...nav,
            port: networked ? nav.port : null,
            bOverrides: nav.compare ? nav.bOverrides : '',
            branchAt: nav.compare ? nav.branchAt : null,
            step: nav.lesson ? nav.step : 0,
          };
          if (JSON.stringify(again.nav) !== JSON.stringify(want))
            failures.push(`${where}: round trip ${JSON.stringify(again.nav)}`);
          if (again.issues.length)
            failures.push(`${where}: re-read issues ${again.issues[0].message}`);
        }
      } catch (e) {
        failures.push(`${where}: threw ${String(e).slice(0, 200)}`);
      }
    }
    expect(failures.slice(0, 8), `${failures.length} failures`).toEqual([]);
    // The fuzzer reached usable timeline and lesson keys too, not only rejected ones.
    for (const n of Object.values(placed)) expect(n).toBeGreaterThan(0);
  });

  it('names each bad presentation value and keeps a usable state', () => {
    const { nav, issues } = readNav(
      'preset=s2-deadlock&step=abc&speed=-1&branchAt=x&theme=pink&page=nowhere&port=a%20b&embed=2',
    );
    expect(issues.map((i) => i.key).sort()).toEqual(
      ['branchAt', 'embed', 'page', 'port', 'speed', 'step', 'theme'].sort(),
    );
    expect(nav).toMatchObject({
      base: 's2-deadlock',
      step: 0,
      speed: 1,
      branchAt: null,
      theme: null,
      page: 'sim',
      port: null,
      embed: false,
    });
  });

  it('reads the timeline keys t, zoom and drop, and names each bad one', () => {
    const ok = readNav('preset=s0-testbed&duration=5&t=2.5&zoom=1,3.5&drop=0.4628,1');
    expect(ok.issues).toEqual([]);
    expect(ok.nav).toMatchObject({ cursor: 2.5, zoom: [1, 3.5], drop: { t: 0.4628, vc: 1 } });
    expect(navQuery(ok.nav, false)).toContain('t=2.5&zoom=1,3.5&drop=0.4628,1');
    // A zoom past the end is cut at the end.
    expect(readNav('preset=s0-testbed&duration=5&zoom=4,9').nav.zoom).toEqual([4, 5]);
    for (const [q, key, words] of [
      ['t=-1', 't', 'is not a time in seconds'],
      ['t=9', 't', "after the run's end (5 s)"],
      ['zoom=3,1', 'zoom', 'a < b'],
      ['zoom=1', 'zoom', 'is not a time range'],
      ['zoom=6,7', 'zoom', "starts after the run's end"],
      ['drop=0.5', 'drop', "is not a drop's time and VC"],
      ['drop=0.5,x', 'drop', "is not a drop's time and VC"],
      ['drop=7,0', 'drop', "after the run's end"],
    ]) {
      const { nav, issues } = readNav(`preset=s0-testbed&duration=5&${q}`);
      expect(
        issues.map((i) => i.key),
        q,
      ).toEqual([key]);
      expect(issues[0].message.startsWith(`${key}: `), q).toBe(true);
      expect(issues[0].message, q).toContain(words);
      expect([nav.cursor, nav.zoom, nav.drop], q).toEqual([null, null, null]);
    }
    // Tiny and long times are written as plain decimals that read back the same.
    const tiny = readNav('preset=s0-testbed&t=0.0000000000001').nav;
    expect(readNav(navQuery(tiny, false)).nav.cursor).toBe(1e-13);
  });

  it('every presentation key is read by the app (no key the model ignores goes unread)', () => {
    for (const k of APP_KEYS.filter((key) => !key.endsWith('.'))) {
      const { issues } = readNav(`preset=s0-testbed&${k}=%00bad`);
      // A key the app reads answers a nonsense value with a message naming it, or takes it.
      expect(
        issues.every((i) => i.key === k),
        k,
      ).toBe(true);
    }
  });
});
