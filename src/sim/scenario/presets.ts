import type { Scenario } from './schema';

export interface Preset {
  name: string;
  title: string;
  /** What it shows, and which figure or table of which paper it stands for. */
  description: string;
  params: Partial<Scenario>;
}

/** S0's testbed (§3.1): 4 Solaris senders, 37.44 Mbit/s VP-shaped bottleneck, FORE ASX-200
 * per-VC round robin, MTU 4352, window 52,224 bytes, G = 200 ms, delayed ACK, 180 s runs. */
const S0_TESTBED: Partial<Scenario> = {
  sources: 4,
  linkMbps: 37.44,
  accessMbps: [149.76],
  rttMs: [0.5],
  scheduler: 'rr',
  mtu: 4352,
  window: 52224,
  tcp: ['reno'],
  dupAck: 3,
  granularityMs: 200,
  rtoMinMs: 200,
  ack: 'delayed',
  bufferCells: 1088,
  duration: 180,
};

/** S2 §3–4: one FreeBSD Reno flow over OC-3 with 60 Mbit/s of CBR, no packet discard, MTU 9180,
 * 64 KB socket buffers, 10 s netperf runs. BSD timers (G = 500 ms, RTOmin = 1 s). */
const S2_DEADLOCK: Partial<Scenario> = {
  sources: 1,
  linkMbps: 149.76,
  accessMbps: [149.76],
  rttMs: [0.2],
  scheduler: 'fifo',
  policy: 'tail-drop',
  mtu: 9180,
  window: 65536,
  tcp: ['reno'],
  granularityMs: 500,
  rtoMinMs: 1000,
  rtoInitialMs: 3000,
  ssthreshRule: 'bsd',
  ack: 'delayed',
  cbrMbps: 60,
  cbrSharesBuffer: true,
  bufferCells: 1000,
  duration: 10,
};

export const PRESETS: Preset[] = [
  {
    name: 's0-testbed',
    title: 'S0 testbed: EPD (b = 1) at one window of buffer',
    description:
      'S0 Fig. 2: 4 TCP Reno sources through a 37.44 Mbit/s ASX-200 port with K = 1088 cells and EPD b = 1; measured efficiency ≈ 93%, fairness > 0.95.',
    params: { ...S0_TESTBED, policy: 'epd', epdB: 1 },
  },
  {
    name: 's0-plain-ubr',
    title: 'S0 testbed: plain UBR',
    description:
      'S0 Fig. 2, plain UBR at K = 1088 cells: damaged frames still cross the link as dead cells; measured efficiency ≈ 87%, unfair below 1088 cells.',
    params: { ...S0_TESTBED, policy: 'tail-drop' },
  },
  {
    name: 's0-ppd',
    title: 'S0 testbed: Partial Packet Discard',
    description: 'S0 Fig. 2, PPD at K = 1088 cells: measured efficiency ≈ 91.5%.',
    params: { ...S0_TESTBED, policy: 'ppd' },
  },
  {
    name: 's0-small-buffer',
    title: 'S0 testbed: small buffer (725 cells), plain UBR vs EPD',
    description:
      'S0 Fig. 2–3 and §5.1: K = 725 cells, below one window; EPD b = 1 here, compare with policy=tail-drop.',
    params: { ...S0_TESTBED, bufferCells: 725, policy: 'epd', epdB: 1 },
  },
  {
    name: 's2-deadlock',
    title: 'S2: the CBR throughput deadlock',
    description:
      'S2 Fig. 3 and Fig. 5(b): one Reno flow, 60 Mbit/s CBR, K = 1000 cells, no EPD. Several cells lost from one window end fast recovery with the window full; only timeouts recover, giving a staircase and < 2% of the bandwidth left to UBR.',
    params: { ...S2_DEADLOCK },
  },
  {
    name: 's2-large-buffer',
    title: 'S2: the same flow with 3000 cells of buffer',
    description: 'S2 Fig. 3: with K ≥ 3K cells there is no deadlock (MTU 9180 ≈ 83 Mbit/s).',
    params: { ...S2_DEADLOCK, bufferCells: 3000 },
  },
  {
    name: 's2-epd',
    title: 'S2: EPD breaks the deadlock',
    description: 'S2 §4.3: turning on EPD in the switch at K = 1000 cells recovers the throughput.',
    params: { ...S2_DEADLOCK, policy: 'epd', epdB: 1 },
  },
];
