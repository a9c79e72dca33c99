// The app's URL state (src/ui/app/urlState.ts) over hostile links: readNav never throws, each
// presentation key it cannot use gives a message that names the key, and what it reads writes
// back to a URL that reads the same (a link copied from the address bar reopens the same place).
import { describe, expect, it } from 'vitest';
import { PRESENTATION_KEYS } from '../../src/sim';
import { Random } from '../../src/sim/core/random';
import { navQuery, readNav } from '../../src/ui/app/urlState';
import { fuzzQuery } from '../helpers/fuzzQuery';

const QUERIES = 1500;

describe('readNav over fuzzed links', () => {
  it('never throws; presentation issues name their key; reading is idempotent', () => {
    const r = new Random(20_261_124);
    const failures: string[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const q = fuzzQuery(r);
      const where = `#${i} ${JSON.stringify(q.slice(0, 100))}`;
      try {
        const { nav, issues } = readNav(q);
        for (const is of issues) {
          // Scenario keys are the codec's (tests/unit/fuzz.test.ts); these are the app's own.
          if (!PRESENTATION_KEYS.includes(is.key)) continue;
          if (!is.message.includes(is.key === '' ? '(empty key)' : is.key))
            failures.push(`${where}: message does not name ${is.key}: ${is.message}`);
        }
        if (!(nav.speed > 0)) failures.push(`${where}: speed ${nav.speed}`);
        if (!Number.isInteger(nav.step) || nav.step < 0)
          failures.push(`${where}: step ${nav.step}`);
        if (nav.branchAt !== null && !(nav.branchAt >= 0))
          failures.push(`${where}: branchAt ${nav.branchAt}`);
        // What it read, written back and read again, is the same place.
        for (const networked of [false, true]) {
          const again = readNav(navQuery(nav, networked));
          // Only what applies is written: B's changes with a comparison, a step with a tour,
          // a port on a network.
          const want = {
            ...nav,
            port: networked ? nav.port : null,
            bOverrides: nav.compare ? nav.bOverrides : '',
            branchAt: nav.compare ? nav.branchAt : null,
            step: nav.story ? nav.step : 0,
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

  it('every presentation key is read by the app (no key the model ignores goes unread)', () => {
    for (const k of PRESENTATION_KEYS) {
      const { issues } = readNav(`preset=s0-testbed&${k}=%00bad`);
      // A key the app reads answers a nonsense value with a message naming it, or takes it.
      expect(
        issues.every((i) => i.key === k),
        k,
      ).toBe(true);
    }
  });
});
