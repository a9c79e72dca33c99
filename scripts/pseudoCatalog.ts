// Writes the pseudo-locale's catalog (src/locales/pseudo.po): every English message with its
// letters accented and about 40 % more length, in brackets, its ICU parts (placeholders,
// plural and select keys) kept. Opening the app with `lang=pseudo` then shows, on every
// screen, a word that is not translatable (plain English), a label that clips (a bracket
// missing) and a layout that cannot take longer words (PhET's `stringTest=long`).
// Run by `npm run i18n:extract` after `lingui extract`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import pseudolocale from 'pseudolocale';
import { PSEUDO } from '../src/i18n/locales.ts';

/** The index of the brace that closes the one at `open`. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${JSON.stringify(s)}`);
}

const accent = (text: string) => pseudolocale(text, { prepend: '', append: '' });

/** A plural or select's options: keys kept, each body's text accented. */
function options(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (s[i] === '{') {
      const j = closing(s, i);
      out += `{${text(s.slice(i + 1, j))}}`;
      i = j + 1;
    } else out += s[i++];
  }
  return out;
}

/** An argument `{…}`'s inside: a placeholder as it is; a plural or select with its options. */
function argument(inner: string): string {
  const m = /^(\s*\w+\s*),(\s*(?:plural|select|selectordinal)\s*),([\s\S]*)$/.exec(inner);
  return m ? `{${m[1]},${m[2]},${options(m[3])}}` : `{${inner}}`;
}

/** A message's text: runs of words accented, arguments and `#` kept. */
function text(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (s[i] === '{') {
      const j = closing(s, i);
      out += argument(s.slice(i + 1, j));
      i = j + 1;
    } else if (s[i] === '#') out += s[i++];
    else {
      let j = i;
      while (j < s.length && s[j] !== '{' && s[j] !== '#') j++;
      out += accent(s.slice(i, j));
      i = j;
    }
  }
  return out;
}

/** The longest run of padding without a space: a longer message's padding comes as several
 * short words, which wrap as a translation's longer words would (one word of 70 tildes is
 * wider than a phone and cannot wrap at all). */
const PAD_WORD = 8;

/** The pseudo-locale's form of an English message. */
export function pseudoMessage(message: string): string {
  const letters = message.replace(/\{[^{}]*\}/g, '').length;
  const pad = Math.max(1, Math.round(letters * 0.4) - 2);
  const words: string[] = [];
  for (let left = pad; left > 0; left -= PAD_WORD) words.push('~'.repeat(Math.min(PAD_WORD, left)));
  return `[${text(message)}${words.join(' ')}]`;
}

if (process.argv[1]?.endsWith('pseudoCatalog.ts')) {
  for (const dir of [[], ['data']]) {
    const file = join(import.meta.dirname, '..', 'src', 'locales', ...dir, `${PSEUDO}.po`);
    const po = PO.parse(readFileSync(file, 'utf8'));
    for (const item of po.items) item.msgstr = [pseudoMessage(item.msgid)];
    writeFileSync(file, po.toString() + '\n');
    console.log(`${file}: ${po.items.length} messages`);
  }
}
