/**
 * The one scenario schema: every parameter's default, range, unit and help text. The URL
 * codec, the CLI flags, the UI's sliders and pickers and the presets all read this table.
 * Defaults describe S0's testbed (4 TCP Reno sources, 37.44 Mbit/s, per-VC round robin,
 * EPD b = 1), the opening scenario of the app. Help texts mark the model's own choices, where
 * the papers leave a detail open, with "(model choice)".
 */

import { GROUP_IDS } from '../core/params';
import type { GroupId, NumberParam, ParamDef, ParamValues } from '../core/params';
import type { Policy } from '../atm/policies';
import { POLICIES, POLICY_KEYS, POLICY_MODULES } from '../atm/policies';
import type { SchedulerName } from '../atm/schedulers';
import { SCHEDULERS } from '../atm/schedulers';

export { GROUP_IDS, POLICIES, SCHEDULERS };
export type { BoolParam, EnumParam, GroupId, NumberParam, ParamDef } from '../core/params';
export type { Policy, SchedulerName };
export const TCP_VARIANTS = ['vanilla', 'tahoe', 'reno', 'newreno', 'sack'] as const;
export const ACK_MODES = ['delayed', 'every', 'stretch'] as const;
export const GFR_ACTIONS = ['tag', 'discard'] as const;
export const SSTHRESH_RULES = ['rfc5681', 'bsd'] as const;
export const TIMER_CLOCKS = ['host', 'shared', 'armed', 'oldest'] as const;
export const RTO_RULES = ['rfc6298', 'bsd'] as const;
export const TIMEOUT_RESENDS = ['go-back-n', 'overdue'] as const;
export const ARRIVAL_ORDERS = ['time', 'random'] as const;
export const ENCAPSULATIONS = ['llc', 'vcmux'] as const;
/** Network templates (src/sim/net/topology.ts). */
export const TOPOLOGIES = ['single', 'chain', 'parking-lot', 'edge'] as const;

/** A port's buffer policy in `portPolicy`: one of POLICIES, or 'same' (the scenario's policy). */
export const PORT_POLICIES = ['same', ...POLICIES] as const;
export type TcpVariant = (typeof TCP_VARIANTS)[number];

/**
 * A scenario, its type derived from the schema table below (one key per entry). Keys marked
 * per-VC in the schema hold a list: VC i uses element i modulo the length, so one element
 * means "all VCs alike" (URL: `tagged=0,1` alternates; `305*3` repeats).
 */
export type Scenario = ParamValues<typeof SCHEMA_TABLE>;

export const GROUP_TITLES: Record<GroupId, string> = {
  switch: 'Switch',
  tcp: 'TCP',
  links: 'Links',
  traffic: 'Traffic',
  topology: 'Topology',
  run: 'Run',
};

/** The name of each buffer policy, as a person reads it (the key is shown beside it), and what
 * it does: from the policies' own files (atm/policies/). */
export const POLICY_LABELS = Object.fromEntries(
  POLICY_MODULES.map((m) => [m.id, m.label]),
) as Record<Policy, string>;
const POLICY_HELP = Object.fromEntries(POLICY_MODULES.map((m) => [m.id, m.help])) as Record<
  Policy,
  string
>;

/** Each policy's own keys (declared in its file), in registry order; keepEom, every
 * frame-discarding policy's, comes right after EPD's keys (toQuery writes a link's keys in the
 * schema's order). */
const { epdThreshold, epdB, ...LATER_POLICY_KEYS } = POLICY_KEYS;

/** Every policy that discards frames (all but plain UBR). */
const ALL_FRAME_POLICIES: readonly Policy[] = POLICIES.filter((p) => p !== 'tail-drop');

const SCHEMA_TABLE = {
  sources: {
    kind: 'int',
    default: 4,
    min: 1,
    max: 64,
    step: 1,
    unit: 'VCs',
    group: 'traffic',
    label: 'Sources (VCs)',
    help: 'Number of VCs into the switch; each carries one greedy TCP (S0 used 4), or tcpsPerVc TCPs merged at an edge switch.',
  },
  tcpsPerVc: {
    kind: 'int',
    default: 1,
    min: 1,
    max: 100,
    step: 1,
    unit: 'TCPs',
    group: 'traffic',
    label: 'TCPs per VC',
    help: "TCP connections merged onto each VC at an edge switch (S1's DFBA runs: 5 VCs of 10 or 20 TCPs). Their frames share the VC's access link (one frame after another); with topology=edge each TCP has its own access link into an edge switch that merges them.",
  },
  linkMbps: {
    kind: 'number',
    default: 37.44,
    min: 0.1,
    max: 622.08,
    step: 0.01,
    unit: 'Mbit/s',
    group: 'links',
    label: 'Bottleneck link rate',
    help: 'Cell rate of the switch output port, counting whole 53-byte cells: 37.44 Mbit/s = 88,302 cells/s (S0); 149.76 = OC-3c payload, 353,208 cells/s.',
  },
  accessMbps: {
    kind: 'number',
    default: 149.76,
    min: 0.1,
    max: 622.08,
    step: 0.01,
    unit: 'Mbit/s',
    group: 'links',
    perVc: true,
    label: 'Access link rate (PCR)',
    help: "Each VC's link into the switch, its PCR: a frame's cells leave back-to-back at this rate. Per VC.",
  },
  rttMs: {
    kind: 'number',
    default: 0.5,
    min: 0,
    max: 1200,
    step: 0.01,
    unit: 'ms',
    group: 'links',
    perVc: true,
    label: 'Round-trip propagation delay',
    help: 'Propagation delay there and back (5 µs/km), excluding queueing and transmission. S1: LAN 0.03 ms, WAN 30 ms, GEO satellite 570 ms. (model choice) 0.5 ms for the S0 LAN. Per VC.',
  },
  start: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 3600,
    step: 0.1,
    unit: 's',
    group: 'traffic',
    perVc: true,
    label: 'Start time of each source',
    help: 'When the TCP sources of each VC start sending (S4 staggers them at 100, 110 and 120 s). Per VC.',
  },
  topology: {
    kind: 'enum',
    default: 'single',
    options: TOPOLOGIES,
    optionLabels: {
      single: 'Single switch',
      chain: 'Chain of switches',
      'parking-lot': 'Parking lot',
      edge: 'Edge switches into a core (DFBA)',
    },
    optionHelp: {
      single:
        'N sources on access links into one switch whose output port is the bottleneck, as in the testbed of Jaussi, Lorang & Nelissen (S0) and the simulations of Goyal, Jain et al. (S1).',
      chain:
        "Every VC crosses `hops` switches in a row: S4 §4's three ATM switches (2 Mbit/s links except the congested 1.5 Mbit/s one) and S1's Simulation Experiment slide (source switch → 155 Mbit/s bottleneck → destination switch).",
      'parking-lot':
        "The ATM Forum's parking-lot configuration: `hops` switches in a row; one group of VCs (entryHop 0) crosses every hop, and at each later switch h a local group (entryHop h) joins and leaves after that one hop, toward its own receivers. Long VCs meet competition at every congested hop, local ones at one.",
      edge: "S1's DFBA configuration (\"Local switches merge TCP sources\"; 5 VCs through the backbone link): each TCP has its own access link into its VC's edge switch, whose output port (buffer K, the policy of portPolicy's hop 0, hopMbps, hopDelayMs on to the core) merges the VC's tcpsPerVc connections onto the VC frame by frame, never interleaving two frames' cells; the core switch's output port (hop 1) is the bottleneck, as in single.",
    },
    group: 'topology',
    label: 'Topology',
    help: 'The network of switches. Every switch output port has its own buffer K, buffer policy, scheduler and per-VC accounting (X_i, N_a over the VCs that cross it); cells of damaged frames travel on and take capacity downstream. (model choice) CBR/VBR background is served at the bottleneck port only.',
  },
  hops: {
    kind: 'int',
    default: 3,
    min: 2,
    max: 8,
    step: 1,
    unit: 'switches',
    group: 'topology',
    label: 'Switches in a row',
    help: 'Switches (output ports) on the path of a chain or parking lot. S4 §4 and S1: 3. Ignored by the single topology.',
  },
  bottleneckHop: {
    kind: 'int',
    default: -1,
    min: -1,
    max: 7,
    step: 1,
    unit: '',
    group: 'topology',
    label: 'Bottleneck switch',
    help: "Which switch's output port runs at the bottleneck rate (0 = the first switch); -1 = the last, toward the receivers (S4 §4's congested link into the server; S1's 155 Mbit/s link into the destination switch). Chain and parking lot only.",
  },
  hopMbps: {
    kind: 'number',
    default: 149.76,
    min: 0.1,
    max: 622.08,
    step: 0.01,
    unit: 'Mbit/s',
    group: 'topology',
    perVc: true,
    label: 'Rate of the other switches’ links',
    help: 'Output rate of the switch ports other than the bottleneck, one value per hop (the list cycles; the bottleneck hop uses the bottleneck rate). S4 §4: 2 Mbit/s links around the 1.5 Mbit/s one; S1: 155 Mbit/s everywhere. Chain and parking lot; under edge, hop 0 is the edge switches’ output toward the core.',
  },
  hopDelayMs: {
    kind: 'number',
    default: 0.005,
    min: 0,
    max: 300,
    step: 0.001,
    unit: 'ms',
    group: 'topology',
    perVc: true,
    label: 'Inter-switch delay',
    help: 'One-way propagation of the link after each switch toward the next, one value per hop (the list cycles; 5 µs/km, so 0.005 ms = 1 km). Added to the round trip of every VC that crosses it (the ACKs return over the same distance). Chain and parking lot; under edge, hop 0 is the link from the edge switches to the core.',
  },
  entryHop: {
    kind: 'int',
    default: -1,
    min: -1,
    max: 7,
    step: 1,
    unit: '',
    group: 'topology',
    perVc: true,
    label: 'Entry switch (parking lot)',
    help: "The switch at which each VC joins a parking lot. 0 = the first: a long VC crossing every hop to the receivers behind the last switch; h ≥ 1 = a local VC that joins at switch h and leaves after that one hop (its receivers behind switch h's output link). -1 spreads VCs over the switches in turn (VC i → i mod hops; those with i mod hops = 0 are the long group), one local group per later hop as in the ATM Forum configuration. Per VC; parking lot only.",
  },
  portPolicy: {
    kind: 'enum',
    default: 'same',
    options: PORT_POLICIES,
    optionLabels: { same: 'Same as the buffer policy', ...POLICY_LABELS },
    optionHelp: {
      same: 'The scenario’s buffer policy (the `policy` key).',
      ...POLICY_HELP,
    },
    group: 'topology',
    perVc: true,
    label: 'Buffer policy of each switch',
    help: "The buffer policy of each switch output port of a chain or parking lot, one per hop (0 = the first switch; the list cycles): 'same' (the default) uses the scenario's policy, so all ports are alike unless this is set. E.g. policy=fba&portPolicy=tail-drop,same,same: a plain UBR switch in front of FBA ones; S1's policies were compared with every switch alike, the mixed network is an experiment of this lab. The policies' parameters (thresholds, Z, R …) are the scenario's at every port. Chain and parking lot; under edge, hop 0 is the edge switches and hop 1 the core.",
  },
  mcr: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 1467,
    step: 1,
    unit: 'kcells/s',
    group: 'traffic',
    perVc: true,
    label: 'Minimum cell rate (MCR)',
    help: 'Minimum cell rate of each GFR VC in kcells/s (1 kcell/s = 0.384 Mbit/s of payload). Sets DFBA weights W_i = MCR_i/C, WFQ weights, F-GCRA tagging and FIFO thresholds. Per VC; 0 = none.',
  },
  tagged: {
    kind: 'bool',
    default: false,
    group: 'traffic',
    perVc: true,
    label: 'Frames tagged CLP=1 at the source',
    help: "Frames of this VC leave the source with CLP = 1 (S3's half-tagged runs use tagged=0,1). Per VC.",
  },
  bufferCells: {
    kind: 'int',
    default: 1088,
    min: 1,
    max: 600000,
    step: 1,
    unit: 'cells',
    group: 'switch',
    label: 'Buffer size K',
    help: "Cells the output port can hold. S0's 1088 cells is about one TCP window; S1's satellite runs use 200k and 600k.",
  },
  scheduler: {
    kind: 'enum',
    default: 'rr',
    options: SCHEDULERS,
    optionLabels: {
      fifo: 'One FIFO queue',
      rr: 'Round robin per VC',
      wfq: 'Weighted fair queuing (WFQ)',
    },
    group: 'switch',
    label: 'Scheduler',
    help: 'How the output port picks the next cell.',
    optionHelp: {
      fifo: 'One shared FIFO: cells leave in arrival order.',
      rr: 'Per-VC round robin, one cell per turn (the FORE ASX-200 of S0).',
      wfq: 'Weighted fair queuing by virtual spacing (Roberts; S3): weights from the MCRs or wfqWeights.',
    },
  },
  arrivalOrder: {
    kind: 'enum',
    default: 'time',
    options: ARRIVAL_ORDERS,
    optionLabels: { time: 'In order of arrival', random: 'Random order each slot' },
    group: 'switch',
    label: 'Order of simultaneous cells',
    help: 'Order in which cells due in the same output slot enter the buffer; at a full buffer it decides which VC gets each freed place. S1 ran with every link at 155 Mbit/s and "all processing delay, delay variation = 0", so its cells from different sources arrive at the same instants and their order is its simulator\'s tie-break, which S1 does not state.',
    optionHelp: {
      time: 'In order of arrival instant. A frame that starts on an idle access link gets a random sub-slot phase that the frames queued behind it keep, so during a burst one VC comes first in every slot and, at a full buffer, takes every freed place: it loses nothing while the others lose every cell.',
      random:
        '(model choice) In a random order drawn afresh every slot (seeded), as when a simulator breaks exact ties arbitrarily: at a full buffer every VC that keeps sending loses cells, so under tail drop they all time out together (S1: "TCP synchronization affects performance").',
    },
  },
  policy: {
    kind: 'enum',
    default: 'epd',
    options: POLICIES,
    optionLabels: POLICY_LABELS,
    group: 'switch',
    label: 'Buffer policy',
    help: 'Buffer-acceptance rule applied when the first cell of an AAL5 frame arrives.',
    optionHelp: POLICY_HELP,
  },
  epdThreshold,
  epdB,
  keepEom: {
    kind: 'bool',
    default: true,
    group: 'switch',
    policies: ALL_FRAME_POLICIES,
    label: 'Keep the last cell (EOM) of a discarded frame',
    help: 'Forward the last (EOM) cell of a discarded frame so the receiver can delimit frames, as the ASX-200 does; it arrives as a short errored frame.',
  },
  ...LATER_POLICY_KEYS,
  wfqWeights: {
    kind: 'number',
    default: undefined,
    optional: true,
    min: 0.001,
    max: 1e6,
    step: 1,
    unit: '',
    group: 'switch',
    perVc: true,
    label: 'WFQ weights',
    help: 'Weights φ_i of the WFQ scheduler; default the MCRs (equal weights when no MCR is set). Per VC.',
  },
  gfr: {
    kind: 'bool',
    default: false,
    group: 'switch',
    label: 'GFR policing at the switch (F-GCRA)',
    help: 'Police each VC at the switch with F-GCRA(1/MCR, BT + CDVT): a frame beyond its MCR is tagged CLP=1 whole (or discarded); cells beyond MFS are discarded.',
  },
  gfrAction: {
    kind: 'enum',
    default: 'tag',
    options: GFR_ACTIONS,
    optionLabels: { tag: 'Tag the frame (CLP=1)', discard: 'Discard the frame' },
    group: 'switch',
    label: 'GFR: frames beyond the MCR',
    help: 'What F-GCRA does to a frame that is not eligible for the MCR guarantee.',
    optionHelp: { tag: 'Tag the whole frame CLP=1.', discard: 'Discard the whole frame.' },
  },
  mbs: {
    kind: 'int',
    default: 200,
    min: 1,
    max: 100000,
    step: 1,
    unit: 'cells',
    group: 'switch',
    label: 'Maximum burst size (MBS)',
    help: 'Maximum burst size of F-GCRA: BT = (MBS − 1)(1/MCR − 1/PCR).',
  },
  mfs: {
    kind: 'int',
    default: undefined,
    optional: true,
    min: 1,
    max: 1366,
    step: 1,
    unit: 'cells',
    group: 'switch',
    label: 'Maximum frame size (MFS)',
    help: 'Maximum frame size in cells; default the cells of one MTU. Used by F-GCRA and by per-VC thresholds.',
  },
  cdvtMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 1000,
    step: 0.1,
    unit: 'ms',
    group: 'switch',
    label: 'Cell delay variation tolerance (CDVT)',
    help: 'Cell delay variation tolerance added to F-GCRA’s burst tolerance.',
  },
  mtu: {
    kind: 'int',
    default: 4352,
    min: 128,
    max: 65527,
    step: 4,
    unit: 'bytes',
    group: 'tcp',
    label: 'Packet size (MTU)',
    help: 'IP MTU; MSS = MTU − 40. 9180 is the ATM default (RFC 2225); S0 used 4352; S1 and S3 use 552 (MSS 512).',
  },
  encaps: {
    kind: 'enum',
    default: 'llc',
    options: ENCAPSULATIONS,
    optionLabels: { llc: 'LLC/SNAP (8-byte header)', vcmux: 'VC multiplexing (no header)' },
    group: 'links',
    label: 'Encapsulation',
    help: 'RFC 2684 encapsulation of IP in AAL5.',
    optionHelp: {
      llc: 'LLC/SNAP: 8 bytes per packet, cells(L) = ceil((L + 16)/48).',
      vcmux: 'VC multiplexing: no header, cells(L) = ceil((L + 8)/48).',
    },
  },
  window: {
    kind: 'int',
    default: 52224,
    min: 512,
    max: 16777216,
    step: 512,
    unit: 'bytes',
    group: 'tcp',
    label: 'Receive window (socket buffer)',
    help: 'Receive socket buffer: the largest window a receiver advertises, so the largest a connection can use. S0: 52,224 bytes ≈ 1088 cells.',
  },
  sndBuf: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 16777216,
    step: 1,
    unit: 'bytes',
    group: 'tcp',
    label: 'Send buffer',
    help: "Send socket buffer, refilled by a greedy application as ACKs free space; TCP sends only what it holds. 0: unlimited (the bulk source of S0 and S1). With Nagle and delayed ACKs, a buffer that holds only one full segment and a short rest gives Moldeklev & Gunningberg's stop-and-go deadlock (S2 §2.3): one segment per delayed-ACK tick. (Their deadlock needs a buffer that is not a multiple of the MSS; with this model's receiver, which ACKs every second segment, it appears below two full segments.)",
  },
  tcp: {
    kind: 'enum',
    default: 'reno',
    options: TCP_VARIANTS,
    optionLabels: {
      vanilla: 'Vanilla (timeouts only)',
      tahoe: 'Tahoe',
      reno: 'Reno',
      newreno: 'NewReno',
      sack: 'SACK',
    },
    group: 'tcp',
    perVc: true,
    label: 'TCP variant',
    help: 'Congestion-control algorithm of the senders. Per VC.',
    optionHelp: {
      vanilla: 'Vanilla (S1): slow start and congestion avoidance; losses found by timeout only.',
      tahoe: 'Tahoe: fast retransmit, then slow start from one segment (go-back-N).',
      reno: 'Reno (RFC 5681): fast retransmit and fast recovery; the first new ACK ends recovery.',
      newreno: 'NewReno (RFC 6582): stays in recovery through partial ACKs, one hole per RTT.',
      sack: 'SACK (RFC 2018 receiver, RFC 6675 sender): repairs several holes per RTT.',
    },
  },
  dupAck: {
    kind: 'int',
    default: 3,
    min: 1,
    max: 100,
    step: 1,
    unit: 'ACKs',
    group: 'tcp',
    label: 'Duplicate-ACK threshold',
    help: 'Duplicate ACKs that trigger fast retransmit. S0 compared 1, 3 and 10 (10 means timeouts only).',
  },
  granularityMs: {
    kind: 'number',
    default: 200,
    min: 0,
    max: 1000,
    step: 1,
    unit: 'ms',
    group: 'tcp',
    label: 'TCP clock tick G',
    help: 'Period of the free-running TCP clock: timeouts fire on its ticks and RTO ≥ SRTT + G. BSD 500 ms; S0 200 or 20 ms; S1 100 ms.',
  },
  rtoMinMs: {
    kind: 'number',
    default: 200,
    min: 0,
    max: 10000,
    step: 1,
    unit: 'ms',
    group: 'tcp',
    label: 'Minimum RTO',
    help: 'Lower clamp of the retransmission timeout. RFC 6298 and BSD: 1000 ms. (model choice) 200 ms for the Solaris senders of S0.',
  },
  rtoInitialMs: {
    kind: 'number',
    default: 3000,
    min: 10,
    max: 60000,
    step: 10,
    unit: 'ms',
    group: 'tcp',
    label: 'Initial RTO',
    help: 'RTO before the first RTT sample: 3 s (RFC 1122), or 1 s (RFC 6298).',
  },
  rtoExtraMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 2000,
    step: 1,
    unit: 'ms',
    group: 'tcp',
    label: 'Constant added to the RTO',
    help: 'Constant added to every computed RTO: RTO = SRTT + max(G, 4·RTTVAR) + extra, then clamped to the minimum RTO. Solaris 2.6, the senders of S0 (tcp.c 1.156, tcp_rexmit_interval_extra), adds 200 ms by default, so in a LAN its RTO is about 200 ms + SRTT + 4·RTTVAR. 0 = RFC 6298.',
  },
  timerClock: {
    kind: 'enum',
    default: 'host',
    options: TIMER_CLOCKS,
    optionLabels: {
      host: 'A clock per host (BSD)',
      shared: 'One clock for all hosts',
      armed: 'Counted from arming',
      oldest: 'Oldest segment (Solaris 2.6)',
    },
    group: 'tcp',
    label: 'Retransmission timer clock',
    help: 'What the retransmission timer counts on. The clock decides whether connections that lost together also time out together: S1 found that "TCP synchronization affects performance".',
    optionHelp: {
      host: 'Each host has its own free-running clock of period G with a random phase, as BSD hosts have; a timeout fires on the ceil(RTO/G)-th tick after the timer is armed.',
      shared:
        '(model choice) One clock for every host, phase 0, as when a simulator drives all TCP timers from one tick: hosts that lost together retransmit on the same tick.',
      armed:
        '(model choice) No free-running clock: the RTO is rounded up to a multiple of G and counted from the moment the timer is armed, as simulators with one timer per connection do.',
      oldest:
        'Solaris 2.6, the senders of S0 (tcp.c 1.156, tcp_timer): one timer per connection on the host clock (G = 10 ms, HZ = 100) that ACKs do not restart; it expires RTO after the oldest unacknowledged segment was last sent, so a lost segment times out about RTO after it left, not RTO after the last ACK.',
    },
  },
  timeoutResend: {
    kind: 'enum',
    default: 'go-back-n',
    options: TIMEOUT_RESENDS,
    optionLabels: {
      'go-back-n': 'Go back N (BSD)',
      overdue: 'Only overdue segments (Solaris 2.6)',
    },
    group: 'tcp',
    label: 'Resend after a timeout',
    help: 'What a sender retransmits after a timeout. Matters when several segments of one window were lost.',
    optionHelp: {
      'go-back-n':
        'BSD and RFC 5681: go back to snd_una and resend everything from there as slow start opens the window, including segments the receiver already holds.',
      overdue:
        'Solaris 2.6, the senders of S0 (tcp.c 1.156, tcp_timer and tcp_rput): resend only the oldest segment; afterwards every ACK that leaves a segment older than the RTO at the head of the queue resends that one at once ("already past due"), one per ACK, without waiting for another timeout.',
    },
  },
  rtoRule: {
    kind: 'enum',
    default: 'rfc6298',
    options: RTO_RULES,
    optionLabels: { rfc6298: 'RFC 6298', bsd: 'BSD (at least RTT + 2 ticks)' },
    group: 'tcp',
    label: 'Retransmission timeout (RTO) rule',
    help: 'How an RTT sample sets the retransmission timeout. S2 Fig. 6: the FreeBSD 3.2 sender retransmits 1.37 s after the last ACK with a 500 ms clock, which the BSD rule gives (3 ticks) and RFC 6298 alone does not (2 ticks, 0.5–1 s).',
    optionHelp: {
      rfc6298:
        'RFC 6298 with clock granularity G: RTO = SRTT + max(G, 4·RTTVAR), clamped to [RTOmin, 64 s].',
      bsd: 'BSD (4.4BSD-Lite, FreeBSD tcp_xmit_timer, the hosts of S2): as RFC 6298, but never below two ticks above the measured RTT in ticks, max(t_rttmin, rtt + 2): "the minimum feasible timer (which is 2 ticks)". In a LAN that is 3 ticks, 1–1.5 s with BSD’s 500 ms clock.',
    },
  },
  ssthreshRule: {
    kind: 'enum',
    default: 'rfc5681',
    options: SSTHRESH_RULES,
    optionLabels: {
      rfc5681: 'RFC 5681: half the data in flight',
      bsd: 'BSD: half of min(cwnd, rwnd)',
    },
    group: 'tcp',
    label: 'Slow-start threshold after a loss',
    help: 'How a loss sets ssthresh.',
    optionHelp: {
      rfc5681: 'RFC 5681: max(FlightSize/2, 2·MSS).',
      bsd: 'BSD: min(cwnd, rwnd)/2 rounded down to whole segments (at least 2).',
    },
  },
  initialCwnd: {
    kind: 'int',
    default: 1,
    min: 1,
    max: 10,
    step: 1,
    unit: 'segments',
    group: 'tcp',
    label: 'Initial congestion window',
    help: 'cwnd at start, in segments. 1 as in the papers; RFC 5681 allows up to 4 for small MSS.',
  },
  nagle: {
    kind: 'bool',
    default: true,
    group: 'tcp',
    label: "Nagle's algorithm",
    help: 'RFC 896: hold a short segment while any data is unacknowledged.',
  },
  idling: {
    kind: 'bool',
    default: false,
    group: 'tcp',
    label: '"Idling" TCP (S0 §5.3)',
    help: 'The Solaris 2.5.1 behaviour S0 simulated: backoff reset only when all retransmitted data is acknowledged, cwnd frozen while a fast retransmission is outstanding, duplicate-ACK count kept across a timeout. Use with ack=stretch.',
  },
  cwndInteger: {
    kind: 'bool',
    default: false,
    group: 'tcp',
    label: 'Integer cwnd arithmetic (S1 bug)',
    help: 'Compute the congestion-avoidance increase MSS·MSS/cwnd in integers: it becomes 0 once cwnd > MSS², so cwnd freezes near MSS² (256 KB for MSS 512).',
  },
  cwndEveryN: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 100000,
    step: 1,
    unit: 'ACKs',
    group: 'tcp',
    label: 'cwnd fix: every N ACKs',
    help: "S1's fix of the integer bug: add N·MSS²/cwnd once every N ACKs. 0 = off.",
  },
  sackDelayRtx: {
    kind: 'bool',
    default: false,
    group: 'tcp',
    label: 'SACK: delay fast retransmit',
    help: 'S1 task 7: wait RTT/2 after the third duplicate ACK before retransmitting (S1 found it does not help).',
  },
  hostJitterMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 100,
    step: 0.1,
    unit: 'ms',
    group: 'tcp',
    label: 'Host delay jitter',
    help: 'Per-packet host delay d·U(1, 1.1) before a segment reaches the NIC, each segment independently (segments handed over together still leave back-to-back). 0 = none. YATS processes segments one at a time instead: see hostProcMs.',
  },
  hostProcMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 100,
    step: 0.05,
    unit: 'ms',
    group: 'tcp',
    label: 'Host processing per segment',
    help: 'The sending host processes its segments one at a time: each reaches the NIC d·U(1, 1.1) after the previous one, so a connection sends at most one segment per d whatever its window (0.3 ms with 12-cell frames: about 38 kcells/s, 13 Mbit/s of payload with MSS 512). YATS 0.3 user’s manual §7.11.1, TCPIPsend PROCTIM, default 0.3 ms: the TCP of S3’s simulations. 0 = none.',
  },
  hostQueuePkts: {
    kind: 'int',
    default: 2,
    min: 1,
    max: 1000,
    step: 1,
    unit: 'segments',
    group: 'tcp',
    label: 'Host processing queue',
    help: 'With host processing on, TCP hands the host new data only while fewer than this many segments wait to be processed; retransmissions always go in. YATS TCPIPsend OQWM, default 2 (manual §7.11.1).',
  },
  ack: {
    kind: 'enum',
    default: 'delayed',
    options: ACK_MODES,
    optionLabels: {
      delayed: 'Delayed ACK (every 2nd segment)',
      every: 'ACK every segment',
      stretch: 'Stretch ACK (Linux 2.0)',
    },
    group: 'tcp',
    label: 'ACK strategy',
    help: 'When receivers acknowledge.',
    optionHelp: {
      delayed:
        'Delayed ACK: every second full segment, else at the next delayed-ACK tick (RFC 1122).',
      every: 'ACK every segment (S1).',
      stretch:
        'Stretch ACK (Linux 2.0, S0 §4.3): one ACK per ≈ 4 ms timer, merging pending ACKs; duplicate ACKs are suppressed.',
    },
  },
  delAckMs: {
    kind: 'number',
    default: 200,
    min: 1,
    max: 500,
    step: 1,
    unit: 'ms',
    group: 'tcp',
    label: 'Delayed-ACK tick',
    help: 'Period of the free-running delayed-ACK clock: BSD 200 ms; RFC 1122 allows up to 500 ms.',
  },
  stretchAckMs: {
    kind: 'number',
    default: 4,
    min: 0.01,
    max: 500,
    step: 0.1,
    unit: 'ms',
    group: 'tcp',
    label: 'Stretch-ACK timer',
    help: 'Delay of the Linux 2.0 ACK timer that merges pending ACKs (S0: about 4 ms).',
  },
  appReadMbps: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 10000,
    step: 1,
    unit: 'Mbit/s',
    group: 'tcp',
    label: 'Receiving application read rate',
    help: 'How fast the receiving application empties the socket buffer; 0 reads at once. Unread data shrinks the advertised window (S2).',
  },
  cbrMbps: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 622.08,
    step: 0.1,
    unit: 'Mbit/s',
    group: 'traffic',
    label: 'CBR background rate',
    help: 'Constant-bit-rate cells (53-byte cells, Mbit/s) served with strict priority over UBR. S2 used 60 Mbit/s on OC-3.',
  },
  cbrSharesBuffer: {
    kind: 'bool',
    default: false,
    group: 'traffic',
    label: 'CBR shares the UBR buffer',
    help: "(model choice) CBR cells queue in the UBR buffer in arrival order instead of bypassing it, so they take part of K. Needed for the window boundaries of Moldeklev & Gunningberg's CBR staircase (S2).",
  },
  vbrMbps: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 622.08,
    step: 0.1,
    unit: 'Mbit/s',
    group: 'traffic',
    label: 'VBR peak rate',
    help: 'On/off VBR background with strict priority: cells at this rate during on periods. 0 = none.',
  },
  vbrOnMs: {
    kind: 'number',
    default: 100,
    min: 0.01,
    max: 100000,
    step: 1,
    unit: 'ms',
    group: 'traffic',
    label: 'VBR mean on time',
    help: 'Mean of the exponentially distributed on periods.',
  },
  vbrOffMs: {
    kind: 'number',
    default: 100,
    min: 0.01,
    max: 100000,
    step: 1,
    unit: 'ms',
    group: 'traffic',
    label: 'VBR mean off time',
    help: 'Mean of the exponentially distributed off periods.',
  },
  ubrShare: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 1,
    step: 0.01,
    unit: '× link',
    group: 'traffic',
    label: 'Link share kept for UBR g',
    help: 'Fraction of the link reserved for UBR against higher-priority traffic, by weighted round robin (S1: 10%). 0 = strict priority.',
  },
  duration: {
    kind: 'number',
    default: 60,
    min: 0.001,
    max: 3600,
    step: 1,
    unit: 's',
    group: 'run',
    label: 'Duration',
    help: 'Simulated time. S0 ran 180 s, S2 10 s.',
  },
  seed: {
    kind: 'int',
    default: 1,
    min: 0,
    max: 4294967295,
    step: 1,
    unit: '',
    group: 'run',
    label: 'Seed',
    help: 'Seed of the random generator (host clock phases, DFBA draws, VBR periods). The same scenario and seed give identical runs.',
  },
} satisfies Record<string, ParamDef>;

export const SCHEMA: { readonly [K in keyof Scenario]: ParamDef } = SCHEMA_TABLE;

export const KEYS = Object.keys(SCHEMA) as (keyof Scenario)[];

export function defaultScenario(): Scenario {
  const s: Record<string, unknown> = {};
  for (const k of KEYS) {
    const d = SCHEMA[k];
    s[k] = d.perVc && d.default !== undefined ? [d.default] : d.default;
  }
  return s as unknown as Scenario;
}

/** Value of a per-VC list for VC i (lists cycle). */
export function perVc<T>(list: readonly T[], i: number): T {
  return list[i % list.length];
}

/** The name a person reads for option `value` of enum key `key` ("Early Packet Discard
 * (EPD)"); the value itself for anything else. */
export function optionLabel(key: keyof Scenario, value: string): string {
  const d = SCHEMA[key];
  return d.kind === 'enum' ? ((d.optionLabels as Record<string, string>)[value] ?? value) : value;
}

/**
 * Decades a number parameter spans: from its least positive value (its min, or its step when
 * the range starts at 0) to its max; 0 for a range reaching below 0 (an index such as
 * bottleneckHop = -1..7).
 */
export function rangeDecades(d: NumberParam): number {
  if (d.min < 0) return 0;
  const lowest = d.min > 0 ? d.min : d.step;
  return Math.log10(d.max / lowest);
}

/** How a parameter's slider moves: over round values on a logarithmic scale when its range
 * spans more than two decades (buffer 1..600,000 cells, MTU 128..65,527 bytes, …), else
 * linearly by its step. */
export function sliderScale(d: NumberParam): 'log' | 'linear' {
  return rangeDecades(d) > 2 + 1e-9 ? 'log' : 'linear';
}

/** Human-readable range of a parameter, for error messages. */
export function describeRange(key: keyof Scenario): string {
  const d = SCHEMA[key];
  const list = d.perVc ? ' (or a comma list, one per VC; v*n repeats v n times)' : '';
  if (d.kind === 'enum') return `one of ${d.options.join(', ')}${list}`;
  if (d.kind === 'bool') return `true or false (1 or 0)${list}`;
  const what = d.kind === 'int' ? 'an integer' : 'a number';
  return `${what} from ${d.min} to ${d.max}${d.unit ? ' ' + d.unit : ''}${list}`;
}
