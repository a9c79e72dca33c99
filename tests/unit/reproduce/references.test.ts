// Papers are cited as papers: REFERENCES.md and src/reproduce/references.ts hold the same full
// entries, every "REFERENCES.md [KEY]" in the code names one of them, and no file of the app or
// the README points to a path outside the repository (no absolute path, no ../shared, no
// work notes, which a clone of this repository does not have). Tests and comments cite papers
// and RFCs, never a work note or an issue number a reader cannot open.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCES } from '../../../src/reproduce/references';

/** A reference by key; throws on an unknown one (a citation must resolve). */
function reference(key: string): (typeof REFERENCES)[number] {
  const r = REFERENCES.find((x) => x.key === key);
  if (!r) throw new Error(`no reference "${key}"`);
  return r;
}

const ROOT = join(__dirname, '../../..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(ROOT, p)).isDirectory() ? files(p) : [p];
  });
}
/** Paths a clone does not have: absolute paths into the build machine, the spec folder. */
const OUTSIDE = /\.\.\/shared|domain\.md|\/work\/|\/home\/|\/Users\/|[A-Z]:\\\\/;
describe('references', () => {
  it('REFERENCES.md holds every entry of references.ts, with unique keys', () => {
    const md = read('REFERENCES.md');
    expect(new Set(REFERENCES.map((r) => r.key)).size).toBe(REFERENCES.length);
    for (const r of REFERENCES) {
      expect(md, r.key).toContain(`**[${r.key}]** ${r.entry}`);
      expect(md, r.key).toContain(r.use);
    }
    for (const k of ['S0', 'S1', 'S2', 'S3', 'S4', 'RF95', 'GJ97', 'YATS', 'RFC6298', 'RFC1626'])
      expect(reference(k).entry.length, k).toBeGreaterThan(30);
  });

  it('the five papers carry their exact titles', () => {
    expect(reference('S0').entry).toContain(
      'A Detailed Experimental Performance Evaluation on TCP over UBR',
    );
    expect(reference('S2').entry).toContain(
      'Analysis of TCP Throughput Anomaly over Congested ATM Networks',
    );
    expect(reference('S3').entry).toContain(
      'A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP',
    );
    expect(reference('S4').entry).toContain('An Enhanced UBR+ (EUBR+) scheme');
  });

  it('every "REFERENCES.md [KEY]" in the app names an entry', () => {
    for (const f of files('src')) {
      for (const m of read(f).matchAll(/REFERENCES\.md \[([A-Za-z0-9-]+)\]/g))
        expect(() => reference(m[1]), `${f}: ${m[0]}`).not.toThrow();
    }
  });

  it('no path outside the repository in the app, the claims, the presets or the README', () => {
    const offenders: string[] = [];
    const checked = [...files('src'), 'README.md', 'REFERENCES.md'].filter((f) =>
      /\.(ts|tsx|json|md|css|html)$/.test(f),
    );
    expect(checked).toContain('src/reproduce/claims/s1.ts');
    expect(checked).toContain('src/sim/scenario/presets.ts');
    for (const f of checked)
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) offenders.push(`${relative('.', f)}:${i + 1}: ${line.trim()}`);
        });
    expect(offenders).toEqual([]);
  });

  it('cites papers and RFCs, never a work note or an issue number (src, tests, scripts, README)', () => {
    const NOTE = /\bdomain\.md\b|\bissues? #?\d+/i;
    const checked = [...files('src'), ...files('tests'), ...files('scripts'), 'README.md'].filter(
      (f) => /\.(ts|tsx|js|json|md|css|html)$/.test(f),
    );
    expect(checked).toContain('tests/reference/s0.test.ts');
    const offenders: string[] = [];
    for (const f of checked) {
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (NOTE.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
    // The check itself: it catches both kinds of citation.
    expect(NOTE.test('see the notes, section 5 of domain' + '.md')).toBe(true);
    expect(NOTE.test('as filed in Issue ' + '21, item 5')).toBe(true);
    expect(NOTE.test('S2 §3, RFC 6298 §2.4')).toBe(false);
  });
});
