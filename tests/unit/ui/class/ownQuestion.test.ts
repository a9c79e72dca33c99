// A question of the instructor's own (ui/class/ownQuestion.ts): the form makes exactly the
// question the protocol accepts, or names each wrong field; a metric fills in its scale; the
// run's answer is the metric in that scale; the tolerance defaults to one step.
import { describe, expect, it } from 'vitest';
import { Question } from '../../../../src/classroom/protocol';
import {
  EMPTY_FORM,
  isOwnQuestion,
  questionOf,
  runAnswer,
  toleranceOf,
  withMetric,
} from '../../../../src/ui/class/ownQuestion';
import type { Metrics } from '../../../../src/sim';

describe('an own question from its form', () => {
  it('a choice: blank options dropped, ids a, b, c, the countdown kept', () => {
    const r = questionOf(
      { ...EMPTY_FORM, prompt: ' Pick one ', options: ['EPD', ' ', 'SD', 'FBA '], seconds: 15 },
      'own-x1',
      'S0 testbed',
    );
    expect(r).toEqual({
      question: {
        qid: 'own-x1',
        prompt: 'Pick one',
        title: 'Own question: S0 testbed',
        kind: 'choice',
        options: [
          { id: 'a', label: 'EPD' },
          { id: 'b', label: 'SD' },
          { id: 'c', label: 'FBA' },
        ],
        seconds: 15,
      },
    });
    if ('question' in r) expect(Question.safeParse(r.question).success).toBe(true);
    expect(isOwnQuestion('own-x1')).toBe(true);
    expect(isOwnQuestion('cells.dead')).toBe(false);
  });

  it('names every wrong field, and sends nothing', () => {
    expect(questionOf({ ...EMPTY_FORM, options: ['EPD', ''] }, 'own-1')).toEqual({
      errors: ['Question: type the question', 'Options: type at least 2'],
    });
    expect(questionOf({ ...EMPTY_FORM, prompt: 'Q', options: ['A', 'A'] }, 'own-1')).toEqual({
      errors: ['Options: each must differ'],
    });
    expect(
      questionOf(
        {
          ...EMPTY_FORM,
          prompt: 'Q',
          kind: 'scale',
          min: '5',
          max: '5',
          step: '0',
          tolerance: '-1',
        },
        'own-1',
      ),
    ).toEqual({
      errors: [
        'To: must be above From',
        'Step: type a number above 0',
        'Counts as right within: 0 or more',
      ],
    });
    expect(
      questionOf({ ...EMPTY_FORM, prompt: 'Q', kind: 'scale', min: '', max: 'x' }, 'own-1'),
    ).toEqual({ errors: ['From: type a number', 'To: type a number'] });
    // What only the protocol's schema knows is named by its field too.
    const long = questionOf(
      { ...EMPTY_FORM, prompt: 'Q', options: ['A', 'x'.repeat(121)] },
      'own-1',
    );
    expect('errors' in long && long.errors[0]).toMatch(/^options\.1\.label: /);
  });

  it('a metric fills in its scale: efficiency in per cent from 0 to 100', () => {
    const f = withMetric({ ...EMPTY_FORM, prompt: 'Efficiency?' }, 'efficiency');
    expect(f).toMatchObject({
      kind: 'scale',
      metric: 'efficiency',
      unit: '%',
      min: '0',
      max: '100',
      step: '1',
    });
    expect(withMetric(f, '')).toMatchObject({ metric: '' });
    expect(withMetric(f, 'nonsense')).toMatchObject({ metric: '' });
    const r = questionOf({ ...f, tolerance: '5' }, 'own-2');
    expect(r).toEqual({
      question: {
        qid: 'own-2',
        prompt: 'Efficiency?',
        kind: 'scale',
        min: 0,
        max: 100,
        step: 1,
        unit: '%',
        tolerance: 5,
        metric: 'efficiency',
      },
    });
  });
});

describe('the run’s answer', () => {
  const q = {
    qid: 'own-2',
    prompt: 'E?',
    kind: 'scale' as const,
    min: 0,
    max: 100,
    step: 1,
    unit: '%',
    metric: 'efficiency',
  };
  it('is the metric in the scale’s unit, to two decimals', () => {
    expect(runAnswer(q, { efficiency: 0.5603645833333332 } as Metrics)).toBe(56.04);
    expect(runAnswer(q, { efficiency: 0.90805 } as Metrics)).toBe(90.81);
    expect(runAnswer({ ...q, metric: 'goodputMbps' }, { goodputMbps: 30.404 } as Metrics)).toBe(
      30.4,
    );
  });
  it('is null without a metric, a figure, or for a choice', () => {
    expect(runAnswer(q, null)).toBeNull();
    expect(runAnswer({ ...q, metric: undefined }, { efficiency: 0.5 } as Metrics)).toBeNull();
    expect(runAnswer(q, { efficiency: NaN } as Metrics)).toBeNull();
    expect(
      runAnswer({ qid: 'o', prompt: 'p', kind: 'choice', options: [], metric: 'efficiency' }, {
        efficiency: 0.5,
      } as Metrics),
    ).toBeNull();
  });
  it('counts as right within the tolerance, one step by default', () => {
    expect(toleranceOf({ step: 2 })).toBe(2);
    expect(toleranceOf({ step: 2, tolerance: 0 })).toBe(0);
    expect(toleranceOf({ step: 1, tolerance: 7.5 })).toBe(7.5);
  });
});
