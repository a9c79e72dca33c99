// Drop from front (Lakshman, Neidhardt & Ott, "The Drop from Front Strategy in TCP and in TCP
// over ATM", INFOCOM '96), frame-aware: a cell that finds the buffer full takes the place of the
// frame at the head of the buffer, whose queued cells and rest are discarded.
import { describe, expect, it } from 'vitest';
import { DROP_REASONS, reasonCode } from '../../../../src/sim/atm/policies';
import { DropFromFront } from '../../../../src/sim/atm/policies/dropFromFront';
import { FrameFlag } from '../../../../src/sim/atm/frames';
import type { PortSink } from '../../../../src/sim/atm/port';
import { SwitchPort } from '../../../../src/sim/atm/port';
import { inFlightByWalking } from '../../../../src/sim/atm/portWalks';
import { SCHEDULER_FACTORIES } from '../../../../src/sim/atm/schedulers';
import { defaultScenario, parseScenario, Simulation } from '../../../../src/sim';
import { explainDrop } from '../../../../src/ui/inspect/explain';

const S = 1000; // slot, ps
const FRONT = reasonCode('front');

function makePort(K: number, scheduler: 'fifo' | 'rr', keepEom = true) {
  const out: { seq: number; corrupted: boolean }[] = [];
  const drops: { vc: number; seq: number; reason: string; first: boolean; rule: number[] }[] = [];
  const ref: { port?: SwitchPort } = {};
  const sink: PortSink = {
    frameOut(f) {
      const fr = ref.port!.frames;
      out.push({ seq: fr.seq[f], corrupted: (fr.flags[f] & FrameFlag.CORRUPTED) !== 0 });
      fr.release(f);
    },
    cellDropped(_t, vc, f, reason, first, rule) {
      drops.push({
        vc,
        seq: ref.port!.frames.seq[f],
        reason: DROP_REASONS[reason],
        first,
        rule: Array.from(rule),
      });
    },
    sample() {},
  };
  const port = new SwitchPort(
    {
      K,
      nVc: 2,
      slot: S,
      propOut: new Float64Array(2),
      keepEom,
      policy: new DropFromFront(FRONT),
      scheduler: (nQueues, capacity, buffers) =>
        SCHEDULER_FACTORIES[scheduler]({
          nQueues,
          capacity,
          buffers,
          weights: new Float64Array(nQueues).fill(1),
        }),
      background: [],
      backgroundSharesBuffer: false,
      ubrShare: 0,
      gfrDiscard: false,
      mfs: Infinity,
      sampleInterval: 0,
    },
    sink,
  );
  ref.port = port;
  return { port, out, drops };
}

/** Cells offered = departed + dropped + still on the access links or in the buffer. */
function conserved(port: SwitchPort) {
  const w = inFlightByWalking(port);
  expect(port.c.offered).toBe(port.c.departed + port.c.dropped + w.access + w.buffer);
  expect(port.c.X).toBe(w.buffer);
}

describe('drop from front at the port', () => {
  for (const scheduler of ['fifo', 'rr'] as const)
    it(`a full buffer drops the head frame, not the arriving cell (${scheduler}); its EOM stays to delimit it`, () => {
      const { port, out, drops } = makePort(4, scheduler);
      // Frame 0 on VC 0 fills K = 4 by slot 1; frame 1 on VC 1 arrives right behind it.
      port.sendFrame(0, 0, 0, 100, 4, 0, 0, 1, 10);
      port.sendFrame(1, 1, 1, 100, 3, 0, 0, 41, 10);
      port.advance(10 * S);
      // Frame 1's first cell found X = K: frame 0's three queued cells before its EOM left.
      expect(drops.map((d) => [d.vc, d.seq, d.reason, d.first])).toEqual([
        [0, 0, 'front', true],
        [0, 0, 'front', false],
        [0, 0, 'front', false],
      ]);
      // Rule inputs: X = K = 4, X_0 = 4, N_a = 1, K, and the VC whose cell took the room.
      expect(drops[0].rule).toEqual([4, 4, 1, 4, 1]);
      expect(port.c.droppedByReason[FRONT]).toBe(3);
      expect(port.c.dropped).toBe(3);
      // Frame 0's EOM delimits it at the receiver (errored); frame 1 arrives whole.
      expect(out).toEqual([
        { seq: 0, corrupted: true },
        { seq: 1, corrupted: false },
      ]);
      conserved(port);
    });

  it('without keepEom the whole head frame goes, and nothing of it reaches the receiver', () => {
    const { port, out, drops } = makePort(4, 'fifo', false);
    port.sendFrame(0, 0, 0, 100, 4, 0, 0, 1, 10);
    port.sendFrame(1, 1, 1, 100, 3, 0, 0, 41, 10);
    port.advance(10 * S);
    expect(drops.map((d) => d.reason)).toEqual(['front', 'front', 'front', 'front']);
    expect(out).toEqual([{ seq: 1, corrupted: false }]);
    conserved(port);
  });

  it('a head frame still arriving loses the rest of its cells; its EOM still crosses', () => {
    const { port, out, drops } = makePort(3, 'fifo');
    // Frame 0 on VC 0: cells at 1, 2001, 4001. Frame 1 on VC 1: 3 cells at 500, 510, 520.
    port.sendFrame(0, 0, 0, 100, 3, 0, 0, 1, 2000);
    port.sendFrame(1, 1, 1, 100, 3, 0, 0, 500, 10);
    port.advance(10 * S);
    // Frame 1's last cell finds X = 3: frame 0's queued cell goes; its next cell is refused by
    // the same rule; its EOM is kept.
    expect(drops.map((d) => [d.vc, d.seq, d.reason, d.first])).toEqual([
      [0, 0, 'front', true],
      [0, 0, 'front', false],
    ]);
    expect(out).toEqual([
      { seq: 1, corrupted: false },
      { seq: 0, corrupted: true },
    ]);
    conserved(port);
  });

  it('the frame at the head is the arriving one: its cell overflows as under PPD', () => {
    const { port, drops } = makePort(3, 'fifo');
    port.sendFrame(0, 0, 0, 100, 6, 0, 0, 1, 10);
    port.advance(10 * S);
    // Cells 0–2 fill K = 3; cell 3 overflows, cells 4 and 5 (the EOM, with no room) follow it.
    expect(drops.map((d) => d.reason)).toEqual(['overflow', 'ppd', 'ppd']);
    conserved(port);
  });
});

describe('drop from front in a run', () => {
  it("S0's testbed under drop from front: losses are taken at the head, cells are conserved", () => {
    const { scenario, errors } = parseScenario('preset=s0-drop-from-front&duration=3');
    expect(errors).toEqual([]);
    expect(scenario.policy).toBe('drop-from-front');
    const sim = new Simulation(scenario).run(); // run() checks the model's invariants
    const c = sim.cellCounts();
    expect(c.offered).toBe(c.delivered + c.dropped + c.inFlight);
    // Nearly every loss is a frame taken from the front; a cell overflows (then the rest of its
    // frame goes, as in PPD) only when its own frame is at the head. No early discard.
    expect(c.droppedByReason.front).toBeGreaterThan(0.9 * c.dropped);
    expect(Object.keys(c.droppedByReason).sort()).toEqual(['front', 'overflow', 'ppd']);
    expect(sim.metrics().fastRetransmits).toBeGreaterThan(0);
  });

  it('the inspector words a drop from front with its numbers', () => {
    const s = { ...defaultScenario(), policy: 'drop-from-front' as const };
    const d = {
      t: 1,
      vc: 2,
      conn: 2,
      seq: 0,
      reason: FRONT,
      cells: 5,
      X: 1088,
      Xi: 300,
      Na: 4,
      threshold: 1088,
      extra: 3,
    };
    const e = explainDrop(d, s, { policy: 'drop-from-front', K: 1088 });
    expect(e.rule).toMatch(/^Drop from front \(Lakshman, Neidhardt & Ott\)/);
    expect(e.verdict).toBe(
      "The buffer was full (X = 1088 of K = 1088) when a cell of VC 3 arrived; this frame of VC 2 was at the head of the buffer, so it was discarded (5 cells) and the loss reaches VC 2's receiver a queueing delay sooner than a loss at the tail.",
    );
    expect(Object.fromEntries(e.values.map((v) => [v.testId, v.value]))).toMatchObject({
      X: '1088',
      Xi: '300',
      threshold: '1088',
      extra: '3',
    });
  });
});
