import { describe, expect, it } from 'vitest';
import { pinchDomain } from '../../../../src/ui/views/pinch';

describe('a pinch on a time axis', () => {
  const start = {
    domain: [0, 2] as [number, number],
    width: 200,
    x0: [90, 110] as [number, number],
  };

  it('spreading the fingers keeps the instants under them: 3× apart, a third of the span', () => {
    // 0.9 s and 1.1 s were under the fingers; they stay at 70 px and 130 px.
    const d = pinchDomain(start, [70, 130], [0, 2])!;
    expect(d[1] - d[0]).toBeCloseTo(2 / 3, 12);
    expect(d[0] + (70 / 200) * (d[1] - d[0])).toBeCloseTo(0.9, 12);
    expect(d[0] + (130 / 200) * (d[1] - d[0])).toBeCloseTo(1.1, 12);
  });

  it('closing them zooms out, never past the run so far', () => {
    expect(pinchDomain({ ...start, domain: [0.5, 1.5] }, [95, 105], [0, 2])).toEqual([0, 2]);
    // Both fingers moved 50 px right at the same spread: the 1 s window would start before 0,
    // it stops at 0.
    const d = pinchDomain({ ...start, domain: [0, 1], x0: [100, 120] }, [150, 170], [0, 2])!;
    expect(d[0]).toBe(0);
    expect(d[1]).toBeCloseTo(1, 12);
  });

  it('fingers too close together or crossed say nothing', () => {
    expect(pinchDomain(start, [100, 104], [0, 2])).toBeNull();
    expect(pinchDomain(start, [130, 70], [0, 2])).toBeNull();
    expect(pinchDomain({ ...start, x0: [100, 103] }, [70, 130], [0, 2])).toBeNull();
  });
});
