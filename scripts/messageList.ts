// The shared form of the message lists that `npm run i18n:extract` writes for the words whose
// English lives with their data (scripts/lessonMessages.ts, metricMessages.ts,
// settingMessages.ts): one Lingui descriptor per line, a header saying who wrote the file, and
// the write itself when the script is run.
import { writeFileSync } from 'node:fs';

/** One descriptor line: `/*i18n*\/ { id, message, comment }`. ICU reads braces as
 * placeholders: these words have none (an error names the id). */
export function descriptorRow(id: string, message: string, comment: string): string {
  if (/[{}]/.test(message)) throw new Error(`${id}: braces in "${message}"`);
  return `  /*i18n*/ { id: ${JSON.stringify(id)}, message: ${JSON.stringify(message)}, comment: ${JSON.stringify(comment)} },`;
}

/** The file's text: written by `script`, its words taken from `from`, as `name`. */
export function messageListSource(script: string, from: string, name: string, rows: string[]) {
  return [
    `// Written by scripts/${script} (\`npm run i18n:extract\`); do not edit. Only the`,
    `// catalogs' extraction reads it: the page takes these words from ${from}.`,
    `export const ${name} = [`,
    ...rows,
    '];',
    '',
  ].join('\n');
}

/** Writes `file` when `script` is the script being run (not when a test imports it). */
export function writeWhenRun(script: string, file: string, source: () => string): void {
  if (!process.argv[1]?.endsWith(script)) return;
  writeFileSync(file, source());
  console.log(`${file}: written`);
}
