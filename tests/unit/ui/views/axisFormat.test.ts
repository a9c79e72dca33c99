// Byte axes (time-sequence, cwnd): labels short enough to leave the rotated axis title clear
// ("3166M", not "3166.0M", deep into a long run).
import { describe, expect, it } from 'vitest';
import { KB } from '../../../../src/ui/views/chartParts';

describe('byte axis labels', () => {
  it('drop a trailing .0 in megabytes and round kilobytes', () => {
    expect(KB(3_166_000_000)).toBe('3166M');
    expect(KB(3_166_500_000)).toBe('3166.5M');
    expect(KB(1_500_000)).toBe('1.5M');
    expect(KB(2_000_000)).toBe('2M');
    expect(KB(65_536)).toBe('66k');
    expect(KB(0)).toBe('0k');
  });
});
