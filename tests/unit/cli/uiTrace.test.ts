import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../src/cli/uiTrace';
import { byLargestPart, describeLongTasks, longTasks } from '../../../src/cli/uiTrace';

const MAIN = { pid: 7, tid: 1 };
const X = (name: string, startMs: number, ms: number, extra: Partial<TraceEvent> = {}) =>
  ({ name, ph: 'X', ...MAIN, ts: startMs * 1000, dur: ms * 1000, ...extra }) as TraceEvent;
const call = (startMs: number, ms: number, functionName: string, lineNumber: number) =>
  X('FunctionCall', startMs, ms, { args: { data: { functionName, lineNumber, columnNumber: 4 } } });

// A page's trace: a 30 ms task (not long), a 70 ms animation frame whose draw forces a layout,
// then style, paint and commit, and a 60 ms task that is mostly a batch handler and a GC; plus
// another renderer's main thread (no animation frames), whose long task is not the page's.
const events: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 9, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
  X('ThreadControllerImpl::RunTask', 0, 30),
  X('FireAnimationFrame', 1, 20),
  X('ThreadControllerImpl::RunTask', 100, 70),
  X('FireAnimationFrame', 100, 40),
  call(100, 40, 'runFrame', 99),
  call(110, 5, 'inner', 5),
  X('Layout', 120, 12),
  X('UpdateLayoutTree', 141, 6),
  X('Paint', 148, 10),
  X('Commit', 160, 9),
  X('ThreadControllerImpl::RunTask', 200, 60),
  call(200, 45, '', 30740),
  X('MajorGC', 246, 12),
  { ...X('ThreadControllerImpl::RunTask', 0, 500), pid: 9 },
];

describe('bench:ui --trace: what each long task is', () => {
  const tasks = longTasks(events);

  it('finds the page main thread tasks over 50 ms and splits them into parts', () => {
    expect(tasks.map((t) => [t.startMs, t.ms])).toEqual([
      [100, 70],
      [200, 60],
    ]);
    // The nested call counts in its caller only; the forced layout counts as layout too.
    expect(tasks[0].parts).toEqual([
      ['script runFrame:100:4', 40],
      ['layout', 12],
      ['paint', 10],
      ['commit', 9],
      ['style', 6],
    ]);
    expect(tasks[1].parts).toEqual([
      ['script (anonymous):30741:4', 45],
      ['gc', 12],
    ]);
  });

  it('counts them by their largest part and prints the longest first', () => {
    expect(byLargestPart(tasks)).toEqual([
      ['script runFrame:100:4', 1],
      ['script (anonymous):30741:4', 1],
    ]);
    const text = describeLongTasks(tasks, 'x.json');
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Main-thread tasks over 50 ms in the trace (x.json): 2',
      '  by their largest part: script runFrame:100:4 1, script (anonymous):30741:4 1',
      '    70 ms: script runFrame:100:4 40 · layout 12 · paint 10 · commit 9',
    ]);
  });

  it('a trace without the page thread has no long tasks', () => {
    expect(longTasks(events.filter((e) => e.name !== 'FireAnimationFrame'))).toEqual([]);
  });
});
