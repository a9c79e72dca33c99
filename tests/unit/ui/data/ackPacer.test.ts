import { describe, expect, it } from 'vitest';
import { AckPacer, CALM_FRAME_MS, MAX_ACK_WAIT } from '../../../../src/ui/data/ackPacer';

/** Feeds frame start times: the first takes the batch in (seen), each later one asks whether to
 * acknowledge; returns the index of the frame that acknowledged (1 = the next frame). */
function ackFrame(p: AckPacer, starts: number[]): number {
  p.seen(starts[0]);
  for (let i = 1; i < starts.length; i++) if (p.frame(starts[i])) return i;
  return -1;
}

describe('AckPacer (Max speed as fast as the device shows smoothly)', () => {
  it('frames at the display rate: acknowledges in the next frame, as without the pacer', () => {
    const p = new AckPacer();
    expect(ackFrame(p, [0, 16.7])).toBe(1);
    expect(ackFrame(p, [100, 116.6])).toBe(1);
    // A frame exactly at the threshold still counts as quick.
    expect(ackFrame(p, [200, 200 + CALM_FRAME_MS])).toBe(1);
  });

  it('after a slow frame: waits for the first quick one', () => {
    const p = new AckPacer();
    // The frame that took the batch in lasted 45 ms, the drawing one 38 ms, then a quick one.
    expect(ackFrame(p, [0, 45, 83, 100, 117])).toBe(3);
    // The pacer holds no debt: the next batch on quick frames is acknowledged at once.
    expect(ackFrame(p, [200, 216.7])).toBe(1);
  });

  it('frames that stay slow: acknowledges after MAX_ACK_WAIT frames all the same', () => {
    const p = new AckPacer();
    const slow = Array.from({ length: MAX_ACK_WAIT + 3 }, (_, i) => i * 40);
    expect(ackFrame(p, slow)).toBe(MAX_ACK_WAIT + 1);
    expect(
      ackFrame(
        p,
        slow.map((t) => t + 1000),
      ),
    ).toBe(MAX_ACK_WAIT + 1);
  });

  it('no frame seen before: acknowledges', () => {
    expect(new AckPacer().frame(5)).toBe(true);
  });
});
