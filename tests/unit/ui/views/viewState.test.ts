// The metrics an open question hides (ViewState.hide): the union of what each source hides (a
// lesson's prediction, the class's question), a new value only when it changes, and a source
// that hides nothing any more gives back only its own.
import { describe, expect, it } from 'vitest';
import { ViewState } from '../../../../src/ui/views/viewState';

describe('hidden metrics', () => {
  it('are the union of every source, each given back on its own', () => {
    const v = new ViewState();
    let calls = 0;
    v.subscribe(() => calls++);
    v.hide('lesson', ['goodputMbps', 'efficiency']);
    expect(v.get().hiddenMetrics).toEqual(['efficiency', 'goodputMbps']);
    v.hide('class', ['efficiency']);
    expect(calls).toBe(1); // nothing new hidden: no change, no call
    v.hide('lesson', []);
    expect(v.get().hiddenMetrics).toEqual(['efficiency']); // the class still hides it
    v.hide('class', ['clr']);
    expect(v.get().hiddenMetrics).toEqual(['clr']);
    v.hide('class', []);
    expect(v.get().hiddenMetrics).toEqual([]);
    expect(calls).toBe(4);
  });
});
