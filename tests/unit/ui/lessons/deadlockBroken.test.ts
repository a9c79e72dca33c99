// What decides that S2's deadlock is broken: its deadlock time 0 and the efficiency, both. The
// model's runs at the figures the teacher notes give, and the texts that must name the rule.
import { describe, expect, it } from 'vitest';
import { applyOverrides, parseScenario, runScenario } from '../../../../src/sim';
import { READY_CHALLENGES } from '../../../../src/ui/challenges/library';
import { DEADLOCK_BROKEN, deadlockBroken } from '../../../../src/ui/lessons/data/deadlock';
import { LESSONS } from '../../../../src/ui/lessons/lessons';

const run = (set: [string, string][]) => {
  const { scenario, errors } = applyOverrides(parseScenario('preset=s2-deadlock').scenario, set);
  expect(errors).toEqual([]);
  return runScenario(scenario).metrics;
};

describe("S2's deadlock is broken by deadlock time 0 and efficiency, not the deadlock time alone", () => {
  it('K = 1750 leaves the deadlock (0 s) but not broken (27.35 %, 6 timeouts); K = 2000 and EPD break it', () => {
    const k1750 = run([['bufferCells', '1750']]);
    expect(k1750.deadlockSecondsMean).toBe(0);
    expect(k1750.efficiency).toBeCloseTo(0.2735, 4);
    expect(k1750.timeouts).toBe(6);
    expect(deadlockBroken(k1750)).toBe(false);
    const k2000 = run([['bufferCells', '2000']]);
    expect(k2000.efficiency).toBeCloseTo(0.9922, 4);
    expect(deadlockBroken(k2000)).toBe(true);
    // The lesson's "EPD breaks it" step (B: policy=epd at K = 1000 cells).
    const epd = run([['policy', 'epd']]);
    expect(epd.efficiency).toBeCloseTo(0.8392, 4);
    expect(deadlockBroken(epd)).toBe(true);
    // The deadlock as the preset has it.
    expect(deadlockBroken(run([]))).toBe(false);
  });

  it('the teacher notes, the EPD step and the deadlock challenges name what decides', () => {
    const lesson = LESSONS.find((l) => l.id === 'deadlock')!;
    expect(lesson.goals!.join(' ')).toContain(DEADLOCK_BROKEN.text);
    expect(lesson.goals!.join(' ')).toContain('27.35 % with 6 timeouts');
    expect(lesson.questions!.join(' ')).toContain(DEADLOCK_BROKEN.text);
    expect(lesson.steps.find((s) => s.compare)!.text).toContain(DEADLOCK_BROKEN.text);
    const buffer = READY_CHALLENGES.find((c) => c.id === 'deadlock-buffer')!;
    expect(buffer.challenge.metric).toBe('efficiency');
    expect(buffer.challenge.question).toMatch(/Efficiency decides, not the deadlock time/);
    expect(buffer.answer).toContain('1750: 27.35 %, 6 timeouts');
  });
});
