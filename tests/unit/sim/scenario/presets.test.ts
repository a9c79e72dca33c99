// The header's preset picker and the "modified" state: every preset in exactly one paper group,
// in order; a changed scenario names its changed keys against the preset it came from.
import { describe, expect, it } from 'vitest';
import { PRESETS, changedKeys, parseScenario, toQuery } from '../../../../src/sim';
import {
  FIRST_PRESET,
  exactPreset,
  presetChanges,
  presetGroups,
  presetScenario,
  presetState,
} from '../../../../src/ui/presets';

describe('preset groups', () => {
  it('hold every preset once, grouped by paper S0–S4 in order, with full titles', () => {
    const groups = presetGroups();
    // The parking-lot presets stand for no one paper: they are classic results.
    expect(groups.map((g) => g.label.slice(0, 2))).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'Cl']);
    const names = groups.flatMap((g) => g.presets.map((p) => p.name));
    expect([...names].sort()).toEqual(PRESETS.map((p) => p.name).sort());
    for (const g of groups.slice(0, -1))
      for (const p of g.presets) expect(p.name.slice(0, 2).toUpperCase()).toBe(g.label.slice(0, 2));
  });
  it('put a preset of no paper among the classic results', () => {
    const extra = { name: 'parking-lot', title: 'x', description: 'y', params: {} };
    const other = PRESETS.filter((p) => !/^s[0-4]-/.test(p.name));
    expect(presetGroups([...PRESETS, extra]).at(-1)).toEqual({
      label: 'Classic results (ATM Forum parking lot, …)',
      presets: [...other, extra],
    });
  });
});

describe('a scenario against its preset', () => {
  it('the first-visit preset exists', () => {
    expect(exactPreset(toQuery(presetScenario(FIRST_PRESET)))?.name).toBe(FIRST_PRESET);
  });
  it('an exact preset is not modified; a changed one names its keys with units', () => {
    const q = toQuery(presetScenario('s2-deadlock'));
    expect(presetState(q, null)).toMatchObject({
      preset: { name: 's2-deadlock' },
      modified: false,
    });
    const changed = parseScenario('preset=s2-deadlock&duration=5&policy=epd').scenario;
    const st = presetState(toQuery(changed), 's2-deadlock');
    expect(st.modified).toBe(true);
    expect(st.preset?.name).toBe('s2-deadlock');
    expect(presetChanges(changed, 's2-deadlock')).toEqual([
      expect.objectContaining({ key: 'policy', value: 'epd', presetValue: 'tail-drop' }),
      expect.objectContaining({ key: 'duration', value: '5 s', presetValue: '10 s' }),
    ]);
    // Without the preset it came from, a changed scenario is a custom one.
    expect(presetState(toQuery(changed), null)).toEqual({ preset: undefined, modified: false });
  });
  it('a key set back to its default still counts as changed (the URL keeps from=)', () => {
    // s0-testbed sets duration 180; the schema default is 60.
    const s = parseScenario('preset=s0-testbed&duration=60').scenario;
    expect(changedKeys(presetScenario('s0-testbed'), s)).toEqual(['duration']);
    expect(presetChanges(s, 's0-testbed')[0]).toMatchObject({
      value: '60 s',
      presetValue: '180 s',
    });
  });
  it('changedKeys is empty for equal scenarios and symmetric', () => {
    for (const p of PRESETS) {
      const a = presetScenario(p.name);
      expect(changedKeys(a, parseScenario(toQuery(a)).scenario)).toEqual([]);
    }
    const a = presetScenario('s1-lan-sd');
    const b = parseScenario('preset=s1-lan-sd&rttMs=0.03,1&seed=7').scenario;
    expect(changedKeys(a, b)).toEqual(changedKeys(b, a));
    expect(changedKeys(a, b)).toEqual(['rttMs', 'seed']);
  });
});
