// A Vite plugin for the app's build: a message descriptor in the code
// (`{ id: 'header.lessons', message: 'Lessons', comment: '…' }`) keeps only its id. The English
// and the translator's comment are for `lingui extract`, which reads the sources; the page reads
// each message, English included, from its language's catalog (src/i18n/activate.ts), so the
// English is not shipped twice. Lingui's macros do the same in a production build (they would
// need a Babel pass here). A descriptor is an object literal whose keys are exactly id,
// message and comment, each a plain string; the build fails on a message a catalog lacks, and
// tests/unit/i18n/catalogs.test.ts keeps the catalogs to the ids the code declares.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [k: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

function keyOf(p: Node): string | null {
  const k = p.key as Node | undefined;
  if (!k || p.computed) return null;
  if (k.type === 'Identifier') return k.name as string;
  if (k.type === 'Literal' && typeof k.value === 'string') return k.value;
  return null;
}

/** Each descriptor of `program`: its range, and the source of its id's string. */
export function descriptors(
  program: Node,
  code: string,
): { start: number; end: number; id: string }[] {
  const out: { start: number; end: number; id: string }[] = [];
  const visit = (n: Node) => {
    if (n.type === 'ObjectExpression') {
      const all = n.properties as Node[];
      const props = all.filter((p) => p.type === 'Property' && !p.computed);
      const keys = props.map(keyOf);
      const plain = props.every(
        (p) => (p.value as Node).type === 'Literal' && typeof (p.value as Node).value === 'string',
      );
      if (
        plain &&
        props.length === all.length &&
        keys.length === 3 &&
        ['comment', 'id', 'message'].every((k) => keys.includes(k))
      ) {
        const v = props[keys.indexOf('id')].value as Node;
        out.push({ start: n.start, end: n.end, id: code.slice(v.start, v.end) });
        return;
      }
    }
    for (const v of Object.values(n))
      if (Array.isArray(v)) v.forEach((c) => isNode(c) && visit(c));
      else if (isNode(v)) visit(v);
  };
  visit(program);
  return out;
}

export function i18nDescriptors(): Plugin {
  return {
    name: 'atm-lab-i18n-descriptors',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/.*\.[jt]sx?$/.test(id) || !code.includes('comment')) return null;
      const found = descriptors(this.parse(code) as unknown as Node, code);
      if (found.length === 0) return null;
      const s = new MagicString(code);
      for (const d of found) s.overwrite(d.start, d.end, `{ id: ${d.id} }`);
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
