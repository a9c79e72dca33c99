// The e2e files' start order (tests/e2e/sequencer.ts): longest first within the e2e project,
// every other project's order as vitest gives it; and the cost table names real files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirst, { COST_S, e2eCost } from '../../e2e/sequencer';

const root = join(__dirname, '../../..');

/** Just what the sort reads of a file: its project, its path. */
function spec(project: string, file: string, groupOrder = 0): TestSpecification {
  return {
    project: { name: project, config: { sequence: { groupOrder }, isolate: true } },
    moduleId: join(root, file),
  } as unknown as TestSpecification;
}

describe('the e2e sequencer', () => {
  it('names only files that exist', () => {
    for (const f of Object.keys(COST_S))
      expect(existsSync(join(root, 'tests/e2e', f)), f).toBe(true);
  });

  it('starts the e2e files longest first, after the other projects, and keeps theirs', async () => {
    const files = [
      spec('e2e', 'tests/e2e/sound.test.ts', 1),
      spec('node', 'tests/unit/b.test.ts'),
      spec('e2e', 'tests/e2e/lessonWalk.test.ts', 1),
      spec('e2e', 'tests/e2e/brand-new.test.ts', 1),
      spec('node', 'tests/unit/a.test.ts'),
      spec('e2e', 'tests/e2e/a11y.test.ts', 1),
    ];
    const cache = { getFileTestResults: () => undefined, getFileStats: () => undefined };
    const sequencer = new LongestFirst({ cache, config: { root } } as never);
    const order = (await sequencer.sort(files)).map((f) => f.moduleId.slice(root.length + 1));
    expect(order).toEqual([
      'tests/unit/b.test.ts',
      'tests/unit/a.test.ts',
      'tests/e2e/lessonWalk.test.ts',
      'tests/e2e/a11y.test.ts',
      'tests/e2e/brand-new.test.ts',
      'tests/e2e/sound.test.ts',
    ]);
    expect(e2eCost('tests/e2e/brand-new.test.ts')).toBe(100);
  });
});
