// The import graph of src/: every `import`/`export … from`/`import()` of a relative path in
// src/**/*.ts(x), type-only imports included (a cycle of types is still a cycle for a reader),
// resolved to files; its cycles of files and of folders (strongly connected components of
// more than one node). Read by tests/unit/imports.test.ts and `npx tsx scripts/imports.ts`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportGraph {
  /** Files relative to the root (e.g. 'sim/atm/port.ts') → the files they import. */
  files: Map<string, Set<string>>;
}

function listSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listSources(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

/** The graph of the TypeScript files under `root` (absolute). */
export function importGraph(root: string): ImportGraph {
  const files = new Map<string, Set<string>>();
  for (const file of listSources(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = new Set<string>();
    for (const ref of info.importedFiles) {
      const to = resolveImport(file, ref.fileName);
      if (to !== undefined && to.startsWith(root)) deps.add(relative(root, to));
    }
    files.set(relative(root, file), deps);
  }
  return { files };
}

/** The folder a file belongs to, as a module: its directory cut to two levels under the root
 * ('sim/atm/policies/epd.ts' → 'sim/atm', 'ui/App.tsx' → 'ui'). */
export function moduleOf(file: string): string {
  return dirname(file).split('/').slice(0, 2).join('/');
}

const within = (a: string, b: string) => a === '.' || b.startsWith(a + '/');

/** The folder graph: module → the other modules its files import. A folder and its own
 * sub-folders are one family (a file of `ui/` composes `ui/app/`, whose files read `ui/`'s), so
 * an import between a folder and its ancestor or descendant is not an edge; two folders of which
 * neither holds the other must not import each other both ways. */
export function folderGraph(g: ImportGraph): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [f, deps] of g.files) {
    const from = moduleOf(f);
    if (!out.has(from)) out.set(from, new Set());
    for (const d of deps) {
      const to = moduleOf(d);
      if (to !== from && !within(from, to) && !within(to, from)) out.get(from)!.add(to);
    }
  }
  return out;
}

/** Strongly connected components of more than one node (Tarjan), each sorted, largest first. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The edges inside a cycle, "a → b", for a message that says where to cut. */
export function edgesWithin(graph: Map<string, Set<string>>, comp: string[]): string[] {
  const inside = new Set(comp);
  const out: string[] = [];
  for (const v of comp)
    for (const w of graph.get(v) ?? []) if (inside.has(w)) out.push(`${v} → ${w}`);
  return out;
}

/** The folders that import this folder and its sub-folders, restricted to a prefix. */
export function under(graph: Map<string, Set<string>>, prefix: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [k, v] of graph)
    if (k === prefix || k.startsWith(prefix + '/'))
      out.set(k, new Set([...v].filter((w) => w === prefix || w.startsWith(prefix + '/'))));
  return out;
}
