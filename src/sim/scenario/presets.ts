import type { Scenario } from './schema';

export interface Preset {
  name: string;
  title: string;
  /** What it shows, and which figure or table of which paper it stands for. */
  description: string;
  params: Partial<Scenario>;
}

/** S0's testbed (§3.1): 4 Solaris 2.6 senders, 37.44 Mbit/s VP-shaped bottleneck, FORE
 * ASX-200 per-VC round robin, MTU 4352, window 52,224 bytes, delayed ACK, 180 s runs.
 * The senders' retransmission timer is Solaris 2.6's (tcp.c 1.156, its defaults): a 10 ms
 * clock (HZ = 100), RTO = SRTT + 4·RTTVAR + tcp_rexmit_interval_extra (200 ms), at least
 * tcp_rexmit_interval_min (200 ms), expiring RTO after the oldest unacknowledged segment left;
 * a timeout resends that segment only and later ACKs resend what is overdue; ssthresh is
 * min(cwnd, window)/2 in whole segments. S0's "timer granularity 200 ms (default)" is taken to
 * be these two 200 ms constants. */
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
  granularityMs: 10,
  rtoMinMs: 200,
  rtoExtraMs: 200,
  timerClock: 'oldest',
  timeoutResend: 'overdue',
  ssthreshRule: 'bsd',
  ack: 'delayed',
  bufferCells: 1088,
  duration: 180,
};
/** The BSD-style timer of S0's own simulator (§5.1: "timer granularity of 200 ms"), also used
 * for its approximation of the idling Solaris 2.5.1 TCP (§5.3): a free-running 200 ms clock
 * per host, RTO = SRTT + max(G, 4·RTTVAR), go-back-N after a timeout. */
const S0_SIMULATOR_TIMER: Partial<Scenario> = {
  granularityMs: 200,
  rtoMinMs: 200,
  rtoExtraMs: 0,
  timerClock: 'host',
  timeoutResend: 'go-back-n',
  ssthreshRule: 'rfc5681',
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
  // FreeBSD 3.2's tcp_xmit_timer: the RTO stays two ticks above the RTT in ticks (S2 Fig. 6's
  // trace retransmits 1.37 s after the last ACK).
  rtoRule: 'bsd',
  ssthreshRule: 'bsd',
  ack: 'delayed',
  cbrMbps: 60,
  cbrSharesBuffer: true,
  bufferCells: 1000,
  duration: 10,
};

/**
 * The choices no source fixes, disclosed in the description of every preset that makes them,
 * in the same words (tests/unit/sim/scenario/presets.test.ts checks it).
 */
export const CHOICES = {
  s1RunLength:
    "Runs last 15 s: S0 §3.1 says that Goyal, Jain et al. (ICC'97, the study behind S1's table; S0's refs. [2] and [4]) \"typically simulate the system for 10 to 20 seconds\"; 15 s is the midpoint, a rule fixed before any verdict was looked at.",
  s1Rto:
    '(choice) RTO floor 0 and initial RTO 1 s (rtoMinMs=0, rtoInitialMs=1000): S1 gives only its 100 ms timer granularity, and the floor sets how long the link idles after a timeout, so it weighs on LAN efficiency.',
  s1Tie:
    "(choice) Cells arriving in the same slot enter the buffer in random order (arrivalOrder=random): S1 does not state its simulator's tie-break; this one was chosen for its effect, the LAN table's ordering UBR < EPD < SD ≲ FBA with SD and FBA fair, which arrival order does not give.",
  s1Timer:
    '(choice) The RTO counts from the last ACK (timerClock=armed): S1 gives "granularity = 100 ms" on an unstated clock.',
  s3Tie:
    'Cells arriving in the same slot enter the buffer in random order (arrivalOrder=random), as in YATS, S3\'s simulator, whose multiplexers "process all arrivals in random order" in each slot (YATS 0.3 source, mux::late and muxEPD::late).',
  s4Mtu: '(choice) MTU 9180, the default IP MTU over AAL5 (RFC 1626): S4 gives none.',
} as const;

/** S1's run length (CHOICES.s1RunLength). */
export const S1_RUN_SECONDS = 15;

/** S1's LAN/WAN configuration (Jain/Goyal slides, "The Simulation Experiment"): all links
 * 155 Mbit/s, MSS 512, no delayed ACK, G = 100 ms, FIFO switch; 15 s runs (CHOICES). */
const S1_LAN: Partial<Scenario> = {
  sources: 5,
  linkMbps: 149.76,
  accessMbps: [149.76],
  rttMs: [0.03],
  scheduler: 'fifo',
  mtu: 552,
  window: 65536,
  granularityMs: 100,
  rtoMinMs: 0,
  rtoInitialMs: 1000,
  ack: 'every',
  tcp: ['vanilla'],
  // No host jitter: S1's runs had "all processing delay, delay variation = 0" (the 0.3 ms
  // jitter is an option of YATS, S3's simulator, not S1's).
  bufferCells: 1000,
  duration: S1_RUN_SECONDS,
};
const S1_WAN: Partial<Scenario> = { ...S1_LAN, rttMs: [30], window: 600000, bufferCells: 12000 };
/**
 * S1's simulator as its "UBR + EPD + FBA" table needs it (choices that a project decision
 * allows for the S1 presets, disclosed in their descriptions; see the keys' help). With equal
 * links and "delay variation = 0", cells from different sources reach the switch at the same
 * instants, so their order at a full buffer is a tie-break S1 does not state: 'random'. Its
 * TCP timer has "granularity = 100 ms" on an unstated clock: 'armed', the RTO rounded up to
 * 100 ms and counted from the last ACK, as in a simulator with one timer per connection.
 * Together they give the table's LAN ordering UBR < EPD < SD ≲ FBA with SD and FBA fair; in
 * arrival order one VC takes every place a full buffer frees and tail drop outruns EPD, and on
 * the hosts' own clocks SD is less fair than EPD. Only the table's presets (LAN and WAN) use
 * them: S1's satellite flavour figures (Reno < vanilla < SACK over UBR) hold in arrival order
 * and turn over in random order, and the slides gather several studies.
 */
const S1_TABLE_SIM: Partial<Scenario> = { arrivalOrder: 'random', timerClock: 'armed' };
const S1_SATELLITE: Partial<Scenario> = {
  ...S1_LAN,
  rttMs: [570],
  mtu: 9220, // MSS 9180
  window: 8700000,
  bufferCells: 200000,
  duration: 60,
};
const INTEGER_CWND: Partial<Scenario> = {
  ...S1_LAN,
  sources: 1,
  tcp: ['reno'],
  rttMs: [30],
  window: 8700000,
  bufferCells: 20000,
  rtoInitialMs: 10,
  granularityMs: 1,
  duration: 60,
};
/** S1's DFBA runs: 5 VCs through a backbone, SACK TCPs merged at edge switches, access hop
 * 50 µs, backbone 5 ms, GFR capacity 353.207 kcells/s, α = 0.5, Z = 1, K = 25 kcells. */
const S1_DFBA: Partial<Scenario> = {
  sources: 5,
  tcpsPerVc: 10,
  linkMbps: 149.76,
  accessMbps: [149.76],
  rttMs: [10.2],
  scheduler: 'fifo',
  policy: 'dfba',
  mtu: 1064, // MSS 1024
  window: 65536,
  granularityMs: 100,
  rtoMinMs: 0,
  rtoInitialMs: 1000,
  ack: 'every',
  tcp: ['sack'],
  bufferCells: 25000,
  dfbaAlpha: 0.5,
  dfbaZ: 'unit',
  duration: 20,
};
/** S3 §4.1: N symmetric TCP sources through one switch, OC-3, 512-byte packets, 64 KB
 * windows, half the VCs tagged CLP=1 at the source, LAN link delay 102 µs one way.
 * S3 ran YATS 0.3 [Bau97] and names only the TCP options it turned on (fast retransmit and
 * recovery, timestamps, Nagle: all YATS defaults); the rest are YATS's documented defaults
 * (user's manual §7.11, TCPIPsend/TCPIPrec; luayats src/tcpip/tcpipsend.c):
 * - PROCTIM 0.3 ms per sent segment, served one at a time, OQWM 2: each source sends at most
 *   one segment per 0.3·U(1, 1.1) ms, ≈ 38 kcells/s, so ≈ 9.3 sources fill the link. This is
 *   what keeps the CLP0 stream below HBO under the two-threshold rule (S3 §5.1).
 * - TICK 500 ms, RTOMIN 1500 ms, the timer counted from arming, initial RTO 3 s, ssthresh
 *   max(2, min(wnd, cwnd)/2) segments.
 * - The receiver ACKs every window shift of one MSS at once (manual §7.11.2, Remark): with an
 *   application that reads at once, every segment.
 * - MuxEPD does not forward the last cell of a discarded frame (manual §7.3.5). */
const S3_LAN: Partial<Scenario> = {
  sources: 16,
  linkMbps: 149.76,
  accessMbps: [149.76],
  rttMs: [0.204],
  scheduler: 'fifo',
  mtu: 552,
  window: 65536,
  tagged: [false, true],
  hostProcMs: 0.3,
  hostQueuePkts: 2,
  granularityMs: 500,
  rtoMinMs: 1500,
  rtoInitialMs: 3000,
  timerClock: 'armed',
  ssthreshRule: 'bsd',
  ack: 'every',
  keepEom: false,
  bufferCells: 2400,
  lbo: 0.5,
  hbo: 0.8,
  epdThreshold: 1920, // S3: EPD at 80% of K
  mcr: [20],
  // S3: "run long enough to capture congestion behaviour". With YATS's 1.5 s minimum RTO the
  // synchronised start-up (every source starts at once) dominates a 10 s run: at 10 s EPD
  // loses fewer cells than plain UBR, at 30 s a few more, as S3 §5.1 finds.
  duration: 30,
  // YATS's multiplexers serve the cells of one slot in random order (CHOICES.s3Tie).
  arrivalOrder: 'random',
};
/** The disclosures of an S1 preset's parameters (CHOICES), in a fixed order. */
function s1Choices(p: Partial<Scenario>): string {
  const out: string[] = [];
  if (p.duration === S1_RUN_SECONDS) out.push(CHOICES.s1RunLength);
  if (p.rtoMinMs === 0 && p.rtoInitialMs === 1000) out.push(CHOICES.s1Rto);
  if (p.arrivalOrder === 'random') out.push(CHOICES.s1Tie);
  if (p.timerClock === 'armed') out.push(CHOICES.s1Timer);
  return out.length ? ` ${out.join(' ')}` : '';
}

/** S4 §IV: 7 FTP sources on 2 Mbit/s access links, a 1.5 Mbit/s congested link, K = 50,000
 * cells, starts staggered at 100 (2), 110 (3) and 120 s (2), 10 minutes. S4 gives neither RTO
 * settings, windows nor MTU. 25,000 cells (R) take 7 s to drain at 1.5 Mbit/s, longer than the
 * initial RTO of 3 s (RFC 1122), so every late starter times out once or twice before its
 * first RTT sample under any policy; S4's "RTO below 3 s" for EUBR+ cannot hold with a queue
 * between R and P on this link, whatever the TCP (the RTO is at least the SRTT, ≥ 7.07 s).
 * The hosts are ATM end systems (S4 Fig. 2), so IP runs over AAL5 with the default MTU of
 * 9180 bytes (RFC 1626, kept by RFC 2225). The segment size sets how fast the
 * sources refill the buffer once the queue dominates the RTT: in congestion avoidance the
 * queue grows by N·cells(MSS)/2 cells per RTT (delayed ACKs), so refilling R from R/2 takes
 * about 100 s with 192-cell segments but 600 s with 32-cell ones (MTU 1500), which left a
 * single congestion episode in the run and the late starters' start-up handicap in place. */
const S4_EUBR: Partial<Scenario> = {
  sources: 7,
  linkMbps: 1.5,
  accessMbps: [2],
  rttMs: [10],
  start: [100, 100, 110, 110, 110, 120, 120],
  scheduler: 'fifo',
  mtu: 9180, // RFC 1626: default IP MTU over ATM AAL5
  // (choice) S4 does not give the windows; 1 MB lets 7 sources fill the 50,000-cell buffer.
  window: 1048576,
  granularityMs: 500,
  rtoMinMs: 1000,
  ack: 'delayed',
  tcp: ['reno'],
  bufferCells: 50000,
  epdThreshold: 25000, // S4: EPD threshold 50%
  eubrR: 0.5,
  eubrP: 0.7,
  duration: 600,
};

const RAW_PRESETS: Preset[] = [
  {
    name: 's0-testbed',
    title: 'S0 testbed: EPD (b = 1) at one window of buffer',
    description:
      'S0 Fig. 2: 4 Solaris 2.6 (Reno) senders through a 37.44 Mbit/s ASX-200 port with K = 1088 cells and EPD b = 1; measured efficiency {{s0-fig2-epd-1088}}, fairness {{s0-fig2-epd-fair-1088}}. Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, policy: 'epd', epdB: 1 },
  },
  {
    name: 's0-plain-ubr',
    title: 'S0 testbed: plain UBR',
    description:
      'S0 Fig. 2, plain UBR at K = 1088 cells: damaged frames still cross the link as dead cells; measured efficiency {{s0-fig2-ubr-1088}}. The model stays low because a frame whose EOM cell is lost also corrupts the next frame of its VC at reassembly, so one overflow costs a Reno sender two segments and usually a timeout. Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, policy: 'tail-drop' },
  },
  {
    name: 's0-ppd',
    title: 'S0 testbed: Partial Packet Discard',
    description:
      'S0 Fig. 2, PPD at K = 1088 cells: measured efficiency {{s0-fig2-ppd-1088}}. Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, policy: 'ppd' },
  },
  {
    name: 's0-drop-from-front',
    title: 'S0 testbed: drop from front (frame-aware)',
    description:
      "S0's testbed under the policy of its ref. [6], Lakshman, Neidhardt & Ott's drop from front (INFOCOM '96), which S0 cites but did not measure: an experiment of this lab, with no published figure to compare. When a cell finds the buffer full, the frame at the head of the buffer is discarded (its queued cells and the rest of it, the EOM kept) instead of the arriving cell, so each loss reaches the receiver a queueing delay earlier. Compare s0-ppd (the same buffer, losses at the tail) and s0-testbed (EPD). Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).",
    params: { ...S0_TESTBED, policy: 'drop-from-front' },
  },
  {
    name: 's0-small-buffer',
    title: 'S0 testbed: small buffer (725 cells), plain UBR vs EPD',
    description:
      'S0 Fig. 2–3: K = 725 cells, below one window; EPD b = 1 here, compare with policy=tail-drop and ppd: S0 measured the order {{s0-fig2-small-buffer-order}}. Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, bufferCells: 725, policy: 'epd', epdB: 1 },
  },
  {
    name: 's2-deadlock',
    title: 'S2: the CBR throughput deadlock',
    description:
      'S2 Fig. 3 and Fig. 5(b): one FreeBSD 3.2 Reno flow, 60 Mbit/s CBR sharing the buffer, K = 1000 cells, no EPD. Several cells lost from one window end fast recovery with the window full; only timeouts recover, giving a staircase and efficiency {{s2-fig3-9180-1000-efficiency}} of the bandwidth left to UBR. Timeouts follow BSD’s RTO rule (rtoRule=bsd): S2’s trace retransmits {{s2-pattern-b-rto}} s after the last ACK.',
    params: { ...S2_DEADLOCK },
  },
  {
    name: 's2-large-buffer',
    title: 'S2: the same flow with 3000 cells of buffer',
    description:
      'S2 Fig. 3: with K ≥ 3K cells there is no deadlock; MTU 9180 reaches {{s2-fig3-9180-3000-goodput}} Mbit/s. BSD RTO rule (rtoRule=bsd) as in s2-deadlock.',
    params: { ...S2_DEADLOCK, bufferCells: 3000 },
  },
  {
    name: 's2-epd',
    title: 'S2: EPD breaks the deadlock',
    description:
      'S2 §4.3: turning on EPD in the switch at K = 1000 cells recovers the throughput (with MTU 1500 and a 38 KB socket, efficiency {{s2-epd-recovers}}).',
    params: { ...S2_DEADLOCK, policy: 'epd', epdB: 1 },
  },
  {
    name: 's2-romanow-floyd',
    title: "S2 §2.3/§4.1: Romanow & Floyd's many TCPs over plain ATM",
    description:
      'S2 §2.3 and §4.1 cite Romanow & Floyd (1995): several TCP connections over plain ATM get about 10–30% of the link with 1 K cells of buffer (efficiency {{s2-rf-low-throughput}}), and less with larger packets, smaller buffers or larger windows. 10 Reno sources, FIFO, no packet discard, MTU 9180, 64 KB windows, the 0.1 ms timer granularity of Romanow & Floyd\'s simulator (S0 §5.1, citing Romanow & Floyd, "Dynamics of TCP Traffic over ATM Networks", 1995). (choice) RTT 1 ms and ACK every segment: S2 does not give them.',
    params: {
      sources: 10,
      linkMbps: 149.76,
      accessMbps: [149.76],
      rttMs: [1],
      scheduler: 'fifo',
      policy: 'tail-drop',
      mtu: 9180,
      window: 65536,
      tcp: ['reno'],
      granularityMs: 0.1,
      rtoMinMs: 0,
      rtoInitialMs: 1000,
      ack: 'every',
      bufferCells: 1000,
      duration: 10,
    },
  },
  {
    name: 's2-stop-and-go',
    title: 'S2 §2.3: the send-buffer stop-and-go deadlock',
    description:
      "S2 §2.3 (Moldeklev & Gunningberg, S2 refs. 21–22; a mechanism S2 describes, no figure): the same host and link, no CBR and no loss, but a 16 KB send buffer holds one full 9140-byte segment and a short rest. Nagle holds the rest while the segment waits for the receiver's 200 ms delayed ACK: one segment per tick, {{s2-stop-and-go}} segments a second, about 0.4 Mbit/s. Compare with sndBuf=18432 (two full segments) or ack=every.",
    params: { ...S2_DEADLOCK, cbrMbps: 0, bufferCells: 3000, sndBuf: 16384 },
  },
  {
    name: 's0-dupack-1',
    title: 'S0: duplicate-ACK threshold 1, MTU 9180',
    description:
      'S0 Fig. 5–6 (MTU 9180): with a threshold of 1 a single duplicate ACK triggers fast retransmit; efficiency and fairness are high (against threshold 3 at K = 725: {{s0-fig5-dupack1-beats-3}}). Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, mtu: 9180, dupAck: 1, policy: 'epd', epdB: 1 },
  },
  {
    name: 's0-dupack-10',
    title: 'S0: duplicate-ACK threshold 10 (timeouts only)',
    description:
      'S0 Fig. 5–6 (MTU 9180): with under six segments per window a threshold of 10 disables fast retransmit; fair ({{s0-fig6-dupack10-fair}}) but less efficient. Senders modelled as Solaris 2.6 (tcp.c 1.156): timer on the oldest segment (timerClock=oldest, 10 ms clock), RTO + 200 ms (rtoExtraMs), overdue resends (timeoutResend).',
    params: { ...S0_TESTBED, mtu: 9180, dupAck: 10, policy: 'epd', epdB: 1 },
  },
  {
    name: 's0-sim-b2',
    title: "S0's simulator: EPD b = 2 at 1088 cells",
    description:
      "S0 §5.1 Fig. 11–13 (simulation, MTU 4352, duplicate-ACK threshold 3, timer granularity 200 ms): with K = 725 or 1088 cells efficiency peaks at b = 2, where the dead-cell ratio falls to about 0 (CLR ≈ FER). S0's simulator used BSD-style 200 ms timers, not the testbed's Solaris 2.6 timer; compare epdB = 0…4.",
    params: { ...S0_TESTBED, ...S0_SIMULATOR_TIMER, policy: 'epd', epdB: 2 },
  },
  {
    name: 's0-sim-16',
    title: "S0's simulator: 16 sources, EPD b = 2",
    description:
      'S0 §5.2 Fig. 14 (simulation): with 16 sources K = 1088 cells is robust against b and fair; K = 725 cells gets unfair. Compare bufferCells = 725 and epdB = 0…4.',
    params: { ...S0_TESTBED, ...S0_SIMULATOR_TIMER, sources: 16, policy: 'epd', epdB: 2 },
  },
  {
    name: 's0-stretch-idling',
    title: 'S0: stretch ACKs and the "idling" TCP',
    description:
      'S0 §4.3, §5.3 and Fig. 7, 15–16: Linux stretch ACKs (4 ms) and Solaris 2.5.1 idling; fast retransmit rarely triggers and EPD gains nothing (b = 1 against b = 0 at K = 725: {{s0-fig7-epd-no-gain-idling}}). S0 modelled it with BSD-style 200 ms timers, as here.',
    params: {
      ...S0_TESTBED,
      ...S0_SIMULATOR_TIMER,
      ack: 'stretch',
      stretchAckMs: 4,
      idling: true,
      policy: 'epd',
      epdB: 1,
      mtu: 1500,
    },
  },
  {
    name: 's0-stretch-idling-g20',
    title: 'S0: stretch ACKs and idling TCP with G = 20 ms',
    description:
      'S0 Fig. 8–9 and §4.3: with the idling TCP a finer timer granularity (20 ms) helps more than EPD, which still gains nothing ({{s0-fig9-epd-no-gain-g20}}).',
    params: {
      ...S0_TESTBED,
      ...S0_SIMULATOR_TIMER,
      ack: 'stretch',
      idling: true,
      policy: 'epd',
      epdB: 1,
      mtu: 1500,
      granularityMs: 20,
      rtoMinMs: 20,
    },
  },
  ...(['tail-drop', 'epd', 'sd', 'fba'] as const).map((policy) => ({
    name: `s1-lan-${policy}`,
    title: `S1 LAN, 5 sources, K = 1000: ${policy}`,
    description: `S1 "UBR + EPD + FBA" table, LAN row 5 sources / 1000 cells (UBR 0.21, EPD 0.49, SD 0.75, FBA 0.88): ${policy}.`,
    params: { ...S1_LAN, ...S1_TABLE_SIM, policy },
  })),
  {
    name: 's1-lan-fba-shared-clock',
    title: 'S1 LAN FBA with every host on one timer clock',
    description:
      'S1 "Drop Policies: Results" ("TCP synchronization affects performance"), on the LAN row 5 sources / 1000 cells: with all hosts\' timers on one clock the hosts that lost together restart on the same tick with equal windows, FBA finds no VC above its share until all are and drops them all at once, and efficiency falls below that of hosts on their own clocks ({{s1-synchronization}}: shared clock, then own clocks). Compare timerClock=armed or host.',
    params: { ...S1_LAN, ...S1_TABLE_SIM, policy: 'fba', timerClock: 'shared' },
  },
  ...(['tail-drop', 'epd', 'sd', 'fba'] as const).map((policy) => ({
    name: `s1-wan-${policy}`,
    title: `S1 WAN, 5 sources, K = 12000: ${policy}`,
    description: `S1 "UBR + EPD + FBA" table, WAN row 5 sources / 12000 cells (efficiency ≥ 0.8 everywhere, UBR least fair): ${policy}.`,
    params: { ...S1_WAN, ...S1_TABLE_SIM, policy },
  })),
  ...(['vanilla', 'reno', 'newreno', 'sack'] as const).map((tcp) => ({
    name: `s1-satellite-${tcp}`,
    title: `S1 GEO satellite, EPD: TCP ${tcp}`,
    description: `S1 efficiency/fairness tables, satellite rows (RTT 570 ms, MSS 9180, window 8.7 MB, K = 200k): TCP ${tcp}; SACK helps most, fast retransmit hurts.`,
    params: { ...S1_SATELLITE, policy: 'epd' as const, tcp: [tcp] },
  })),
  {
    name: 's1-integer-cwnd',
    title: 'S1: the integer-cwnd plateau',
    description:
      'S1 "Problem in TCP implementations": computed in integers, MSS·MSS/cwnd is 0 once cwnd > MSS², so cwnd freezes at 256 KB with MSS 512. (choice) A 30 ms path whose bandwidth-delay product (≈ 560 KB) exceeds MSS², and an early timeout (initial RTO 10 ms, G = 1 ms) so that congestion avoidance starts from 2 segments, as after S1’s losses.',
    params: { ...INTEGER_CWND, cwndInteger: true },
  },
  {
    name: 's1-integer-cwnd-fixed',
    title: 'S1: the integer-cwnd fix (every N ACKs)',
    description: 'S1 "Solutions" 1: add N·MSS²/cwnd every N ACKs; the plateau disappears.',
    params: { ...INTEGER_CWND, cwndInteger: true, cwndEveryN: 64 },
  },
  {
    name: 's1-sack-delayed-rtx',
    title: 'S1 task 7: SACK with a delayed fast retransmission',
    description:
      'S1 "Optimize SACK TCP": wait RTT/2 before retransmitting; S1 found it does not help.',
    params: { ...S1_WAN, tcp: ['sack'], policy: 'epd', sackDelayRtx: true },
  },
  {
    name: 's1-guaranteed-rate',
    title: 'S1 task 4b: 10% of the link guaranteed to UBR under VBR',
    description:
      'S1 "Guaranteed Rate": WAN with on/off VBR background; reserving 10% for UBR helps more than EPD, SD or FBA.',
    params: { ...S1_WAN, policy: 'epd', vbrMbps: 120, vbrOnMs: 500, vbrOffMs: 500, ubrShare: 0.1 },
  },
  {
    name: 's1-fifo-thresholds',
    title: 'S1: per-VC thresholds in a FIFO buffer',
    description:
      'S1 "FIFO Buffer Management", experiment 1: 15 SACK sources, K = 48k, thresholds R_i = 305…1528 cells; observed/expected throughput ratios 0.97–1.04.',
    params: {
      ...S1_WAN,
      sources: 15,
      tcp: ['sack'],
      mtu: 1064,
      rttMs: [30],
      bufferCells: 48000,
      policy: 'fifo-thresholds',
      fifoR: [305, 305, 305, 611, 611, 611, 917, 917, 917, 1223, 1223, 1223, 1528, 1528, 1528],
      duration: 30,
    },
  },
  {
    name: 's1-dfba-50',
    title: 'S1: DFBA, 50 TCPs on 5 VCs, 50% MCR allocation',
    description:
      'S1 DFBA "Simulation Results": MCR 12, 24, 36, 48, 60 kcells/s (ΣW = 0.5), K = 25k; every VC gets its MCR, lower MCRs get more excess.',
    params: { ...S1_DFBA, mcr: [12, 24, 36, 48, 60] },
  },
  {
    name: 's1-dfba-85',
    title: 'S1: DFBA, 100 TCPs on 5 VCs, 85% MCR allocation',
    description:
      'S1 DFBA "Effect of Number of TCPs": MCR 20…100 kcells/s (ΣW = 0.85), 20 TCPs per VC; MCRs guaranteed, results independent of the number of TCPs.',
    params: { ...S1_DFBA, tcpsPerVc: 20, mcr: [20, 40, 60, 80, 100] },
  },
  ...(['tail-drop', 'epd', 'two-threshold', 'per-vc'] as const).map((policy) => ({
    name: `s3-gfr-lan-${policy}`,
    title: `S3 GFR LAN, half the VCs tagged: ${policy}`,
    description: `S3 Fig. 3–4 (LAN): 16 sources, K = 2400, half the VCs tagged CLP=1; two-threshold and per-VC management keep CLP0 loss ≈ 0 (two thresholds / UBR: {{s3-fig3-two-threshold-clp0-clr}}; per-VC / UBR: {{s3-fig3-per-vc-clp0-clr}}). This one: ${policy}. Sources modelled on YATS, S3’s simulator: one segment per 0.3 ms of host processing (hostProcMs, hostQueuePkts), 500 ms timer tick and 1.5 s minimum RTO (YATS 0.3 manual §7.11).`,
    params: { ...S3_LAN, policy },
  })),
  {
    name: 's3-gfr-lan-wfq',
    title: 'S3 GFR LAN, half the VCs tagged: WFQ without tag sensitivity',
    description:
      'S3 §5.1: WFQ by virtual spacing (weights 1/MCR) with plain UBR buffer management; no better than UBR for the CLP0 stream (CLP0 goodput WFQ / UBR {{s3-wfq-no-better}}). Sources modelled on YATS, S3’s simulator: one segment per 0.3 ms of host processing (hostProcMs, hostQueuePkts), 500 ms timer tick and 1.5 s minimum RTO (YATS 0.3 manual §7.11).',
    params: { ...S3_LAN, policy: 'tail-drop', scheduler: 'wfq' },
  },
  {
    name: 's3-gfr-wan-two-threshold',
    title: 'S3 GFR WAN, half the VCs tagged: two thresholds',
    description:
      'S3 §4.1 WAN (≈ 1 ms one way): the same trends as the LAN (CLP0 CLR, two thresholds / UBR {{s3-wan-same-trend-clp0}}). Sources modelled on YATS, S3’s simulator: one segment per 0.3 ms of host processing (hostProcMs, hostQueuePkts), 500 ms timer tick and 1.5 s minimum RTO (YATS 0.3 manual §7.11).',
    params: { ...S3_LAN, rttMs: [2], policy: 'two-threshold' },
  },
  {
    name: 's3-gfr-fgcra',
    title: 'S3: network tagging by F-GCRA with two thresholds',
    description:
      "S3 §3.2: frames beyond each VC's MCR are tagged CLP=1 whole at the switch, then the two-threshold rule protects the untagged stream. Sources modelled on YATS, S3’s simulator: one segment per 0.3 ms of host processing (hostProcMs, hostQueuePkts), 500 ms timer tick and 1.5 s minimum RTO (YATS 0.3 manual §7.11).",
    params: { ...S3_LAN, tagged: [false], gfr: true, mcr: [15], policy: 'two-threshold' },
  },
  ...(['eubr', 'epd', 'sd'] as const).map((policy) => ({
    name: `s4-${policy === 'sd' ? 'ubr-plus' : policy}`,
    title: `S4: 7 staggered sources on 1.5 Mbit/s: ${policy === 'sd' ? 'UBR+ (Selective Drop)' : policy === 'eubr' ? 'EUBR+' : 'EPD'}`,
    description: `S4 Fig. 4–9 (${policy}): S4 reports that EUBR+ is fair ({{s4-eubr-fair}}), loses fewer cells than UBR+ ({{s4-fig6-lost-cells-order}}) and keeps the RTO below 3 s ({{s4-fig4-eubr-rto-below-3s}}) and the buffer from emptying, while EPD empties it often. No policy here empties the buffer, and RTOs stay far above 3 s: a queue of R cells alone delays a segment by 7 s on this link.`,
    params: { ...S4_EUBR, policy, sdR: 0.5 },
  })),
  // ---- Networks of switches (src/sim/net/topology.ts) ----
  ...(['tail-drop', 'fba'] as const).map((policy) => ({
    name: `parking-lot-${policy}`,
    title: `Parking lot, 3 switches, long and local VCs: ${policy === 'fba' ? 'FBA' : 'plain UBR (tail drop)'}`,
    description: `The ATM Forum's parking-lot configuration, the classic test of fairness across hops: 3 switches in a row, 2 long VCs crossing every hop and, at switches 2 and 3, 2 local VCs each that join and leave after one hop, so every port after the first carries 4 VCs and the max-min fair share is a quarter of a port for everyone. ${policy === 'fba' ? "With S1's Fair Buffer Allocation at every port the long VCs get close to their share, as S1 reports FBA fair on one switch." : 'Plain UBR (tail drop) starves the long VCs: they lose cells at two congested hops and, with the longer round trip, recover more slowly (the beat-down problem; compare parking-lot-fba).'} (choices) S0's testbed hosts and switch (§3.1: Solaris TCP, 37.44 Mbit/s, K = 1088, per-VC round robin) at every port, 5 ms (1000 km) between switches so that the long VCs' round trip is 20 ms longer, 20 s runs.`,
    params: {
      ...S0_TESTBED,
      topology: 'parking-lot' as const,
      hops: 3,
      sources: 6,
      hopMbps: [37.44],
      hopDelayMs: [5],
      entryHop: [-1],
      policy,
      duration: 20,
    },
  })),
  ...(['epd', 'sd', 'eubr'] as const).map((policy) => ({
    name: `s4-chain-${policy === 'sd' ? 'ubr-plus' : policy}`,
    title: `S4 on three switches: ${policy === 'sd' ? 'UBR+ (Selective Drop)' : policy === 'eubr' ? 'EUBR+' : 'EPD'}`,
    description: `S4 §IV Fig. 2's network (${policy}): three ATM switches, seven FTP nodes and one server, every link 2 Mbit/s except the congested 1.5 Mbit/s one, 50,000-cell queues at all three switches, starts staggered at 100 (2), 110 (3) and 120 s (2), 10 minutes, EPD threshold 50 %, UBR+ 50 %, EUBR+ 70 % (all from S4). Compare s4-${policy === 'sd' ? 'ubr-plus' : policy} (one switch). (choices) The seven nodes attach to the first switch and the congested link is the last, into the server (S4 names "the congested switch" without placing it); the inter-switch links add no delay, so the 10 ms round trip of the s4-* presets is the whole path's.`,
    params: {
      ...S4_EUBR,
      policy,
      sdR: 0.5,
      topology: 'chain' as const,
      hops: 3,
      bottleneckHop: -1,
      hopMbps: [2],
      hopDelayMs: [0],
    },
  })),
  {
    name: 's1-lan-two-switch-tail-drop',
    title: 'S1 LAN on two switches, 5 sources, K = 1000: tail drop',
    description:
      'S1 "The Simulation Experiment" drawn as it is: sources → source switch → 155 Mbit/s link → destination switch → destinations, all links 155 Mbit/s, the buffer of the source switch\'s output port the bottleneck; otherwise s1-lan-tail-drop (S1 "UBR + EPD + FBA" table, LAN row 5 sources / 1000 cells, UBR 0.21). (choices) The inter-switch link adds no delay, so the 30 µs round trip is the whole path\'s; the destination switch\'s port never congests (it receives at most what the bottleneck sends).',
    params: {
      ...S1_LAN,
      ...S1_TABLE_SIM,
      policy: 'tail-drop',
      topology: 'chain',
      hops: 2,
      bottleneckHop: 0,
      hopMbps: [149.76],
      hopDelayMs: [0],
    },
  },
];

/** The disclosures a preset's parameters call for (CHOICES), appended to its description. */
function disclosures(p: Preset): string {
  if (p.name.startsWith('s1-')) return s1Choices(p.params);
  const out: string[] = [];
  if (p.name.startsWith('s3-') && p.params.arrivalOrder === 'random') out.push(CHOICES.s3Tie);
  if (p.name.startsWith('s4-') && p.params.mtu === 9180) out.push(CHOICES.s4Mtu);
  return out.length ? ` ${out.join(' ')}` : '';
}

export const PRESETS: Preset[] = RAW_PRESETS.map((p) => ({
  ...p,
  description: p.description + disclosures(p),
}));
