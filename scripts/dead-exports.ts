// Exports of src that no other file uses, and exports only tests use, found with the
// TypeScript compiler's own name resolution (imports through index files, `import * as`,
// `typeof import(...)`, lazy `import('./x').then((m) => m.X)` or `.then(({ X }) => ...)` all
// count).
//
//   npx tsx scripts/dead-exports.ts [--all]   # lists them; exit status 1 if any
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface ExportUse {
  /** The declaring file, relative to the repository ("src/ui/export/meta.ts"). */
  file: string;
  name: string;
  /** Other files that use it: by the app (src, scripts, configs) and by tests. */
  bySource: string[];
  byTests: string[];
  /** Used in its own file (beyond its declaration). */
  local: boolean;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every export declared in src, with the files that use it. */
export function exportUses(root = ROOT): ExportUse[] {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const checker = program.getTypeChecker();
  const rel = (f: string) => relative(root, f).split('\\').join('/');
  const ours = program
    .getSourceFiles()
    .filter(
      (f) =>
        !f.isDeclarationFile &&
        !rel(f.fileName).startsWith('..') &&
        !rel(f.fileName).includes('node_modules'),
    );

  const resolve = (s: ts.Symbol): ts.Symbol => {
    let out = s;
    for (let i = 0; i < 20 && out.flags & ts.SymbolFlags.Alias; i++)
      out = checker.getAliasedSymbol(out);
    return out;
  };

  // The exports declared (not re-exported) in each src file.
  const uses = new Map<ts.Symbol, ExportUse>();
  for (const sf of ours) {
    const file = rel(sf.fileName);
    if (!file.startsWith('src/')) continue;
    const mod = checker.getSymbolAtLocation(sf);
    if (!mod) continue;
    for (const exp of checker.getExportsOfModule(mod)) {
      const target = resolve(exp);
      const decl = target.declarations?.[0];
      if (!decl || decl.getSourceFile() !== sf) continue;
      if (!uses.has(target))
        uses.set(target, { file, name: exp.name, bySource: [], byTests: [], local: false });
    }
  }

  // A destructured module's member (`import('./x').then(({ X }) => X)`) names the export,
  // not only the local binding: the property of the destructured value's type.
  const bindingTarget = (node: ts.Identifier): ts.Symbol | undefined => {
    const el = node.parent;
    if (!ts.isBindingElement(el) || !ts.isObjectBindingPattern(el.parent)) return undefined;
    const key = el.propertyName ?? el.name;
    if (key !== node || !ts.isIdentifier(key)) return undefined;
    return checker.getTypeAtLocation(el.parent).getProperty(key.text);
  };

  // Every identifier of every file, resolved to what it names.
  for (const sf of ours) {
    const file = rel(sf.fileName);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !ts.isExportSpecifier(node.parent)) {
        const s = bindingTarget(node) ?? checker.getSymbolAtLocation(node);
        const target = s && resolve(s);
        const u = target && uses.get(target);
        if (u && u.file === file) {
          if (!target.declarations?.some((d) => (d as ts.NamedDeclaration).name === node))
            u.local = true;
        } else if (u) {
          const list = file.startsWith('tests/') ? u.byTests : u.bySource;
          if (!list.includes(file)) list.push(file);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...uses.values()].sort(
    (a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name),
  );
}

/** The report: exports used nowhere (not even in their own file: dead code), exports only
 * tests use (code the app never runs; an export its own file uses and tests check is fine),
 * and exports only their own file uses (they need no `export`). */
export function deadExports(root = ROOT): {
  total: number;
  unused: ExportUse[];
  testsOnly: ExportUse[];
  localOnly: ExportUse[];
} {
  const all = exportUses(root);
  const elsewhere = (u: ExportUse) => u.bySource.length + u.byTests.length > 0;
  return {
    total: all.length,
    unused: all.filter((u) => !elsewhere(u) && !u.local),
    testsOnly: all.filter((u) => u.bySource.length === 0 && u.byTests.length > 0 && !u.local),
    localOnly: all.filter((u) => !elsewhere(u) && u.local),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { total, unused, testsOnly, localOnly } = deadExports();
  const all = process.argv.includes('--all');
  for (const u of unused) console.log(`unused      ${u.file}  ${u.name}`);
  for (const u of testsOnly)
    console.log(`tests only  ${u.file}  ${u.name}  (${u.byTests.join(', ')})`);
  if (all) for (const u of localOnly) console.log(`own file    ${u.file}  ${u.name}`);
  console.log(
    `${total} exports in src: ${unused.length} used nowhere, ${testsOnly.length} only by tests, ` +
      `${localOnly.length} only in their own file${all ? '' : ' (list them with --all)'}`,
  );
  process.exitCode = unused.length + testsOnly.length > 0 ? 1 : 0;
}
