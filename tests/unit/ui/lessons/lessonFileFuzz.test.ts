// 1,000 mutated lesson files (a seeded PRNG: fields dropped, duplicated, retyped, JSON cut
// short, huge strings, wrong nesting, NaN/Infinity/negative numbers, unknown and prototype
// keys): the parser never throws, and each file either parses or gives errors that each name a
// field of the file.
import { describe, expect, it } from 'vitest';
import { parseLessonFile } from '../../../../src/ui/lessons/file/format';
import { toLesson } from '../../../../src/ui/lessons/file/toLesson';
import { prng } from '../../../helpers/prng';

const base = () => ({
  format: 'tcp-over-atm-lab/lesson',
  version: 1,
  title: 'Fuzz',
  summary: 's',
  steps: [
    {
      title: 'a',
      text: 'b',
      scenario: 'preset=s0-testbed&duration=5',
      pauseAt: 1,
      view: 'metrics',
      zoom: [0, 2],
      question: { kind: 'scale', prompt: 'p', metric: 'efficiency', min: 0, max: 100 },
    },
    {
      title: 'c',
      text: 'd',
      scenario: 'preset=s0-testbed',
      pauseAt: 2,
      question: { kind: 'choice', prompt: 'q', options: ['x', 'y', 'z'], answer: 1 },
    },
  ],
});

type Json = unknown;
const WEIRD: Json[] = [
  null,
  true,
  0,
  -1,
  -0.5,
  1e308,
  '',
  'x'.repeat(5000),
  [],
  {},
  [[[]]],
  { a: { b: {} } },
  '__proto__',
  'NaN',
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'extra', 'kind', 'steps'];

/** Every object and array inside `v`, with itself. */
function containers(v: Json, out: (Record<string, Json> | Json[])[] = []) {
  if (typeof v === 'object' && v !== null) {
    out.push(v as Record<string, Json>);
    for (const c of Object.values(v)) containers(c, out);
  }
  return out;
}

function mutate(rand: () => number): string {
  const f: Json = base();
  const pick = <T>(a: T[]): T => a[Math.floor(rand() * a.length)];
  const weird = () => structuredClone(pick(WEIRD));
  const n = 1 + Math.floor(rand() * 4);
  // Special numbers JSON cannot spell are written as tokens and put in the text at the end.
  const tokens = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999'];
  for (let i = 0; i < n; i++) {
    const c = pick(containers(f));
    const keys = Object.keys(c);
    const k = keys.length ? pick(keys) : '0';
    const op = Math.floor(rand() * 8);
    const obj = c as Record<string, Json>;
    if (op === 0) delete obj[k];
    else if (op === 1) obj[k] = weird();
    else if (op === 2) obj[k] = `@@${pick(tokens)}@@`;
    else if (op === 3) obj[k] = [obj[k], obj[k]];
    else if (op === 4) obj[k] = { nested: obj[k] };
    else if (op === 5)
      Object.defineProperty(obj, pick(KEYS), {
        value: weird(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (op === 6 && Array.isArray(c)) c.push(structuredClone(c[0] ?? null));
    else obj[k] = typeof obj[k] === 'number' ? -(obj[k] as number) : String(obj[k]);
  }
  let text = JSON.stringify(f).replace(/"@@([^@]+)@@"/g, '$1');
  if (rand() < 0.1) text = text.slice(0, Math.floor(rand() * text.length));
  if (rand() < 0.03) text = text.replace('"steps":[', `"steps":[${'{},'.repeat(40)}`);
  return text;
}

/** An error names a field: the file itself, or a path of the file's fields. */
const NAMES_A_FIELD =
  /^(file|[A-Za-z_$][\w$]*(\[\d+\])?(\.[A-Za-z_$][\w$]*(\[\d+\])?|\[\d+\])*): \S/;

describe('1,000 mutated lesson files', () => {
  it('never throw; each parses or gives errors that each name a field', () => {
    const rand = prng(20261128);
    let parsed = 0;
    let failed = 0;
    for (let i = 0; i < 1000; i++) {
      const text = mutate(rand);
      let r: ReturnType<typeof parseLessonFile>;
      try {
        r = parseLessonFile(text);
      } catch (e) {
        throw new Error(`threw on file ${i}: ${text.slice(0, 300)}: ${String(e)}`);
      }
      if ('file' in r) {
        parsed++;
        expect(toLesson(r.file).steps.length).toBe(r.file.steps.length);
      } else {
        failed++;
        expect(r.errors.length, text).toBeGreaterThan(0);
        for (const e of r.errors) expect(e, text.slice(0, 300)).toMatch(NAMES_A_FIELD);
      }
    }
    // Both sides are exercised: some mutations leave a valid file, most break it.
    expect(parsed).toBeGreaterThan(10);
    expect(failed).toBeGreaterThan(500);
  });

  it('the pattern rejects an error that names no field', () => {
    expect('steps[2].question.options[0]: must not be empty').toMatch(NAMES_A_FIELD);
    expect('file: not JSON (x)').toMatch(NAMES_A_FIELD);
    expect('Something went wrong').not.toMatch(NAMES_A_FIELD);
    expect(': must be text').not.toMatch(NAMES_A_FIELD);
  });
});
