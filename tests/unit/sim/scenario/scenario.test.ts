import { describe, expect, it } from 'vitest';
import {
  KEYS,
  POLICIES,
  PRESETS,
  SCHEMA,
  applyOverrides,
  defaultScenario,
  parseScenario,
  toQuery,
} from '../../../../src/sim';
import { Random } from '../../../../src/sim/core/random';

describe('scenario schema', () => {
  it('every default lies in its range', () => {
    for (const k of KEYS) {
      const d = SCHEMA[k];
      if (d.kind === 'enum') expect(d.options).toContain(d.default);
      if ((d.kind === 'int' || d.kind === 'number') && d.default !== undefined) {
        expect(d.default).toBeGreaterThanOrEqual(d.min);
        expect(d.default).toBeLessThanOrEqual(d.max);
      }
      expect(d.help.length).toBeGreaterThan(10);
      expect(d.label.length).toBeGreaterThan(1);
    }
  });

  it('every preset is valid, names its source, and survives a URL round trip', () => {
    for (const p of PRESETS) {
      const parsed = parseScenario(`preset=${p.name}`);
      expect(parsed.errors, p.name).toEqual([]);
      expect(p.description).toMatch(/S[0-4]/);
      const again = parseScenario(toQuery(parsed.scenario));
      expect(again.errors).toEqual([]);
      expect(again.scenario).toEqual(parsed.scenario);
    }
  });
});

describe('scenario URL codec', () => {
  it('keeps the query readable: only the version and non-default keys', () => {
    const { scenario } = parseScenario('?policy=ppd&bufferCells=1088&mtu=4352');
    expect(toQuery(scenario)).toBe('v=1&policy=ppd');
    const s2 = { ...defaultScenario(), bufferCells: 725, cbrSharesBuffer: true };
    expect(toQuery(s2)).toBe('v=1&bufferCells=725&cbrSharesBuffer=1');
  });

  it('reads full URLs, bare queries and hashes', () => {
    const a = parseScenario('https://example.org/lab/?policy=tail-drop&seed=7#views');
    expect(a.errors).toEqual([]);
    expect(a.scenario.policy).toBe('tail-drop');
    expect(a.scenario.seed).toBe(7);
    expect(parseScenario('policy=ppd').scenario.policy).toBe('ppd');
  });

  it('names each bad key with its allowed range and keeps the defaults', () => {
    const r = parseScenario('?bufferCells=-5&policy=wred&mtu=abc&keepEom=maybe&sources=2.5');
    expect(r.errors.map((e) => e.key)).toEqual([
      'bufferCells',
      'policy',
      'mtu',
      'keepEom',
      'sources',
    ]);
    expect(r.errors[0].message).toBe('bufferCells: "-5" is not an integer from 1 to 600000 cells');
    expect(r.errors[1].message).toBe(`policy: "wred" is not one of ${POLICIES.join(', ')}`);
    // The registry's first policies, in its order (each later one is listed after them).
    expect(POLICIES.slice(0, 10).join(', ')).toBe(
      'tail-drop, ppd, epd, sd, fba, two-threshold, per-vc, fifo-thresholds, dfba, eubr',
    );
    expect(r.scenario).toEqual(defaultScenario());
  });

  it('rejects unknown keys, repeated keys and future versions by name', () => {
    const r = parseScenario('?v=9&bufer=100&seed=1&seed=2');
    expect(r.errors.map((e) => e.key)).toEqual(['v', 'bufer', 'seed']);
  });

  it('refuses epdThreshold together with epdB', () => {
    const r = parseScenario('?epdThreshold=500&epdB=1');
    expect(r.errors).toEqual([
      { key: 'epdB', message: 'epdB: given together with epdThreshold; give one (epdB ignored)' },
    ]);
    expect(r.scenario.epdThreshold).toBe(500);
    expect(r.scenario.epdB).toBeUndefined();
  });

  it('checks cross-key ranges', () => {
    expect(parseScenario('?epdThreshold=5000&bufferCells=1000').errors[0].key).toBe('epdThreshold');
    expect(parseScenario('?cbrMbps=50&linkMbps=40').errors[0].key).toBe('cbrMbps');
  });

  it('applies a preset, then explicit keys', () => {
    const r = parseScenario('?preset=s2-deadlock&bufferCells=3000');
    expect(r.errors).toEqual([]);
    expect(r.scenario.cbrMbps).toBe(60);
    expect(r.scenario.bufferCells).toBe(3000);
    expect(parseScenario('?preset=nope').errors[0].key).toBe('preset');
  });

  it('never throws on garbage and always yields a valid scenario', () => {
    const r = new Random(3);
    const alphabet = 'abc=&?%#+-.0123456789policyepdBbufferCellsmtu\u00e9\u0000 ';
    for (let i = 0; i < 2000; i++) {
      let s = '';
      const n = Math.floor(r.next() * 60);
      for (let j = 0; j < n; j++) s += alphabet[Math.floor(r.next() * alphabet.length)];
      const parsed = parseScenario(s);
      const back = parseScenario(toQuery(parsed.scenario));
      expect(back.errors).toEqual([]);
      expect(back.scenario).toEqual(parsed.scenario);
    }
  });

  it('CLI overrides follow the same rules', () => {
    const r = applyOverrides(defaultScenario(), [
      ['bufferCells', '725'],
      ['nope', '1'],
    ]);
    expect(r.scenario.bufferCells).toBe(725);
    expect(r.errors[0].key).toBe('nope');
  });
});

describe('presentation keys in scenario URLs', () => {
  it('are skipped by an app link reader, so an app link with them gives the same scenario', async () => {
    const { parseScenario: parse, toQuery: q } = await import('../../../../src/sim');
    const { parseAppLink } = await import('../../../../src/link');
    const plain = parse('?preset=s2-deadlock&seed=4');
    const dressed = parseAppLink(
      '?preset=s2-deadlock&seed=4&embed=1&presenter=1&theme=dark&speed=max',
    );
    expect(dressed.errors).toEqual([]);
    expect(q(dressed.scenario)).toBe(q(plain.scenario));
    // A link from a live class (a student's `join=`, the projector's `class=host&room=`) too:
    // `npm run sim -- --url` said "join: unknown parameter" and ran nothing.
    const classLink = parseAppLink('?preset=s2-deadlock&seed=4&join=AB2CD&class=host&room=AB2CD');
    expect(classLink.errors).toEqual([]);
    expect(q(classLink.scenario)).toBe(q(plain.scenario));
    // Anything else unknown is still reported by name.
    expect(parseAppLink('?embedd=1').errors.map((e) => e.key)).toEqual(['embedd']);
  });
});
