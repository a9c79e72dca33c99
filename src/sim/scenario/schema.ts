/**
 * The one scenario schema: every parameter's default, range, unit and help text. The URL
 * codec, the CLI flags, the UI's sliders and pickers and the presets all read this table.
 * Defaults describe S0's testbed (4 TCP Reno sources, 37.44 Mbit/s, per-VC round robin,
 * EPD b = 1), the opening scenario of the app. Choices of domain.md are marked "(choice)".
 */

export const POLICIES = ['tail-drop', 'ppd', 'epd'] as const;
export const SCHEDULERS = ['fifo', 'rr'] as const;
export const TCP_VARIANTS = ['reno'] as const;
export const ACK_MODES = ['delayed', 'every'] as const;
export const SSTHRESH_RULES = ['rfc5681', 'bsd'] as const;
export const ENCAPSULATIONS = ['llc', 'vcmux'] as const;

export type Policy = (typeof POLICIES)[number];
export type SchedulerName = (typeof SCHEDULERS)[number];
export type TcpVariant = (typeof TCP_VARIANTS)[number];
export type AckMode = (typeof ACK_MODES)[number];

export interface Scenario {
  sources: number;
  linkMbps: number;
  accessMbps: number;
  rttMs: number;
  bufferCells: number;
  scheduler: SchedulerName;
  policy: Policy;
  epdThreshold: number | undefined;
  epdB: number | undefined;
  keepEom: boolean;
  mtu: number;
  encaps: (typeof ENCAPSULATIONS)[number];
  window: number;
  tcp: TcpVariant;
  dupAck: number;
  granularityMs: number;
  rtoMinMs: number;
  rtoInitialMs: number;
  ssthreshRule: (typeof SSTHRESH_RULES)[number];
  initialCwnd: number;
  nagle: boolean;
  ack: AckMode;
  delAckMs: number;
  appReadMbps: number;
  cbrMbps: number;
  cbrSharesBuffer: boolean;
  duration: number;
  seed: number;
}

interface Common {
  label: string;
  help: string;
  group: 'network' | 'switch' | 'tcp' | 'background' | 'run';
}
export interface NumberParam extends Common {
  kind: 'int' | 'number';
  default: number | undefined;
  min: number;
  max: number;
  unit: string;
  /** Slider step. */
  step: number;
  /** Optional parameters have no value unless set (default undefined). */
  optional?: true;
  /** Only meaningful for these policies. */
  policies?: readonly Policy[];
}
export interface EnumParam<T extends string = string> extends Common {
  kind: 'enum';
  default: T;
  options: readonly T[];
  optionHelp: Record<T, string>;
}
export interface BoolParam extends Common {
  kind: 'bool';
  default: boolean;
  policies?: readonly Policy[];
}
export type ParamDef = NumberParam | EnumParam | BoolParam;

export const SCHEMA: { readonly [K in keyof Scenario]: ParamDef } = {
  sources: {
    kind: 'int',
    default: 4,
    min: 1,
    max: 64,
    step: 1,
    unit: '',
    group: 'network',
    label: 'TCP sources',
    help: 'Number of greedy TCP senders, each on its own VC into the switch (S0 used 4).',
  },
  linkMbps: {
    kind: 'number',
    default: 37.44,
    min: 0.1,
    max: 622.08,
    step: 0.01,
    unit: 'Mbit/s',
    group: 'network',
    label: 'Bottleneck rate',
    help: 'Cell rate of the switch output port, counting whole 53-byte cells: 37.44 Mbit/s = 88,302 cells/s (S0); 149.76 = OC-3c payload, 353,208 cells/s.',
  },
  accessMbps: {
    kind: 'number',
    default: 149.76,
    min: 0.1,
    max: 622.08,
    step: 0.01,
    unit: 'Mbit/s',
    group: 'network',
    label: 'Access link rate',
    help: "Each source's link into the switch (its PCR): a frame's cells leave the host back-to-back at this rate.",
  },
  rttMs: {
    kind: 'number',
    default: 0.5,
    min: 0,
    max: 1200,
    step: 0.01,
    unit: 'ms',
    group: 'network',
    label: 'Round-trip propagation',
    help: 'Propagation delay there and back (5 µs/km), excluding queueing and transmission. S1: LAN 0.03 ms, WAN 30 ms, GEO satellite 570 ms. (choice) 0.5 ms for the S0 LAN.',
  },
  bufferCells: {
    kind: 'int',
    default: 1088,
    min: 1,
    max: 200000,
    step: 1,
    unit: 'cells',
    group: 'switch',
    label: 'Switch buffer K',
    help: "Cells the output port can hold. S0's 1088 cells is about one TCP window.",
  },
  scheduler: {
    kind: 'enum',
    default: 'rr',
    options: SCHEDULERS,
    group: 'switch',
    label: 'Scheduler',
    help: 'How the output port picks the next cell.',
    optionHelp: {
      fifo: 'One shared FIFO: cells leave in arrival order.',
      rr: 'Per-VC round robin, one cell per turn (the FORE ASX-200 of S0).',
    },
  },
  policy: {
    kind: 'enum',
    default: 'epd',
    options: POLICIES,
    group: 'switch',
    label: 'Buffer policy',
    help: 'Buffer-acceptance rule applied when the first cell of an AAL5 frame arrives.',
    optionHelp: {
      'tail-drop':
        'Plain UBR: drop cells only when the buffer is full; the rest of a damaged frame still crosses the link as dead cells.',
      ppd: 'Partial Packet Discard: after one lost cell, discard the rest of that frame.',
      epd: 'Early Packet Discard: refuse whole new frames once the buffer holds R cells.',
    },
  },
  epdThreshold: {
    kind: 'int',
    default: undefined,
    optional: true,
    min: 0,
    max: 200000,
    step: 1,
    unit: 'cells',
    group: 'switch',
    policies: ['epd'],
    label: 'EPD threshold R',
    help: 'Occupancy at which EPD refuses new frames. Give this or epdB, not both.',
  },
  epdB: {
    kind: 'number',
    default: undefined,
    optional: true,
    min: 0,
    max: 20,
    step: 0.1,
    unit: 'frames',
    group: 'switch',
    policies: ['epd'],
    label: 'EPD excess capacity b',
    help: 'S0 §3.2: R = K − b·MTU*, MTU* the largest frame in cells. b = 0 is PPD; b = 1 was best measured, b = 2 best simulated. Used when epdThreshold is not given (default b = 1).',
  },
  keepEom: {
    kind: 'bool',
    default: true,
    group: 'switch',
    policies: ['ppd', 'epd'],
    label: 'Keep EOM cell',
    help: 'Forward the last (EOM) cell of a discarded frame so the receiver can delimit frames, as the ASX-200 does; it arrives as a short errored frame.',
  },
  mtu: {
    kind: 'int',
    default: 4352,
    min: 128,
    max: 65527,
    step: 4,
    unit: 'bytes',
    group: 'tcp',
    label: 'MTU',
    help: 'IP MTU; MSS = MTU − 40. 9180 is the ATM default (RFC 2225); S0 used 4352.',
  },
  encaps: {
    kind: 'enum',
    default: 'llc',
    options: ENCAPSULATIONS,
    group: 'network',
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
    label: 'Socket buffer (window)',
    help: 'Send and receive socket buffer; the largest window a connection can use. S0: 52,224 bytes ≈ 1088 cells.',
  },
  tcp: {
    kind: 'enum',
    default: 'reno',
    options: TCP_VARIANTS,
    group: 'tcp',
    label: 'TCP variant',
    help: 'Congestion-control algorithm of the senders.',
    optionHelp: {
      reno: 'Reno (RFC 5681): slow start, congestion avoidance, fast retransmit and fast recovery.',
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
    label: 'Timer granularity G',
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
    help: 'Lower clamp of the retransmission timeout. RFC 6298 and BSD: 1000 ms. (choice) 200 ms for the Solaris senders of S0.',
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
  ssthreshRule: {
    kind: 'enum',
    default: 'rfc5681',
    options: SSTHRESH_RULES,
    group: 'tcp',
    label: 'ssthresh after loss',
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
    label: 'Initial window',
    help: 'cwnd at start, in segments. 1 as in the papers; RFC 5681 allows up to 4 for small MSS.',
  },
  nagle: {
    kind: 'bool',
    default: true,
    group: 'tcp',
    label: 'Nagle',
    help: 'RFC 896: hold a short segment while any data is unacknowledged.',
  },
  ack: {
    kind: 'enum',
    default: 'delayed',
    options: ACK_MODES,
    group: 'tcp',
    label: 'ACK strategy',
    help: 'When receivers acknowledge.',
    optionHelp: {
      delayed:
        'Delayed ACK: every second full segment, else at the next delayed-ACK tick (RFC 1122).',
      every: 'ACK every segment (S1).',
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
  appReadMbps: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 10000,
    step: 1,
    unit: 'Mbit/s',
    group: 'tcp',
    label: 'Application read rate',
    help: 'How fast the receiving application empties the socket buffer; 0 reads at once. Unread data shrinks the advertised window (S2).',
  },
  cbrMbps: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 622.08,
    step: 0.1,
    unit: 'Mbit/s',
    group: 'background',
    label: 'CBR background',
    help: 'Constant-bit-rate cells (53-byte cells, Mbit/s) served with strict priority over UBR. S2 used 60 Mbit/s on OC-3.',
  },
  cbrSharesBuffer: {
    kind: 'bool',
    default: false,
    group: 'background',
    label: 'CBR shares the UBR buffer',
    help: "(choice) CBR cells queue in the UBR buffer in arrival order instead of bypassing it, so they take part of K. Needed for S2's window boundaries (domain.md §7).",
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
    help: 'Seed of the random generator (host clock phases). The same scenario and seed give identical runs.',
  },
};

export const KEYS = Object.keys(SCHEMA) as (keyof Scenario)[];

export function defaultScenario(): Scenario {
  const s: Record<string, unknown> = {};
  for (const k of KEYS) s[k] = SCHEMA[k].default;
  return s as unknown as Scenario;
}

/** Human-readable range of a parameter, for error messages. */
export function describeRange(key: keyof Scenario): string {
  const d = SCHEMA[key];
  if (d.kind === 'enum') return `one of ${d.options.join(', ')}`;
  if (d.kind === 'bool') return 'true or false (1 or 0)';
  const what = d.kind === 'int' ? 'an integer' : 'a number';
  return `${what} from ${d.min} to ${d.max}${d.unit ? ' ' + d.unit : ''}`;
}
