import { describe, expect, it } from 'vitest';
import { Drop, RuleInput } from '../../../../src/sim/atm/dropReasons';
import { DROP_REASONS } from '../../../../src/sim/atm/policies';
import { FrameFlag } from '../../../../src/sim/atm/frames';
import type { FrameGcra } from '../../../../src/sim/atm/gfr';
import { EarlyPacketDiscard } from '../../../../src/sim/atm/policies/epd';
import { PartialPacketDiscard } from '../../../../src/sim/atm/policies/ppd';
import { TailDrop } from '../../../../src/sim/atm/policies/tailDrop';
import type { BufferPolicy } from '../../../../src/sim/atm/policies/types';
import type { PortSink } from '../../../../src/sim/atm/port';
import { SwitchPort } from '../../../../src/sim/atm/port';
import { inFlightByWalking } from '../../../../src/sim/atm/portWalks';
import { SCHEDULER_FACTORIES } from '../../../../src/sim/atm/schedulers';
import { Random } from '../../../../src/sim/core/random';
import type { BackgroundSource } from '../../../../src/sim/traffic/background';

const S = 1000; // slot, ps

class Sink implements PortSink {
  out: { f: number; t: number; corrupted: boolean; seq: number }[] = [];
  drops: { t: number; vc: number; reason: string; first: boolean; rule: number[] }[] = [];
  constructor(public port?: SwitchPort) {}
  frameOut(f: number, t: number) {
    const fr = this.port!.frames;
    this.out.push({ f, t, corrupted: (fr.flags[f] & FrameFlag.CORRUPTED) !== 0, seq: fr.seq[f] });
    fr.release(f);
  }
  cellDropped(
    t: number,
    vc: number,
    _f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ) {
    this.drops.push({ t, vc, reason: DROP_REASONS[reason], first, rule: Array.from(rule) });
  }
  sample() {}
}

function makePort(opts: {
  K: number;
  nVc?: number;
  policy?: BufferPolicy;
  scheduler?: 'fifo' | 'rr' | 'wfq';
  keepEom?: boolean;
  background?: BackgroundSource[];
  shares?: boolean;
  weights?: Float64Array;
  ubrShare?: number;
  gcra?: FrameGcra;
  gfrDiscard?: boolean;
  mfs?: number;
  tieRng?: Random;
}) {
  const sink = new Sink();
  const port = new SwitchPort(
    {
      K: opts.K,
      nVc: opts.nVc ?? 2,
      slot: S,
      propOut: new Float64Array(opts.nVc ?? 2),
      keepEom: opts.keepEom ?? true,
      policy: opts.policy ?? new TailDrop(),
      scheduler: (nQueues, capacity, buffers) =>
        SCHEDULER_FACTORIES[opts.scheduler ?? 'fifo']({
          nQueues,
          capacity,
          buffers,
          weights: opts.weights ?? new Float64Array(nQueues).fill(1),
        }),
      background: opts.background ?? [],
      backgroundSharesBuffer: opts.shares ?? false,
      ubrShare: opts.ubrShare ?? 0,
      gcra: opts.gcra,
      gfrDiscard: opts.gfrDiscard ?? false,
      mfs: opts.mfs ?? Infinity,
      sampleInterval: 0,
      tieRng: opts.tieRng,
    },
    sink,
  );
  sink.port = port;
  return { port, sink };
}

/** A frame of `cells` cells on `vc` whose cells arrive `gap` ps apart from `first`. */
const frame = (port: SwitchPort, vc: number, seq: number, cells: number, first: number, gap = 10) =>
  port.sendFrame(vc, vc, seq, 100, cells, 0, 0, first, gap);

function conserve(port: SwitchPort) {
  const w = inFlightByWalking(port);
  expect(port.c.offered).toBe(port.c.departed + port.c.dropped + w.access + w.buffer);
  expect(port.c.X).toBe(w.buffer + w.background - port.arrivals.bgPending);
}

describe('switch port: tail drop (plain UBR)', () => {
  it('drops only overflowing cells, lets the rest of the frame through as dead cells, and the lost EOM corrupts the next frame', () => {
    const { port, sink } = makePort({ K: 3, nVc: 1 });
    frame(port, 0, 0, 5, 1); // 5 cells arrive in (0, 1000): all at slot 1
    frame(port, 0, 1, 2, 5001); // a later, intact frame
    port.advance(20 * S);
    // Slot 1: cells 0, 1, 2 fill K = 3; cells 3 and 4 (EOM) overflow.
    expect(port.c.dropped).toBe(2);
    expect(port.c.droppedByReason[Drop.OVERFLOW]).toBe(2);
    expect(sink.drops.map((d) => d.reason)).toEqual(['overflow', 'overflow']);
    expect(sink.drops[0].rule.slice(0, 4)).toEqual([3, 3, 1, 3]); // X, X_i, N_a, K
    // Frame 0 never reaches the receiver as a frame: its EOM is gone. Its 3 cells wait in the
    // reassembly buffer and corrupt frame 1, whose CRC fails.
    expect(sink.out).toHaveLength(1);
    expect(sink.out[0]).toMatchObject({ seq: 1, corrupted: true });
    expect(port.c.deadCells).toBe(3 + 2);
    expect(port.c.departed).toBe(5);
    conserve(port);
  });
});

describe('switch port: order of simultaneous cells (arrivalOrder)', () => {
  // Three VCs each send one 200-cell frame at the link rate (one cell per slot), at sub-slot
  // phases 0.1, 0.2 and 0.3, into a tail-drop FIFO of K = 10: three cells arrive per slot and
  // one leaves, so after the first slots one place is freed per slot for three contenders.
  function contend(tieRng?: Random) {
    const { port, sink } = makePort({ K: 10, nVc: 3, tieRng });
    for (let vc = 0; vc < 3; vc++) frame(port, vc, 0, 200, (vc + 1) * 100, S);
    port.advance(400 * S);
    conserve(port);
    const dropsOf = [0, 1, 2].map((vc) => sink.drops.filter((d) => d.vc === vc).length);
    return { port, dropsOf };
  }

  it('time: the VC with the earliest phase takes every freed place and loses nothing', () => {
    const { port, dropsOf } = contend();
    expect(dropsOf[0]).toBe(0);
    expect(dropsOf[1] + dropsOf[2]).toBe(port.c.dropped);
    expect(port.c.departed).toBe(600 - port.c.dropped);
  });

  it('random: the freed places go to the three VCs at random, the same for the same seed', () => {
    const a = contend(new Random(7));
    const b = contend(new Random(7));
    expect(b.dropsOf).toEqual(a.dropsOf);
    expect(a.port.c.dropped).toBe(600 - a.port.c.departed);
    // About two thirds of each VC's 200 cells are lost; none is spared.
    for (const d of a.dropsOf) {
      expect(d).toBeGreaterThan(100);
      expect(d).toBeLessThan(160);
    }
  });
});

describe('switch port: PPD', () => {
  it('after the first lost cell discards the rest of the frame (except an EOM that fits)', () => {
    const { port, sink } = makePort({ K: 3, nVc: 1, policy: new PartialPacketDiscard() });
    // 4 cells at slot 1 fill the buffer and overflow once; the rest arrive later, when there is room.
    port.sendFrame(0, 0, 0, 100, 8, 0, 0, 1, 250);
    port.advance(30 * S);
    const reasons = sink.drops.map((d) => d.reason);
    expect(reasons[0]).toBe('overflow');
    expect(reasons.slice(1).every((r) => r === 'ppd')).toBe(true);
    // keepEom: the EOM cell was forwarded, so the receiver sees a short errored frame.
    expect(sink.out).toHaveLength(1);
    expect(sink.out[0].corrupted).toBe(true);
    expect(port.c.departed + port.c.dropped).toBe(8);
    conserve(port);
  });
});

describe('switch port: EPD', () => {
  it('accepts a frame whose first cell finds X < R, and discards whole a frame whose first cell finds X ≥ R', () => {
    const { port, sink } = makePort({ K: 10, policy: new EarlyPacketDiscard(3) });
    frame(port, 0, 0, 3, 1); // VC 0 at slot 1: X = 0 at its first cell -> accept; X becomes 3
    frame(port, 1, 0, 4, 100); // VC 1's first cell finds X = 3 = R -> discard
    port.advance(20 * S);
    expect(sink.drops.map((d) => d.reason)).toEqual(['epd', 'epd', 'epd']);
    expect(sink.drops[0].first).toBe(true);
    expect(sink.drops[1].first).toBe(false);
    expect(sink.drops[0].rule[RuleInput.X]).toBe(3);
    expect(sink.drops[0].rule[RuleInput.XI]).toBe(0);
    expect(sink.drops[0].rule[RuleInput.NA]).toBe(1);
    expect(sink.drops[0].rule[RuleInput.THRESHOLD]).toBe(3);
    // VC 0's frame is intact; VC 1's EOM arrives alone as a corrupted frame (keepEom).
    expect(sink.out.map((o) => o.corrupted)).toEqual([false, true]);
    expect(port.c.deadCells).toBe(1);
    conserve(port);
  });

  it('one cell below the threshold the frame is accepted', () => {
    const { port, sink } = makePort({ K: 10, policy: new EarlyPacketDiscard(4) });
    frame(port, 0, 0, 3, 1);
    frame(port, 1, 0, 4, 100); // X = 3 < R = 4
    port.advance(20 * S);
    expect(sink.drops).toEqual([]);
    expect(sink.out.map((o) => o.corrupted)).toEqual([false, false]);
  });

  it('without keepEom the EOM of a discarded frame is dropped too, and nothing reaches the receiver', () => {
    const { port, sink } = makePort({ K: 10, policy: new EarlyPacketDiscard(3), keepEom: false });
    frame(port, 0, 0, 3, 1);
    frame(port, 1, 0, 4, 100);
    port.advance(20 * S);
    expect(sink.drops).toHaveLength(4);
    expect(sink.out).toHaveLength(1);
    expect(port.c.deadCells).toBe(0);
  });
});

describe('switch port: schedulers', () => {
  it('FIFO serves cells in arrival order', () => {
    const { port, sink } = makePort({ K: 10, scheduler: 'fifo' });
    frame(port, 0, 0, 3, 1);
    frame(port, 1, 0, 3, 100);
    port.advance(20 * S);
    // Slots 1-3 carry VC 0, 4-6 VC 1; a frame reaches the receiver one slot after its EOM leaves.
    expect(sink.out.map((o) => o.t)).toEqual([4 * S, 7 * S]);
  });

  it('round robin alternates one cell per VC', () => {
    const { port, sink } = makePort({ K: 10, scheduler: 'rr' });
    frame(port, 0, 0, 3, 1);
    frame(port, 1, 0, 3, 100);
    port.advance(20 * S);
    // VC 0 at slots 1, 3, 5; VC 1 at 2, 4, 6.
    expect(sink.out.map((o) => o.t)).toEqual([6 * S, 7 * S]);
  });

  it('counts idle slots and skips them without losing count', () => {
    const { port } = makePort({ K: 10 });
    frame(port, 0, 0, 2, 10 * S + 1);
    port.advance(100 * S);
    expect(port.slotIndex).toBe(100);
    expect(port.idleSlots).toBe(98);
  });
});

class EverySecondSlot implements BackgroundSource {
  readonly name = 'test-cbr';
  readonly meanCellRate = 5e8;
  private k = 0;
  next() {
    return 2 * S * this.k++; // a cell at every even slot
  }
}

describe('switch port: CBR background', () => {
  it('is served with strict priority and takes no buffer space by default', () => {
    const { port } = makePort({ K: 2, nVc: 1, background: [new EverySecondSlot()] });
    frame(port, 0, 0, 4, 1, 2 * S); // a cell every 2 slots, arriving just after CBR's
    port.advance(20 * S);
    expect(port.c.bgDeparted).toBe(10);
    expect(port.c.dropped).toBe(0);
    expect(port.c.departed).toBe(4);
  });

  it('when it shares the buffer its cells count in X and crowd out UBR cells', () => {
    const { port } = makePort({ K: 2, nVc: 1, background: [new EverySecondSlot()], shares: true });
    // 4 UBR cells at once: CBR's cell from slot 0 was served, but the buffer takes only 2.
    frame(port, 0, 0, 4, 2 * S - 1, 1);
    port.advance(4 * S);
    expect(port.c.dropped).toBe(1);
    expect(port.c.bgArrived).toBe(2);
  });
});
