/**
 * A lesson file in a link: `lessonFile=<lz-string of its JSON>`, as a challenge is shared.
 * Decoding never throws: a bad value gives errors naming the link key and the file's field.
 */
import LZString from 'lz-string';
import type { Lesson } from '../types';
import type { LessonFile } from './format';
import { parseLessonFile } from './format';
import { toLesson } from './toLesson';

/** The link key. */
export const LESSON_FILE_KEY = 'lessonFile';
/** Longest encoded value read (a link may carry megabytes of junk). */
export const ENCODED_MAX = 100_000;

export function encodeLessonFile(f: LessonFile): string {
  return LZString.compressToEncodedURIComponent(JSON.stringify(f));
}

export type DecodedLesson = { lesson: Lesson; file: LessonFile } | { errors: string[] };

/** Reads a file's text (from a link or a file) into the lesson it holds, or its errors. */
export function readLessonText(text: string): DecodedLesson {
  const r = parseLessonFile(text);
  return 'errors' in r ? r : { file: r.file, lesson: toLesson(r.file) };
}

/** Reads the value of `lessonFile=`; never throws. Errors start with the key. */
export function decodeLessonLink(encoded: string): DecodedLesson {
  const fail = (what: string): DecodedLesson => ({
    errors: [`${LESSON_FILE_KEY}: ${what}; lesson ignored`],
  });
  if (encoded.length === 0) return fail('empty value');
  if (encoded.length > ENCODED_MAX) return fail(`value too long (over ${ENCODED_MAX} characters)`);
  let json: string | null;
  try {
    // A `+` of the value may reach here as a space (a link typed or pasted by hand).
    json = LZString.decompressFromEncodedURIComponent(encoded.replace(/ /g, '+'));
  } catch {
    json = null;
  }
  if (!json) return fail('not a lesson link (the value does not decode)');
  const r = readLessonText(json);
  if ('errors' in r) return { errors: r.errors.map((e) => `${LESSON_FILE_KEY}: ${e}`) };
  return r;
}
