/**
 * Guided presets: a card per paper result, and a short story of steps for each. A step says
 * what to look for and highlights it: a view, a time range (zooming every time axis), a
 * connection, or a threshold of the buffer policy (matched by the start of its label).
 */
export type StoryView =
  'metrics' | 'network' | 'queue' | 'pervc' | 'timeseq' | 'cwnd' | 'occupancy' | 'loss';

export interface StoryStep {
  title: string;
  text: string;
  view?: StoryView;
  time?: [number, number];
  conn?: number;
  threshold?: string;
  /** On a network of switches: the port the buffer views show (URL slug, e.g. "sw2-sw3"). */
  port?: string;
}

export interface Story {
  preset: string;
  title: string;
  /** One-line claim the preset demonstrates. */
  claim: string;
  /** Paper and figure or table. */
  source: string;
  steps: StoryStep[];
}

export const STORIES: Story[] = [
  {
    preset: 's0-plain-ubr',
    title: 'Plain UBR collapses; PPD and EPD recover',
    claim: 'Dropping cells without regard to frames wastes the link on dead cells.',
    source: 'S0 (Jaussi, Lorang & Nelissen), Fig. 2',
    steps: [
      {
        title: 'Cells pile up',
        text: 'Four TCP connections fill the switch buffer to K. Every cell that arrives to a full buffer is lost, whatever frame it belongs to.',
        view: 'occupancy',
        threshold: 'K',
      },
      {
        title: 'Drops hit many frames',
        text: 'The red marks are overflow drops: single cells from many different frames. Each damaged frame is useless to TCP, yet its other cells still cross the link (hollow marks: dead cells).',
        view: 'loss',
        time: [20, 22],
      },
      {
        title: 'TCP pays in timeouts',
        text: 'Each lost frame costs a segment; with several losses per window Reno falls back to timeouts. Follow the stalls and RTO marks of TCP 1.',
        view: 'timeseq',
        conn: 0,
        time: [20, 30],
      },
      {
        title: 'The cost',
        text: 'Efficiency here is well below what PPD and EPD reach (at 1088 cells S0 measured {{s0-fig2-ubr-1088}} for UBR, {{s0-fig2-ppd-1088}} for PPD and {{s0-fig2-epd-1088}} for EPD). Pick "S0 testbed: EPD" in the presets to compare.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's0-small-buffer',
    title: 'Choosing EPD’s threshold',
    claim: 'EPD needs room above its threshold R = K − b·MTU for frames already accepted.',
    source: 'S0 Fig. 2–3 and §5.1',
    steps: [
      {
        title: 'The threshold',
        text: 'EPD refuses a new frame when the buffer holds R cells or more at its first cell. The dashed line is R; above it the buffer only finishes frames it already accepted.',
        view: 'queue',
        threshold: 'EPD threshold',
      },
      {
        title: 'Whole frames are refused',
        text: 'EPD drops (blue) take whole frames, so no dead cells cross the link. Overflow drops (red) mean the room above R was too small for the frames in progress.',
        view: 'loss',
        time: [30, 40],
      },
      {
        title: 'Try b',
        text: 'Open the settings and change "EPD b" (R = K − b·MTU): b = 0 is PPD, S0 found b = 1 best on the testbed and b = 2 in simulation (b = 1 against 3 at 725 cells: {{s0-fig3-larger-b-hurts-small}}). The run restarts with the same seed, so the metrics compare directly.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's0-dupack-1',
    title: 'The duplicate-ACK threshold',
    claim: 'A threshold of 1 duplicate ACK recovers faster than 3; 10 means timeouts only.',
    source: 'S0 Fig. 5–6',
    steps: [
      {
        title: 'Fast retransmits',
        text: 'With a threshold of 1, the first duplicate ACK triggers a fast retransmit (orange triangles). Few timeouts remain.',
        view: 'timeseq',
        conn: 0,
        time: [10, 20],
      },
      {
        title: 'cwnd halves, not collapses',
        text: 'A fast retransmit halves cwnd; a timeout drops it to one segment. Compare the saw-tooth here with the duplicate-ACK-10 preset.',
        view: 'cwnd',
        time: [10, 20],
      },
      {
        title: 'Compare',
        text: 'Timeouts and fast retransmits are counted in the metrics. Load "S0: duplicate-ACK threshold 10" to see timeouts only: fair ({{s0-fig6-dupack10-fair}}), but less efficient.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's0-stretch-idling',
    title: 'The idling TCP',
    claim: 'With stretch ACKs and Solaris’ idling TCP, EPD gains nothing; a finer timer helps.',
    source: 'S0 §5.3, Fig. 15–16',
    steps: [
      {
        title: 'Stretch ACKs',
        text: 'The receivers acknowledge on a 4 ms timer, so duplicate ACKs are merged away: losses are found by timeouts.',
        view: 'timeseq',
        conn: 0,
        time: [10, 14],
      },
      {
        title: 'Idle waiting',
        text: 'cwnd stays frozen while a retransmission is outstanding; the link idles between timeouts (see the idle cell ratio).',
        view: 'cwnd',
        time: [10, 14],
      },
      {
        title: 'A finer timer',
        text: 'Load the G = 20 ms variant: shorter timeouts shorten the idle gaps, and efficiency rises.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's1-lan-sd',
    title: 'Selective Drop shares the buffer fairly',
    claim: 'Refusing frames of VCs above their share of the buffer restores fairness.',
    source: 'S1 (Jain & Goyal), "UBR + EPD + FBA" table, LAN',
    steps: [
      {
        title: 'The rule',
        text: 'Above R, SD refuses a frame of VC i when X_i·N_a/X > Z: when the VC holds more than Z times its fair share.',
        view: 'queue',
        threshold: 'SD threshold',
      },
      {
        title: 'Per-VC accounting',
        text: 'The bars are X_i; the dashed line the fair share X/N_a; the red marks the limit SD enforces. VCs above it lose frames.',
        view: 'pervc',
      },
      {
        title: 'Why this drop?',
        text: 'Click a green drop in the loss raster: the inspector shows X, X_i, N_a and the load against Z at that instant.',
        view: 'loss',
        time: [5, 6],
      },
      {
        title: 'Fairness',
        text: 'Fairness stays near 1 (S1 reports SD and FBA fairness mostly at or above 0.9: {{s1-sd-fba-fair}}). Load the EPD preset of the same table to compare.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's1-satellite-vanilla',
    title: 'TCP flavours over a satellite link',
    claim: 'On a 570 ms round trip, how a TCP recovers from loss decides its throughput.',
    source: 'S1 efficiency/fairness tables, satellite rows',
    steps: [
      {
        title: 'Long stalls',
        text: 'Vanilla TCP has no fast retransmit: each loss costs a timeout, seconds on a GEO link.',
        view: 'timeseq',
        conn: 0,
        time: [0, 30],
      },
      {
        title: 'Slow growth',
        text: 'After each timeout cwnd restarts from one segment and grows once per 570 ms round trip.',
        view: 'cwnd',
        time: [0, 30],
      },
      {
        title: 'Other flavours',
        text: 'Load the Reno, NewReno and SACK variants of this preset: SACK repairs several losses per window without a timeout.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's1-integer-cwnd',
    title: 'The integer-cwnd plateau',
    claim: 'With integer arithmetic, cwnd stops growing at MSS² = 262,144 bytes for MSS 512.',
    source: 'S1, "Problem in TCP implementations"',
    steps: [
      {
        title: 'The plateau',
        text: 'In congestion avoidance cwnd grows by ⌊MSS²/cwnd⌋ per ACK; once cwnd > MSS² that is 0, and cwnd freezes at 256 KB ({{s1-integer-cwnd-plateau}} bytes).',
        view: 'cwnd',
        conn: 0,
      },
      {
        title: 'Throughput capped',
        text: 'The window caps the rate at cwnd/RTT, below what the link allows.',
        view: 'timeseq',
        conn: 0,
      },
      {
        title: 'The fix',
        text: 'Load "the integer-cwnd fix (every N ACKs)": cwnd passes the plateau and goodput rises.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's1-dfba-50',
    title: 'DFBA guarantees each VC its MCR',
    claim: 'Drop probabilities weighted by MCR give every VC at least its MCR.',
    source: 'S1, DFBA "Simulation Results"',
    steps: [
      {
        title: 'Thresholds L and H',
        text: 'Below L every frame is accepted; above H none; in between CLP=0 frames of VCs above their MCR-weighted share are refused with a probability.',
        view: 'occupancy',
        threshold: 'DFBA',
      },
      {
        title: 'Weighted shares',
        text: 'Each VC carries 10 TCPs and has its own MCR; its weighted share of the buffer grows with its MCR.',
        view: 'pervc',
      },
      {
        title: 'The guarantee',
        text: 'In the metrics, weighted fairness compares each VC’s goodput with its expected share; S1 reports every VC above its MCR (lowest goodput/MCR {{s1-dfba-50-50-mcr-guaranteed}}).',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's2-deadlock',
    title: 'The CBR throughput deadlock',
    claim: 'With a small buffer next to CBR, one Reno flow gets under 2% of the link.',
    source: 'S2 (Nakanishi et al.), Fig. 3 and Fig. 5(b)',
    steps: [
      {
        title: 'A burst, then silence',
        text: 'The flow sends a window; CBR cells share the buffer; several cells of one window are lost.',
        view: 'loss',
        time: [0, 2],
      },
      {
        title: 'The staircase',
        text: 'Each step of the time-sequence plot is one window, then nothing until a timeout (dotted red). The shaded bands are the stalls the deadlock detector flags.',
        view: 'timeseq',
        conn: 0,
        time: [0, 10],
      },
      {
        title: 'Why no fast retransmit?',
        text: 'A partial ACK ends fast recovery with the window full; no new segments go out, so no duplicate ACKs come back. Only the timer helps.',
        view: 'cwnd',
        time: [0, 4],
      },
      {
        title: 'Under 2%',
        text: 'S2 measured under 2% of the capacity left to UBR (efficiency {{s2-fig3-9180-1000-efficiency}}), and the deadlock time covers most of the run. Load "3000 cells of buffer" or "EPD breaks the deadlock" to see it vanish.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's3-gfr-lan-two-threshold',
    title: 'GFR tagging with two thresholds',
    claim: 'Tagged (CLP=1) frames are refused first, protecting the untagged ones.',
    source: 'S3 (Puangpronpitag, Kara & Djemame), Fig. 3–4',
    steps: [
      {
        title: 'Two thresholds',
        text: 'Above LBO the buffer refuses CLP=1 frames; above HBO it refuses all.',
        view: 'queue',
        threshold: 'LBO',
      },
      {
        title: 'Who loses',
        text: 'Half the VCs are tagged at the source. Their frames take the CLP1-threshold drops.',
        view: 'loss',
        time: [2, 3],
      },
      {
        title: 'CLR by class',
        text: 'The metrics split CLR by CLP: untagged cells lose almost none (CLP0 CLR against plain UBR’s: {{s3-fig3-two-threshold-clp0-clr}}). YATS, S3’s simulator, spends 0.3 ms on each segment a host sends, so the 8 untagged sources fill about 86% of the link and never raise the queue to HBO; the tagged ones are refused at LBO.',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 's4-eubr',
    title: 'EUBR+: a recovery zone after a drop',
    claim:
      'Protecting a VC that just lost a frame avoids the burst of losses that leads to timeouts.',
    source: 'S4 (Kim & Kim), Fig. 4–9',
    steps: [
      {
        title: 'Thresholds',
        text: 'Above R the UBR+ test refuses frames of heavy VCs; a VC that lost a frame is protected for a guard period unless the buffer passes P.',
        view: 'occupancy',
        threshold: 'EUBR+',
      },
      {
        title: 'Staggered sources',
        text: 'The seven sources start at different times; watch the buffer and the windows adjust as each joins.',
        view: 'cwnd',
        time: [90, 200],
      },
      {
        title: 'Fewer losses',
        text: 'Compare CLR and timeouts with the EPD and UBR+ presets of this scenario (S4: EUBR+ loses fewer cells than UBR+, {{s4-fig7-clr}}).',
        view: 'metrics',
      },
    ],
  },
  {
    preset: 'parking-lot-tail-drop',
    title: 'Parking lot: where the long VC loses cells, hop by hop',
    claim:
      'Under plain tail drop, VCs that cross several congested switches lose cells at each of them.',
    source: "The ATM Forum's parking-lot configuration (a classic test of fairness across hops)",
    steps: [
      {
        title: 'The network',
        text: 'Three switches in a row. VCs 0 and 3 enter at sw1 and cross every switch; VCs 1 and 4 join at sw2, VCs 2 and 5 at sw3, each for one hop. Every port has its own buffer of K cells: watch the ports fill and the red rings where cells are dropped. Click a port to show it in the views below.',
        view: 'network',
        port: 'sw1-sw2',
      },
      {
        title: 'Hop 2: sw2→sw3',
        text: 'The buffer views now show sw2’s output port, where the long VCs meet the first local ones. In the loss raster, see how many drops fall on the long VCs 0 and 3 against the local VCs 1 and 4.',
        view: 'loss',
        port: 'sw2-sw3',
      },
      {
        title: 'Hop 3: sw3→receivers',
        text: 'The last port: the long VCs, having already lost cells at sw2, meet the local VCs 2 and 5. A long VC’s frame survives only if none of its cells is dropped at any hop.',
        view: 'loss',
        port: 'sw3-receivers',
      },
      {
        title: 'The cost',
        text: 'Compare the goodput of TCP 1 and 4 with the local connections in the table and the fairness index in the metrics; then pick “Parking lot … FBA” in the presets, which shares each port’s buffer fairly.',
        view: 'metrics',
      },
    ],
  },
];

export function storyFor(preset: string | undefined): Story | undefined {
  return STORIES.find((s) => s.preset === preset);
}
