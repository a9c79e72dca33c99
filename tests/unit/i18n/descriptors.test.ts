// The build's step that keeps only a message descriptor's id (scripts/i18nDescriptors.ts): it
// finds exactly the object literals whose keys are id, message and comment, all plain strings.
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { descriptors } from '../../../scripts/i18nDescriptors';

const code = `
const M = {
  a: /*i18n*/ { id: 'header.a', message: 'A {x} b', comment: 'a, b: the letters' },
  b: { comment: 'c', message: "m's", id: "header.b" },
};
const notOne = { id: 'x', message: 'y' };
const shape = { id: 'x', message: 'y', comment: \`z\` };
const more = { id: 'x', message: 'y', comment: 'z', extra: 'w' };
f({ id: 'call.c', message: 'C', comment: 'c' });
`;

describe('keeping only the ids of message descriptors', () => {
  it('finds the descriptors, and nothing else', () => {
    const found = descriptors(parseAst(code) as never, code);
    expect(found.map((d) => d.id)).toEqual(["'header.a'", '"header.b"', "'call.c'"]);
    let out = code;
    for (const d of [...found].reverse())
      out = out.slice(0, d.start) + `{ id: ${d.id} }` + out.slice(d.end);
    expect(out).toContain("a: /*i18n*/ { id: 'header.a' },");
    expect(out).toContain('b: { id: "header.b" },');
    expect(out).toContain("f({ id: 'call.c' });");
    expect(out).toContain("const notOne = { id: 'x', message: 'y' };");
    expect(out).toContain('comment: `z` };');
    expect(out).toContain("extra: 'w' };");
    expect(out).not.toContain('the letters');
  });
});
