// Challenge links: the encoding round-trips, malformed values give a message naming the URL key
// and the field (never a throw), and the check evaluated on real runs of the model agrees with
// the answers written in the teacher notes.
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../src/sim';
import { applyOverrides, parseScenario, runScenario, toQuery } from '../../../../src/sim';
import type { Challenge } from '../../../../src/ui/challenges/challenge';
import {
  applyFixed,
  brokenLocks,
  decodeChallenge,
  encodeChallenge,
  fixFrom,
} from '../../../../src/ui/challenges/challenge';
import type { Attempt } from '../../../../src/ui/challenges/check';
import {
  better,
  evaluate,
  loadBest,
  meets,
  recordAttempt,
  storageKey,
} from '../../../../src/ui/challenges/check';
import { READY_CHALLENGES, readyLink, readyScenario } from '../../../../src/ui/challenges/library';
import { navQuery, readNav } from '../../../../src/ui/urlState';
import { parseAppLink } from '../../../../src/link';
import { prng } from '../../../helpers/prng';

/** Random text: ASCII, URL-special characters, accents, emoji and lone surrogates. */
function randomText(rnd: () => number, max: number): string {
  const pool = ['a', 'Z', '0', ' ', '%', '&', '=', '+', '"', '\\', 'é', '≥', '😀', '\ud800', '{'];
  let out = '';
  const n = Math.floor(rnd() * max);
  for (let i = 0; i < n; i++) out += pool[Math.floor(rnd() * pool.length)];
  return out;
}

const EPD8: Challenge = READY_CHALLENGES[0].challenge;

const wire = (w: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(w));
const good = {
  v: 1,
  t: 'T',
  q: 'Q',
  l: { policy: 'epd' },
  h: { seed: '1' },
  m: 'efficiency',
  c: '>=',
  x: 0.9,
  o: ['bufferCells', 'min'],
};

function errorOf(encoded: string): string {
  const d = decodeChallenge(encoded);
  if (!('error' in d)) throw new Error('decoded');
  return d.error;
}

describe('challenge encoding', () => {
  it('round-trips every ready-made challenge, and the link carries it', () => {
    for (const r of READY_CHALLENGES) {
      const enc = encodeChallenge(r.challenge);
      expect(decodeChallenge(enc)).toEqual({ challenge: r.challenge });
      const params = new URLSearchParams(readyLink(r).slice(1));
      expect(decodeChallenge(params.get('challenge')!)).toEqual({ challenge: r.challenge });
      // The link's scenario parses without issues (the app's keys skipped, as the app and the
      // CLI's --url do) and already has the fixed values.
      const parsed = parseAppLink(readyLink(r));
      expect(parsed.errors).toEqual([]);
      expect(brokenLocks(parsed.scenario, r.challenge)).toEqual([]);
    }
  });

  it('round-trips random titles, questions, targets and fixed keys', () => {
    const rnd = prng(21);
    const keys = ['bufferCells', 'sources', 'policy', 'mtu', 'rttMs'] as const;
    const s = parseScenario('preset=s0-testbed').scenario;
    for (let i = 0; i < 200; i++) {
      const c: Challenge = {
        title: 'x' + randomText(rnd, 100),
        question: randomText(rnd, 500),
        locked: fixFrom(
          s,
          keys.filter(() => rnd() < 0.5),
        ),
        hidden: fixFrom(s, ['seed', 'epdThreshold']),
        metric: 'fairness',
        comparator: (['>=', '<=', '>', '<'] as const)[Math.floor(rnd() * 4)],
        target: (rnd() - 0.5) * 10 ** Math.floor(rnd() * 12 - 6),
      };
      expect(decodeChallenge(encodeChallenge(c))).toEqual({ challenge: c });
    }
  });

  it('reads the hand-written wire form', () => {
    expect(decodeChallenge(wire(good))).toEqual({
      challenge: {
        title: 'T',
        question: 'Q',
        locked: { policy: 'epd' },
        hidden: { seed: '1' },
        metric: 'efficiency',
        comparator: '>=',
        target: 0.9,
        optimise: { key: 'bufferCells', dir: 'min' },
      },
    });
  });

  it('refuses malformed values with a message naming the key and the field', () => {
    const cases: [string, RegExp][] = [
      ['', /^challenge: empty value/],
      ['%%%garbage', /^challenge: not a challenge link/],
      [wire(good).slice(0, 20), /^challenge: not a challenge link/],
      [LZString.compressToEncodedURIComponent('{"v":1,'), /not JSON/],
      [wire([1, 2]), /not an object/],
      [wire({ ...good, v: 2 }), /unsupported version 2/],
      [wire({ ...good, t: '  ' }), /title is missing/],
      [wire({ ...good, q: 3 }), /question is missing/],
      [wire({ ...good, l: { nope: '1' } }), /locked key "nope" is not a scenario key/],
      [wire({ ...good, l: { bufferCells: 'many' } }), /locked key bufferCells: "many"/],
      [wire({ ...good, l: { bufferCells: 5 } }), /locked key bufferCells has no value/],
      [wire({ ...good, h: { policy: '' } }), /hidden key policy cannot be left unset/],
      [wire({ ...good, h: ['seed'] }), /hidden keys are not a \{key: value\} map/],
      [wire({ ...good, m: 'speed' }), /metric "speed" is not one of efficiency, fairness/],
      [wire({ ...good, c: '==' }), /comparator "==" is not one of >= <= > </],
      [wire({ ...good, x: '0.9' }), /target is not a number/],
      [wire({ ...good, x: null }), /target is not a number/],
      [wire({ ...good, o: ['policy', 'min'] }), /optimise key policy is not a number/],
      [wire({ ...good, o: ['bufferCells', 'least'] }), /optimise direction "least"/],
      [wire({ ...good, o: ['seed', 'min'] }), /optimise key seed is also locked/],
      [wire({ ...good, o: 'bufferCells' }), /optimise is not \[key, min\|max\]/],
      ['A'.repeat(9000), /too long/],
    ];
    for (const [enc, re] of cases) {
      const e = errorOf(enc);
      expect(e).toMatch(/^challenge: /);
      expect(e).toMatch(re);
      expect(e).toMatch(/challenge ignored$/);
    }
  });

  it('never throws on random strings or mutated links', () => {
    const rnd = prng(7);
    const enc = wire(good);
    for (let i = 0; i < 300; i++) {
      const junk = randomText(rnd, 300);
      const at = Math.floor(rnd() * enc.length);
      for (const s of [junk, enc.slice(0, at) + junk + enc.slice(at), enc.slice(0, at)]) {
        const d = decodeChallenge(s);
        expect('challenge' in d || /^challenge: /.test(d.error)).toBe(true);
      }
    }
  });
});

describe('fixed keys', () => {
  it('are applied to a scenario and changes to them are found', () => {
    const s = parseScenario('policy=tail-drop&sources=3&epdThreshold=500').scenario;
    const fixed = applyFixed(s, EPD8);
    expect(fixed.policy).toBe('epd');
    expect(fixed.sources).toBe(8);
    expect(fixed.epdThreshold).toBeUndefined();
    expect(fixed.duration).toBe(60);
    expect(brokenLocks(fixed, EPD8)).toEqual([]);
    expect(brokenLocks(s, EPD8)).toEqual(['sources', 'policy', 'epdThreshold']);
    expect(toQuery(fixed)).toBe('v=1&sources=8');
  });
});

describe('the check', () => {
  it('compares as its comparator says, at the boundary too', () => {
    expect([meets(0.9, '>=', 0.9), meets(0.9, '>', 0.9), meets(0.9, '<=', 0.9)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(meets(0.89, '<', 0.9)).toBe(true);
  });

  // Every ready-made challenge: the run at the written answer passes with the written figure,
  // the run next to it fails, as the teacher notes say.
  for (const r of READY_CHALLENGES)
    it(`agrees with the teacher notes on ${r.id}`, () => {
      for (const p of r.proof) {
        const base = readyScenario(r);
        const [k, v] = p.set.split('=');
        const { scenario, errors } = applyOverrides(base, [[k, v]]);
        expect(errors).toEqual([]);
        const run = runScenario(scenario);
        const res = evaluate(r.challenge, scenario, run.metrics, toQuery(scenario));
        expect(res.counted).toBe(true);
        expect(res.attempt.value).toBeCloseTo(p.value, 4);
        expect(res.attempt.pass).toBe(p.pass);
        expect(r.answer).toContain(`${(100 * p.value).toFixed(2)} %`);
        if (r.challenge.optimise) {
          const v = Number(p.set.split('=')[1]);
          expect(res.attempt.keyValue).toBe(v);
          expect(r.answer).toContain(String(v));
        }
      }
    });

  it('states the figures and does not count a run with a lock broken', () => {
    const r = READY_CHALLENGES[0];
    const s = parseScenario(`${toQuery(readyScenario(r))}&bufferCells=553`).scenario;
    const m = runScenario(s).metrics;
    const ok = evaluate(r.challenge, s, m, toQuery(s));
    expect(ok.figures).toBe('Efficiency 90.26 % ≥ 90.00 %');
    expect(ok.keyText).toMatch(/ = 553 cells$/);
    const cheat = { ...s, sources: 4 } as Scenario;
    const bad = evaluate(r.challenge, cheat, runScenario(cheat).metrics, toQuery(cheat));
    expect(bad.counted).toBe(false);
    expect(bad.broken).toEqual(['sources']);
    expect(bad.attempt.pass).toBe(false);
    const low = parseScenario(`${toQuery(readyScenario(r))}&bufferCells=552`).scenario;
    expect(evaluate(r.challenge, low, runScenario(low).metrics, '').figures).toBe(
      'Efficiency 88.71 % < 90.00 %',
    );
  });

  it('ranks attempts: pass first, then the optimised key, then the metric', () => {
    const a = (pass: boolean, value: number, keyValue?: number): Attempt => ({
      pass,
      value,
      keyValue,
      query: '',
    });
    expect(better(EPD8, a(false, 0.5), null)).toBe(true);
    expect(better(EPD8, a(true, 0.9, 900), a(false, 0.99, 500))).toBe(true);
    expect(better(EPD8, a(true, 0.9, 553), a(true, 0.97, 1088))).toBe(true);
    expect(better(EPD8, a(true, 0.97, 1088), a(true, 0.9, 553))).toBe(false);
    expect(better(EPD8, a(false, 0.89, 500), a(false, 0.7, 300))).toBe(true);
    const max = { ...EPD8, optimise: { key: 'mtu' as const, dir: 'max' as const } };
    expect(better(max, a(true, 0.95, 5501), a(true, 0.99, 4000))).toBe(true);
    const below = { ...EPD8, comparator: '<=' as const, optimise: undefined };
    expect(better(below, a(true, 0.1), a(true, 0.2))).toBe(true);
  });

  it('keeps the best attempt in storage and survives junk there', () => {
    const mem = new Map<string, string>();
    const store = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
    };
    const enc = encodeChallenge(EPD8);
    const first: Attempt = { pass: true, value: 0.97, keyValue: 1088, query: 'q1' };
    const worse: Attempt = { pass: false, value: 0.88, keyValue: 500, query: 'q2' };
    const best: Attempt = { pass: true, value: 0.9026, keyValue: 553, query: 'q3' };
    expect(recordAttempt(store, enc, EPD8, first)).toEqual(first);
    expect(recordAttempt(store, enc, EPD8, worse)).toEqual(first);
    expect(recordAttempt(store, enc, EPD8, best)).toEqual(best);
    expect(loadBest(store, enc)).toEqual(best);
    expect(storageKey(enc)).toMatch(/^tal:challenge:[0-9a-f]{8}$/);
    expect(storageKey(enc)).not.toBe(storageKey(encodeChallenge({ ...EPD8, target: 0.8 })));
    mem.set(storageKey(enc), '{not json');
    expect(loadBest(store, enc)).toBeNull();
    mem.set(storageKey(enc), '{"pass":"yes","value":1,"query":""}');
    expect(loadBest(store, enc)).toBeNull();
    expect(loadBest(null, enc)).toBeNull();
  });
});

describe('the challenge key in the app URL', () => {
  it('keeps a valid challenge through read and write, and names a bad one', () => {
    const link = readyLink(READY_CHALLENGES[0]);
    const { nav, issues } = readNav(link);
    expect(issues).toEqual([]);
    expect(nav.challenge).toBe(encodeChallenge(READY_CHALLENGES[0].challenge));
    expect(readNav(navQuery(nav, false)).nav).toEqual(nav);
    // A '+' of the encoding read as a space (a form-encoded link) is still the challenge.
    expect(readNav(link.replace(/\+/g, '%20')).nav.challenge).toBe(nav.challenge);
    const bad = readNav(`${link.split('&challenge=')[0]}&challenge=NoTaChAlLeNgE`);
    expect(bad.nav.challenge).toBeNull();
    expect(bad.nav.query).toBe(nav.query);
    expect(bad.issues).toHaveLength(1);
    expect(bad.issues[0]).toMatchObject({ key: 'challenge' });
    expect(bad.issues[0].message).toMatch(/^challenge: not a challenge link/);
  });

  it('reads page=teacher', () => {
    expect(readNav('page=teacher').nav.page).toBe('teacher');
  });
});
