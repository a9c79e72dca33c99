// The lesson being written: the moment it captures, the file it makes (checked by the file's
// own parser), reordering, and the draft kept in storage (bad storage loses nothing else).
import { describe, expect, it } from 'vitest';
import { parseLessonFile } from '../../../../src/ui/lessons/file/format';
import type { Draft } from '../../../../src/ui/lessons/writer/draft';
import {
  EMPTY_DRAFT,
  draftFile,
  loadDraft,
  momentStep,
  moveStep,
  saveDraft,
} from '../../../../src/ui/lessons/writer/draft';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

const draft = (): Draft => {
  const a = momentStep('preset=s0-testbed', 0.1234567891, 'queue', 1);
  const b = momentStep('preset=s0-testbed', 2, 'metrics', 2);
  a.text = 'Look.';
  b.text = 'Guess.';
  b.question = {
    ...b.question,
    kind: 'choice',
    prompt: 'Which?',
    options: ['', 'EPD', 'PPD'],
    answer: 2,
  };
  return { title: ' Mine ', summary: '', steps: [a, b] };
};

describe('the lesson being written', () => {
  it('captures the moment on screen as a step', () => {
    expect(momentStep('preset=s0-testbed', 0.1234567891, 'queue', 3)).toMatchObject({
      title: 'Step 3',
      scenario: 'preset=s0-testbed',
      pauseAt: 0.123457,
      view: 'queue',
      question: { kind: 'none' },
    });
  });

  it('makes a lesson file the parser reads, blank options dropped, the right one kept', () => {
    const r = parseLessonFile(JSON.stringify(draftFile(draft())));
    expect('file' in r && r.file).toEqual({
      format: 'tcp-over-atm-lab/lesson',
      version: 1,
      title: 'Mine',
      steps: [
        {
          title: 'Step 1',
          text: 'Look.',
          scenario: 'preset=s0-testbed',
          pauseAt: 0.123457,
          view: 'queue',
        },
        {
          title: 'Step 2',
          text: 'Guess.',
          scenario: 'preset=s0-testbed',
          pauseAt: 2,
          view: 'metrics',
          question: { kind: 'choice', prompt: 'Which?', options: ['EPD', 'PPD'], answer: 1 },
        },
      ],
    });
  });

  it('says what is missing', () => {
    const d = draft();
    d.steps[0].text = ' ';
    const r = parseLessonFile(JSON.stringify(draftFile(d)));
    expect(r).toEqual({ errors: ['steps[0].text: must not be empty'] });
  });

  it('moves a step up or down, and not past the ends', () => {
    const d = draft();
    expect(moveStep(d, 1, -1).steps.map((s) => s.title)).toEqual(['Step 2', 'Step 1']);
    expect(moveStep(d, 1, 1)).toBe(d);
    expect(moveStep(d, 0, -1)).toBe(d);
  });

  it('keeps the draft in storage; a broken one reads as empty', () => {
    const s = memory();
    saveDraft(draft(), s);
    expect(loadDraft(s)).toEqual(draft());
    s.setItem('tal:lesson-draft:v1', '{"steps": 3');
    expect(loadDraft(s)).toEqual(EMPTY_DRAFT);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadDraft(throwing)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft(draft(), throwing)).not.toThrow();
  });
});
