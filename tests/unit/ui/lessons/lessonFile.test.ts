// The lesson file: what a valid file becomes (the app's Lesson), the exact error of each kind
// of mistake, each naming its field, and the link form of a file.
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Metrics } from '../../../../src/sim';
import { parseLessonFile } from '../../../../src/ui/lessons/file/format';
import { decodeLessonLink, encodeLessonFile } from '../../../../src/ui/lessons/file/link';
import { SPEEDS } from '../../../../src/ui/app/Playback';
import { READABLE_SPEEDS, readableSpeed, toLesson } from '../../../../src/ui/lessons/file/toLesson';
import type { LessonContext } from '../../../../src/ui/lessons/types';

const good = () => ({
  format: 'tcp-over-atm-lab/lesson',
  version: 1,
  title: 'Buffer and efficiency',
  summary: 'A small buffer wastes the link.',
  steps: [
    {
      title: 'The first overflow',
      text: 'Watch the buffer fill.',
      scenario: 'preset=s0-small-buffer&policy=tail-drop&duration=20',
      pauseAt: 0.5,
      view: 'queue',
      zoom: [0, 1],
    },
    {
      title: 'Efficiency',
      text: 'Guess it.',
      scenario: 'preset=s0-small-buffer&policy=tail-drop&duration=20',
      pauseAt: 4,
      speed: 2,
      question: { kind: 'scale', prompt: 'Efficiency at 4 s?', metric: 'efficiency' },
    },
    {
      title: 'A choice',
      text: 'Pick one.',
      scenario: 'preset=s0-testbed',
      pauseAt: 1,
      question: {
        kind: 'choice',
        prompt: 'Which?',
        options: ['EPD', 'PPD'],
        answer: 1,
        why: 'So.',
      },
    },
  ],
});

const errorsOf = (f: unknown) => {
  const r = parseLessonFile(JSON.stringify(f));
  return 'errors' in r ? r.errors : [];
};

describe('a valid lesson file', () => {
  it('parses and becomes a lesson whose steps play to their pause instants', () => {
    const r = parseLessonFile(JSON.stringify(good()));
    expect('file' in r).toBe(true);
    if (!('file' in r)) return;
    const l = toLesson(r.file);
    expect(l.id).toMatch(/^file-[0-9a-z]+$/);
    expect(l.title).toBe('Buffer and efficiency');
    expect(l.claim).toBe('A small buffer wastes the link.');
    expect(l.steps.map((s) => s.run)).toEqual([
      { until: 0.5, speed: 0.1 },
      { until: 4, speed: 2 },
      { until: 1, speed: 0.1 },
    ]);
    expect(l.steps[0].view).toBe('queue');
    expect(l.steps[0].zoom).toEqual([0, 1]);
    expect(l.steps[0].predict).toBeUndefined();
  });

  it('gives the same id to the same content, another to another', () => {
    const a = parseLessonFile(JSON.stringify(good()));
    const b = parseLessonFile(JSON.stringify(good(), null, 2));
    const other = good();
    other.title = 'Another';
    const c = parseLessonFile(JSON.stringify(other));
    if (!('file' in a) || !('file' in b) || !('file' in c)) throw new Error('not parsed');
    expect(toLesson(a.file).id).toBe(toLesson(b.file).id);
    expect(toLesson(a.file).id).not.toBe(toLesson(c.file).id);
  });

  it('asks a scale question on the metric’s scale, answered by the metric, hiding it', () => {
    const r = parseLessonFile(JSON.stringify(good()));
    if (!('file' in r)) throw new Error('not parsed');
    const p = toLesson(r.file).steps[1].predict!;
    expect(p.kind).toBe('scale');
    if (p.kind !== 'scale') return;
    expect([p.min, p.max, p.step, p.initial, p.tolerance]).toEqual([0, 100, 1, 50, 10]);
    expect(p.hides).toEqual(['efficiency']);
    const ctx = { metrics: { efficiency: 0.5603645 } as Metrics } as LessonContext;
    expect(p.answer(ctx)).toBe(56.04);
    expect(p.answer({ metrics: null } as unknown as LessonContext)).toBeNull();
    expect(p.format(56.04)).toBe(new Intl.NumberFormat().format(56) + ' %');
  });

  it('asks a choice question whose right option is the file’s answer', () => {
    const r = parseLessonFile(JSON.stringify(good()));
    if (!('file' in r)) throw new Error('not parsed');
    const p = toLesson(r.file).steps[2].predict!;
    expect(p.kind).toBe('choice');
    if (p.kind !== 'choice') return;
    expect(p.options).toEqual([
      { id: '0', label: 'EPD' },
      { id: '1', label: 'PPD' },
    ]);
    expect(p.answer({} as LessonContext)).toBe('1');
    expect(p.measured({} as LessonContext)).toBe('The right answer: PPD');
    expect(p.why).toBe('So.');
  });

  it('plays at a readable speed by default', () => {
    expect(readableSpeed(0)).toBe(0.001);
    expect(readableSpeed(0.05)).toBe(0.01);
    expect(readableSpeed(0.26)).toBe(0.1);
    expect(readableSpeed(2)).toBe(0.1);
    expect(readableSpeed(20)).toBe(2);
    expect(readableSpeed(600)).toBe(2);
    // Each is a choice of the playback bar, which then names the speed a step plays at.
    const listed = SPEEDS.map((s) => s.value);
    for (const v of READABLE_SPEEDS) expect(listed).toContain(v);
  });

  it('travels in a link and back', () => {
    const r = parseLessonFile(JSON.stringify(good()));
    if (!('file' in r)) throw new Error('not parsed');
    const d = decodeLessonLink(encodeLessonFile(r.file));
    expect('lesson' in d && d.lesson.id).toBe(toLesson(r.file).id);
  });
});

describe('the errors of a lesson file, each naming its field', () => {
  it('says what is wrong with the text itself', () => {
    expect(parseLessonFile('')).toEqual({ errors: ['file: empty; a lesson file is JSON'] });
    expect(parseLessonFile('[1]')).toEqual({
      errors: ['file: must be a JSON object { "format": …, "steps": […] }'],
    });
    expect(parseLessonFile('{"a')).toEqual({
      errors: ['file: not JSON (Unterminated string in JSON at position …)'],
    });
    expect(parseLessonFile(' '.repeat(200_001) + '{}')).toEqual({
      errors: ['file: too long (over 200000 characters)'],
    });
  });

  it('names the file’s own fields', () => {
    expect(
      errorsOf({ ...good(), format: 'x', version: 2, title: '', steps: [], extra: 1 }),
    ).toEqual([
      'format: must be "tcp-over-atm-lab/lesson"',
      'version: must be 1 (this app reads 1)',
      'title: must not be empty',
      'steps: must hold 1 to 30 steps',
      'extra: not a field of the lesson file',
    ]);
    expect(errorsOf({ ...good(), title: 'x'.repeat(121) })).toEqual([
      'title: must be at most 120 characters',
    ]);
  });

  it('names a step’s fields', () => {
    const f = good() as { steps: Record<string, unknown>[] };
    f.steps[0].pauseAt = -1;
    delete f.steps[1].title;
    f.steps[2].speed = 0;
    expect(errorsOf(f)).toEqual([
      'steps[0].pauseAt: must be a number of seconds ≥ 0',
      'steps[1].title: missing (must be text)',
      'steps[2].speed: must be a number above 0 and at most 1000',
    ]);
  });

  it('checks the scenario with the model’s parser, the view, the zoom and the questions', () => {
    const f = good() as { steps: Record<string, unknown>[] };
    f.steps[0].scenario = 'preset=s0-testbed&bufferCells=-1';
    f.steps[0].view = 'foo';
    f.steps[0].zoom = [2, 1];
    f.steps[1].pauseAt = 30;
    f.steps[1].question = { kind: 'scale', prompt: 'p', metric: 'nope', min: 5, max: 5 };
    f.steps[2].question = { kind: 'choice', prompt: 'p', options: ['a', 'b'], answer: 2 };
    expect(errorsOf(f)).toEqual([
      'steps[0].scenario: bufferCells: "-1" is not an integer from 1 to 600000 cells',
      'steps[0].view: "foo" is not a view; one of metrics, network, queue, pervc, timeseq, cwnd, occupancy, loss',
      'steps[0].zoom: from must be before to',
      "steps[1].pauseAt: 30 s is after the run's end (20 s)",
      expect.stringMatching(
        /^steps\[1\]\.question\.metric: "nope" is not a metric; one of efficiency, /,
      ),
      'steps[1].question.max: must be above min',
      'steps[2].question.answer: 2 is not an option (0 to 1)',
    ]);
  });

  it('names a question’s fields', () => {
    const f = good() as { steps: Record<string, unknown>[] };
    f.steps[1].question = { kind: 'poll', prompt: 'p' };
    f.steps[2].question = { kind: 'choice', prompt: '', options: ['a'], answer: -1 };
    expect(errorsOf(f)).toEqual([
      "steps[1].question.kind: must be a question of kind 'choice' or 'scale'",
      'steps[2].question.prompt: must not be empty',
      'steps[2].question.options: must list 2 to 6 options',
      'steps[2].question.answer: must be the index of the right option (0, 1, …)',
    ]);
  });

  it('names the link key for a bad link value', () => {
    expect(decodeLessonLink('')).toEqual({ errors: ['lessonFile: empty value; lesson ignored'] });
    expect(decodeLessonLink('%%%')).toEqual({
      errors: ['lessonFile: not a lesson link (the value does not decode); lesson ignored'],
    });
  });
});

describe('a lesson file in the page’s link', () => {
  it('opens its lesson at the step the link names, and writes back the same link', async () => {
    const { navQuery, readNav } = await import('../../../../src/ui/urlState');
    const r = parseLessonFile(JSON.stringify(good()));
    if (!('file' in r)) throw new Error('not parsed');
    const enc = encodeLessonFile(r.file);
    const { nav, issues } = readNav(`preset=s0-testbed&lessonFile=${enc}&step=2`);
    expect(issues).toEqual([]);
    expect(nav.lesson).toBe(toLesson(r.file).id);
    expect(nav.lessonFile).toBe(enc);
    expect(nav.step).toBe(1);
    const written = navQuery(nav, false);
    expect(written).toContain(`&lessonFile=${enc}&step=2`);
    expect(written).not.toContain('lesson=');
    expect(readNav(written).nav).toEqual(nav);
  });

  it('names the field of a broken file and opens no lesson', async () => {
    const { readNav } = await import('../../../../src/ui/urlState');
    const f = good();
    f.steps[0].pauseAt = -1;
    const enc = LZString.compressToEncodedURIComponent(JSON.stringify(f));
    const { nav, issues } = readNav(`preset=s0-testbed&lessonFile=${enc}`);
    expect(nav.lesson).toBeNull();
    expect(nav.lessonFile).toBeNull();
    expect(issues).toEqual([
      {
        key: 'lessonFile',
        message: 'lessonFile: steps[0].pauseAt: must be a number of seconds ≥ 0',
      },
    ]);
  });
});
