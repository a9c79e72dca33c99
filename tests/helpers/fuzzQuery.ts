// Hostile scenario URLs for the parser fuzz test: random keys and values, every way of
// encoding them (percent-encoding, broken %-escapes, unicode, + and spaces, repeated and empty
// keys), lengths up to 100 KB, and lz-string "compressed state" garbage. Deterministic: all
// draws come from the seeded generator passed in.
import LZString from 'lz-string';
import { KEYS, PRESETS, SCHEMA } from '../../src/sim';
import { APP_KEYS } from '../../src/link';
import type { Random } from '../../src/sim/core/random';
import { encodeChallenge } from '../../src/ui/challenges/challenge';
import { READY_CHALLENGES } from '../../src/ui/challenges/library';

export const MAX_FUZZ_LENGTH = 100 * 1024;

/** The app's keys of the link-key table, its prefixes (`b.`, `sweep.`) left out. */
const NAMED_APP_KEYS = APP_KEYS.filter((k) => !k.endsWith('.'));

const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)];
const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo + 1));

const UNICODE = [
  'é',
  'ß',
  'ε',
  'ж',
  '日本',
  '😀',
  '👩‍👩‍👧',
  '\u0301',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\u00a0',
  '\u0000',
  '\n',
  '\t',
  '\ud800', // lone surrogates
  '\udfff',
  '\uffff',
];
const ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$'()*,;:@/?";
const BROKEN_ESCAPES = ['%', '%%', '%2', '%zz', '%E0%A4%A', '%C3', '%FF%FE', '%ED%A0%80', '%u00e9'];
const SPECIAL_KEYS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  'Policy',
  'POLICY',
  'bufferCells ',
  ' mtu',
  'policy[]',
  'b.',
  'b.policy',
  'b.nope',
  'v',
  'preset',
  'preset',
];
const NUMBERS = [
  '-5',
  '0',
  '-0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '0b11',
  '1_000',
  '1,5',
  '1.5.5',
  '.',
  '1e-400',
  '9007199254740993',
  '4294967296',
  ' 7 ',
  '+3',
  '٣',
  '１２',
];
const LISTS = ['1*99999', '*', '1**2', ',,,', '1*0', '1*-1', '*5', '1*', '0,1*4096', '1*2,1*4095'];

function randomText(r: Random, n: number, alphabet: 'ascii' | 'any'): string {
  if (n > 1000)
    return randomText(r, 997, alphabet)
      .repeat(Math.ceil(n / 997))
      .slice(0, n);
  let s = '';
  while (s.length < n) {
    const x = r.next();
    if (alphabet === 'ascii' || x < 0.6) s += ASCII[Math.floor(r.next() * ASCII.length)];
    else if (x < 0.8) s += pick(r, UNICODE);
    else if (x < 0.9) s += pick(r, BROKEN_ESCAPES);
    else s += pick(r, ['=', '&', '+', ' ', '#', '?', '%20', '%26', '%3D', '%2B']);
  }
  return s;
}

/** A value that the schema accepts for `key` (a list for per-VC keys, sometimes). */
export function validValue(r: Random, key: (typeof KEYS)[number]): string {
  const d = SCHEMA[key];
  const one = (): string => {
    if (d.kind === 'enum') return pick(r, d.options as readonly string[]);
    if (d.kind === 'bool') return pick(r, ['0', '1', 'true', 'false', 'yes', 'off']);
    const x = d.min + r.next() * (d.max - d.min);
    return String(d.kind === 'int' ? Math.round(x) : x);
  };
  if (!d.perVc || r.next() < 0.5) return one();
  const parts = Array.from({ length: int(r, 1, 5) }, () =>
    r.next() < 0.3 ? `${one()}*${int(r, 1, 20)}` : one(),
  );
  return parts.join(',');
}

/** lz-string state, as a share link might carry it: random, truncated or mutated. */
export function compressedGarbage(r: Random): string {
  const x = r.next();
  if (x < 0.3) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
    let s = '';
    for (let i = int(r, 0, 400); i > 0; i--) s += alphabet[Math.floor(r.next() * alphabet.length)];
    return s;
  }
  const state = JSON.stringify({ policy: 'epd', bufferCells: int(r, -10, 1e6), junk: r.next() });
  let s =
    x < 0.7
      ? LZString.compressToEncodedURIComponent(state)
      : LZString.compressToBase64(randomText(r, int(r, 0, 300), 'any'));
  if (r.next() < 0.5) s = s.slice(0, int(r, 0, s.length)); // truncated
  for (let i = int(r, 0, 4); i > 0 && s.length > 0; i--) {
    const at = Math.floor(r.next() * s.length); // mutated
    s = s.slice(0, at) + pick(r, ['%', '+', ' ', '$', 'A', '\u0000', 'é']) + s.slice(at + 1);
  }
  return s;
}

/** Values of the timeline keys (t, zoom, drop), usable and not. */
const TIMELINE_VALUES: Record<string, string[]> = {
  t: ['2.5', '0', '0.064', '.5', '1e-3', '-1', '99999', '2.5s', '0.0000000000001', '5'],
  zoom: ['1,3.5', '0,0.2', '3,1', '1,1', '1,', ',2', '1,2,3', '0.5,99999', '99999,100000', 'a,b'],
  drop: ['0.4628,1', '0.064,3', '1,-1', '1,1.5', '0.1', '1,2,3', '99999,0', '0,0', 'x,1'],
};

/** Values of the lesson keys: lesson ids (usable and not), steps, old tour flags. */
const LESSON_VALUES: Record<string, string[]> = {
  lesson: ['cells', 'ubr-collapse', 'deadlock', 'parking-lot', 'Cells', 'nope', '1', ''],
  step: ['1', '2', '3', '4', '9', '0', '-1', '1.5', 'x'],
  story: ['1', '0', 'true', '2'],
};

/** Values of the live class's keys: room codes (usable and not), roles. */
const CLASS_VALUES: Record<string, string[]> = {
  join: ['ABCD', 'abc23', 'K7P2QX', 'ABC', 'TOOLONG7', 'AB CD', '', '%41BCD'],
  room: ['ABCD', 'x9y8z', 'AB', 'ABCDEFG', ''],
  class: ['host', 'results', 'student', 'HOST', ''],
};

function randomKey(r: Random): string {
  const x = r.next();
  if (x < 0.45) return pick(r, KEYS);
  if (x < 0.55) return pick(r, NAMED_APP_KEYS);
  if (x < 0.7) return pick(r, SPECIAL_KEYS);
  if (x < 0.8) return `b.${pick(r, KEYS)}`;
  if (x < 0.85) return pick(r, ['state', 's', 'z', 'c', 'compressed']);
  return randomText(r, int(r, 1, r.next() < 0.05 ? 5000 : 20), 'any');
}

/** A challenge link's value: valid, or valid and then cut or mutated. */
export function challengeValue(r: Random): string {
  let s = encodeChallenge(pick(r, READY_CHALLENGES).challenge);
  const x = r.next();
  if (x < 0.5) return s;
  if (x < 0.75) return s.slice(0, int(r, 0, s.length));
  for (let i = int(r, 1, 4); i > 0 && s.length > 0; i--) {
    const at = Math.floor(r.next() * s.length);
    s = s.slice(0, at) + pick(r, ['%', '+', ' ', '$', 'A', 'z', '\u0000', 'é']) + s.slice(at + 1);
  }
  return s;
}

function randomValue(r: Random, key: string, budget: number): string {
  const x = r.next();
  if (key === 'challenge' && x < 0.5) return challengeValue(r);
  if (Object.hasOwn(TIMELINE_VALUES, key) && x < 0.4) return pick(r, TIMELINE_VALUES[key]);
  if (Object.hasOwn(LESSON_VALUES, key) && x < 0.5) return pick(r, LESSON_VALUES[key]);
  if (Object.hasOwn(CLASS_VALUES, key) && x < 0.6) return pick(r, CLASS_VALUES[key]);
  if (key === 'preset' && x < 0.5) return pick(r, PRESETS).name;
  if (x < 0.35 && (KEYS as string[]).includes(key)) return validValue(r, key as never);
  if (x < 0.5) return pick(r, NUMBERS);
  if (x < 0.58) return pick(r, LISTS);
  if (x < 0.7) return compressedGarbage(r);
  if (x < 0.75) return '';
  if (x < 0.76) return randomText(r, Math.min(budget, int(r, 1000, MAX_FUZZ_LENGTH)), 'any');
  return randomText(r, int(r, 1, 30), 'any');
}

/** Encodes a key or value as a link might: raw, percent-encoded, partly, or with + for space. */
function encode(r: Random, s: string): string {
  const x = r.next();
  if (x < 0.4) return s;
  if (x < 0.6) return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'));
  if (x < 0.7) return s.replace(/ /g, '+');
  if (x < 0.8)
    return s.replace(/[a-z]/g, (c) => (r.next() < 0.3 ? `%${c.charCodeAt(0).toString(16)}` : c));
  if (x < 0.9) return s + pick(r, BROKEN_ESCAPES);
  return encodeURIComponent(encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))); // twice
}

/** One hostile query (at most MAX_FUZZ_LENGTH characters). */
export function fuzzQuery(r: Random): string {
  const x = r.next();
  if (x < 0.04) return compressedGarbage(r); // the whole query is compressed state
  if (x < 0.05) return randomText(r, int(r, 0, MAX_FUZZ_LENGTH), 'any');
  const prefix = pick(r, ['', '', '?', '?', 'https://lab.example/?', '/x?', '#', '?#', '&']);
  const parts: string[] = [];
  let length = prefix.length;
  const n = r.next() < 0.1 ? int(r, 30, 300) : int(r, 0, 12);
  for (let i = 0; i < n && length < MAX_FUZZ_LENGTH; i++) {
    const key = randomKey(r);
    const value = randomValue(r, key, MAX_FUZZ_LENGTH - length);
    const sep = pick(r, ['=', '=', '=', '=', '', '==']);
    const part = `${encode(r, key)}${sep}${sep ? encode(r, value) : ''}`;
    parts.push(part);
    if (r.next() < 0.1) parts.push(part); // repeated key
    length += part.length + 1;
  }
  const joined = prefix + parts.join(pick(r, ['&', '&', '&', '&&', ';']));
  return joined.slice(0, MAX_FUZZ_LENGTH);
}
