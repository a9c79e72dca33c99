/**
 * S2: Nakanishi et al., "Analysis of TCP Throughput Anomaly over Congested ATM Networks"
 * (REFERENCES.md [S2]). Testbed: two FreeBSD 3.2 hosts (TCP Reno, ENI-155p NICs) through
 * a Fujitsu EA1550 without packet discard, CBR from an HP E5200A analyser sharing the UBR
 * port, netperf runs of 10 s. Also the results of Romanow & Floyd and of Moldeklev &
 * Gunningberg that S2 cites (§2.3, §4.1).
 */
import type { Claim } from '../types';
import { explain, max, q, run } from './build';

const SEEDS = [1, 2, 3];
const RUN_NOTE = 'S2 reports single 10 s netperf runs; 3 seeds of 10 s here.';
const common = { paper: 'S2' as const, seeds: SEEDS, runNote: RUN_NOTE };

/** Fig. 3: throughput against the cell buffer, CBR 60 Mbit/s, 64 KB sockets. */
const fig3 = (mtu: number, K: number) =>
  run(`MTU ${mtu}, K = ${K}`, `preset=s2-deadlock&mtu=${mtu}&bufferCells=${K}`);
/** §4.2–4.3, Table 2: MTU 1500, CBR 60 Mbit/s, the socket buffer (window) varied. */
const tab2 = (windowBytes: number, K = 1000, extra = '') =>
  run(
    `MTU 1500, socket ${Math.round(windowBytes / 1024)} KB, K = ${K}${extra ? `, ${extra.replace(/^&/, '').replace(/&/g, ', ')}` : ''}`,
    `preset=s2-deadlock&mtu=1500&window=${windowBytes}&bufferCells=${K}${extra}`,
  );
/** §5.1, Fig. 7: CBR 140 Mbit/s, MTU 1500. */
const fig7 = (windowBytes: number, K: number) =>
  run(
    `CBR 140, socket ${Math.round(windowBytes / 1024)} KB, K = ${K}`,
    `preset=s2-deadlock&mtu=1500&cbrMbps=140&window=${windowBytes}&bufferCells=${K}`,
  );
/** Romanow & Floyd's configuration as S2 §2.3/§4.1 cites it: many TCPs over plain ATM. */
const rf = (extra: string, label: string) =>
  run(`R&F: ${label}`, `preset=s2-romanow-floyd${extra}`);

const S2_OVERLAY = { sources: [1], tcpsPerVc: [1], linkMbps: [149.76], cbrMbps: [60] };
const WINDOW_OVERLAY = {
  param: 'window',
  metric: 'efficiency' as const,
  series: { key: 'policy' as const, value: 'tail-drop' },
  where: { ...S2_OVERLAY, mtu: [1500], bufferCells: [1000] },
  label: 'S2 Table 2',
};

/** Why the model departs from the paper, for claims built in loops above. */
const WHY: Record<string, string> = {
  's2-fig3-1500-1000-efficiency':
    'After each timeout the model’s flow climbs back in congestion avoidance before the next stall (efficiency {model} at MTU 1500, seeds {min}–{max}); S2’s trace shows its losses during slow start (three segments sent per ACK), so its cycles carry far less. The BSD timer (rtoRule=bsd) gives S2’s 1.37 s timeouts; what FreeBSD 3.2 does to cwnd and ssthresh between them is not in the paper.',
  's2-fig3-4352-1000-efficiency':
    'As s2-fig3-1500-1000-efficiency: between the timeouts the model’s flow sends more than S2’s did (efficiency {model} at MTU 4352).',
  's2-fig7-onset-500':
    'With CBR sharing the FIFO buffer (needed for Table 2’s 25/38 KB boundary at 60 Mbit/s) a window W survives only if W ≤ (1 − CBR/C)·K, a few KB at 140 Mbit/s: the model gives {side1} and {side2} on the two sides of S2’s onset. S2’s onset near half the buffer at 140 Mbit/s needs a buffer organisation in its switch that S2 does not describe.',
  's2-fig7-onset-1000':
    'See s2-fig7-onset-500: at 140 Mbit/s of CBR sharing the buffer the model gives {side1} and {side2} on the two sides of S2’s onset.',
  's2-fig7-onset-1500':
    'See s2-fig7-onset-500: at 140 Mbit/s of CBR sharing the buffer the model gives {side1} and {side2} on the two sides of S2’s onset.',
};

export const S2_CLAIMS: Claim[] = explain(
  [
    {
      ...common,
      id: 's2-fig3-9180-3000-goodput',
      ref: 'Fig. 3, §4.1',
      text: 'When the cell buffer size is 150 K[bytes] (3 K cell) or more no throughput deadlock occurs. For example, the throughput is 82.94 M[bps] when MTU = 9,180 [bytes].',
      note: 'Band ± 4.5 Mbit/s: ± 0.05 of the 89.76 Mbit/s left to UBR.',
      metric: 'goodput (Mbit/s), MTU 9180, K = 3000',
      kind: 'value',
      q: q(fig3(9180, 3000), 'goodputMbps'),
      published: 82.94,
      band: 4.5,
      presets: ['s2-large-buffer'],
      overlay: {
        param: 'bufferCells',
        x: 3000,
        metric: 'goodputMbps',
        series: { key: 'policy', value: 'tail-drop' },
        where: { ...S2_OVERLAY, mtu: [9180], window: [65536] },
        label: 'S2 Fig. 3',
      },
    },
    ...[1500, 4352, 9180].map((mtu): Claim => ({
      ...common,
      id: `s2-fig3-${mtu}-1000-efficiency`,
      ref: 'Fig. 3, §4.1; abstract',
      text: 'When cell buffer is 50 K[bytes] (1 K cell) or less, UBR traffic throughput is less than 2% of the available bandwidth.',
      note: `MTU ${mtu} (Fig. 3 plots MTU 512, 1500, 4352, 6500 and 9180), K = 1000 cells.`,
      metric: `efficiency, MTU ${mtu}, K = 1000`,
      kind: 'bound',
      q: q(fig3(mtu, 1000), 'efficiency'),
      op: '<',
      published: 0.02,
      presets: mtu === 9180 ? ['s2-deadlock'] : [],
      overlay: {
        param: 'bufferCells',
        x: 1000,
        metric: 'efficiency',
        series: { key: 'policy', value: 'tail-drop' },
        where: { ...S2_OVERLAY, mtu: [mtu], window: [65536] },
        label: 'S2 Fig. 3',
      },
    })),
    {
      ...common,
      id: 's2-fig3-buffer-boundary',
      ref: 'Fig. 3, §4.1',
      text: 'When cell buffer size goes down from 150 K[bytes], throughput sharply decreased.',
      note: 'MTU 9180: no deadlock (above 10%, S2 §4.2’s "good") at 3000 cells, deadlock (below 2%) at 1000 cells.',
      metric: 'efficiency, MTU 9180',
      kind: 'boundary',
      param: 'bufferCells',
      published: 'between 1 K and 3 K cells',
      sides: [
        { label: 'K = 3000', q: q(fig3(9180, 3000), 'efficiency'), op: '>', threshold: 0.1 },
        { label: 'K = 1000', q: q(fig3(9180, 1000), 'efficiency'), op: '<', threshold: 0.02 },
      ],
    },
    {
      ...common,
      id: 's2-fig3-larger-mtu-better',
      ref: 'Fig. 3, §4.1',
      text: 'The larger is the MTU size, the better is the TCP throughput. TCP performs better for MTU 9,180 than for MTU 1,500.',
      note: 'Read at K = 2000 cells, between deadlock and saturation.',
      metric: 'goodput (Mbit/s), K = 2000',
      kind: 'order',
      items: [
        { label: 'MTU 1500', q: q(fig3(1500, 2000), 'goodputMbps') },
        { label: 'MTU 9180', q: q(fig3(9180, 2000), 'goodputMbps') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's2-table2-window-boundary',
      explanation:
        'The 25 KB socket is good ({side1} of the available bandwidth), as S2 found, but with 38 KB the model’s flow still carries {side2} between its timeouts, not under 2%; see s2-fig3-1500-1000-efficiency.',
      holds: [['side1', '>', 0.1]],
      ref: 'Table 2, Fig. 4, §4.2',
      text: 'MTU 1500, 1 K cells, CBR 60 Mbit/s: a 25 KB socket is "Good" (pattern a), 38 KB deadlocks (pattern b).',
      note: '"Good": above 10% of the available bandwidth (§4.2); deadlock: below 2% (§4.1).',
      metric: 'efficiency, MTU 1500, K = 1000',
      kind: 'boundary',
      param: 'window',
      published: 'between 25 KB and 38 KB',
      sides: [
        {
          label: '25 KB',
          q: q(tab2(25600), 'efficiency'),
          op: '>',
          threshold: 0.1,
          overlays: [{ id: 's2-table2-1500-k1000-w25', ...WINDOW_OVERLAY, x: 25600 }],
        },
        {
          label: '38 KB',
          q: q(tab2(38912), 'efficiency'),
          op: '<',
          threshold: 0.02,
          overlays: [
            { id: 's2-table2-1500-k1000-w38', ...WINDOW_OVERLAY, x: 38912 },
            {
              id: 's2-table2-1500-w38-k1000',
              param: 'bufferCells',
              x: 1000,
              metric: 'efficiency',
              series: { key: 'policy', value: 'tail-drop' },
              where: { ...S2_OVERLAY, mtu: [1500], window: [38912] },
              label: 'S2 Table 2',
            },
          ],
        },
      ],
    },
    {
      ...common,
      id: 's2-pattern-a-no-loss',
      ref: '§4.3',
      text: 'We have found that there is a segment loss with pattern (b) and no segment loss with pattern (a).',
      metric: 'CLR, 25 KB socket',
      kind: 'bound',
      q: q(tab2(25600), 'clr'),
      op: '<',
      published: 1e-9,
    },
    {
      ...common,
      id: 's2-4.3-1500-k1000-w38-timeouts',
      ref: '§4.3, Fig. 5(b)',
      text: 'Time-out happens seven times in whole span of 10 seconds (approximately).',
      note: '"Approximately": band ± 2 timeouts.',
      metric: 'timeouts in 10 s, 38 KB socket',
      kind: 'value',
      q: q(tab2(38912), 'timeouts'),
      published: 7,
      band: 2,
      overlay: {
        param: 'window',
        x: 38912,
        metric: 'timeouts',
        series: { key: 'policy', value: 'tail-drop' },
        where: { ...S2_OVERLAY, mtu: [1500], bufferCells: [1000] },
        label: 'S2 §4.3',
      },
    },
    {
      ...common,
      id: 's2-pattern-b-rto',
      ref: 'Fig. 6, §4.3',
      text: 'The trace’s timeout fires 1.37 s after the last ACK (16:55:54.100768 → 16:55:55.466216).',
      note: 'The mean time from a connection’s last ACK to the first timeout after it (backed-off timeouts left out); band ± 0.5 s, one tick of FreeBSD’s 500 ms clock either way.',
      metric: 'last ACK to first timeout (s), 38 KB socket',
      kind: 'value',
      q: q(tab2(38912), 'firstTimeoutDelaySeconds'),
      published: 1.37,
      band: 0.5,
    },
    {
      ...common,
      id: 's2-4.3-1500-w38-k2000',
      ref: '§4.3',
      text: 'TCP does not suffer throughput deadlock when we increase the ATM switch buffer size to 2kCells.',
      note: '38 KB socket, MTU 1500: above 10% of the available bandwidth.',
      metric: 'efficiency, 38 KB socket, K = 2000',
      kind: 'bound',
      q: q(tab2(38912, 2000), 'efficiency'),
      op: '>',
      published: 0.1,
      overlay: {
        param: 'bufferCells',
        x: 2000,
        metric: 'efficiency',
        series: { key: 'policy', value: 'tail-drop' },
        where: { ...S2_OVERLAY, mtu: [1500], window: [38912] },
        label: 'S2 §4.3',
      },
    },
    {
      ...common,
      id: 's2-epd-recovers',
      ref: '§4.3',
      text: 'Again if we turned on the EPD option implemented in the ATM switch, TCP throughput is recovered.',
      note: '38 KB socket, MTU 1500, K = 1000, EPD b = 1: above 10% of the available bandwidth.',
      metric: 'efficiency, 38 KB socket, K = 1000, EPD',
      kind: 'bound',
      q: q(tab2(38912, 1000, '&policy=epd&epdB=1'), 'efficiency'),
      op: '>',
      published: 0.1,
      presets: ['s2-epd'],
    },
    ...(
      [
        [500, 13],
        [1000, 26],
        [1500, 40],
      ] as const
    ).map(([K, kb]): Claim => ({
      ...common,
      id: `s2-fig7-onset-${K}`,
      ref: 'Fig. 7, §5.1',
      text: 'The switch buffer size is almost twice the socket buffer size when deadlock occur initially.',
      note: `CBR 140 Mbit/s, MTU 1500, K = ${K} cells (${Math.round((K * 53) / 1024)} KB): deadlock should start near a ${kb} KB socket; no deadlock at 0.7× that socket, deadlock at 1.3×.`,
      metric: `efficiency, CBR 140, K = ${K}`,
      kind: 'boundary',
      param: 'window',
      published: `≈ ${kb} KB`,
      sides: [
        {
          label: `${Math.round(kb * 0.7)} KB`,
          q: q(fig7(Math.round(kb * 0.7) * 1024, K), 'efficiency'),
          op: '>',
          threshold: 0.1,
        },
        {
          label: `${Math.round(kb * 1.3)} KB`,
          q: q(fig7(Math.round(kb * 1.3) * 1024, K), 'efficiency'),
          op: '<',
          threshold: 0.02,
        },
      ],
    })),
    {
      ...common,
      id: 's2-fig7-small-socket-survives',
      explanation:
        'See s2-fig7-onset-500: the model gives {model}. With 140 of the 149.76 Mbit/s taken by CBR in the shared FIFO, even an 8 KB window needs more queue than K = 1000 to stay in flight.',
      ref: 'Fig. 7, §5.1',
      text: 'If the socket buffer size is small enough, then there is no deadlock even through heavy CBR traffic.',
      note: 'CBR 140 Mbit/s, MTU 1500, K = 1000, an 8 KB socket: above 10% of the 9.8 Mbit/s left.',
      metric: 'efficiency, 8 KB socket, CBR 140',
      kind: 'bound',
      q: q(fig7(8192, 1000), 'efficiency'),
      op: '>',
      published: 0.1,
    },
    {
      ...common,
      id: 's2-fig7-1mbps-cbr-deadlock',
      explanation:
        'With 1 Mbit/s of CBR one flow loses a few cells per window and recovers by fast retransmit and timeouts (efficiency {model}): the model has no mechanism by which so little CBR deadlocks a 64 KB socket, and S2 does not describe one.',
      ref: 'Fig. 7, §5.1',
      text: 'When this linearity comes to an end, even a CBR stream of 1M[bps] causes deadlock.',
      note: 'MTU 1500, K = 1000, a 64 KB socket and 1 Mbit/s of CBR: below 2% of the available bandwidth.',
      metric: 'efficiency, CBR 1 Mbit/s, 64 KB socket',
      kind: 'bound',
      q: q(
        run(
          'CBR 1, socket 64 KB, K = 1000',
          'preset=s2-deadlock&mtu=1500&cbrMbps=1&bufferCells=1000',
        ),
        'efficiency',
      ),
      op: '<',
      published: 0.02,
    },
    {
      ...common,
      id: 's2-fig8-onset-independent-of-mtu',
      explanation:
        'See s2-fig7-onset-500: at 140 Mbit/s the higher of the two MTUs’ efficiencies is {model} with a 36 KB socket in the model, {model vs published} the 2% read for a deadlock; where the flows stall it is by the shared-buffer limit, not at S2’s onset.',
      ref: 'Fig. 8, §5.2',
      text: 'When deadlock begins to occur, there is no relationship between socket buffer size and MTU.',
      note: 'CBR 140 Mbit/s, K = 1000: a 36 KB socket deadlocks at both MTU 1500 and 9180 (the highest efficiency of the two below 2%).',
      metric: 'highest efficiency, MTU 1500 and 9180, 36 KB socket',
      kind: 'bound',
      q: max(
        q(fig7(36864, 1000), 'efficiency'),
        q(
          run(
            'CBR 140, MTU 9180, socket 36 KB',
            'preset=s2-deadlock&cbrMbps=140&window=36864&bufferCells=1000',
          ),
          'efficiency',
        ),
      ),
      op: '<',
      published: 0.02,
    },
    {
      ...common,
      id: 's2-stop-and-go',
      ref: '§2.3 (Moldeklev & Gunningberg, refs. 21–22)',
      text: 'It causes TCP to behave as a stop-and-go protocol with one or two data segments sent every 200 ms.',
      note: 'One or two segments per 200 ms: 5 to 10 segments per second (7.5 ± 2.5).',
      metric: 'segments per second',
      kind: 'value',
      q: q(run('send buffer 16 KB', 'preset=s2-stop-and-go'), 'segmentsPerSecond'),
      published: 7.5,
      band: 2.5,
      presets: ['s2-stop-and-go'],
    },
    {
      ...common,
      id: 's2-rf-low-throughput',
      explanation:
        'Romanow & Floyd’s setup is only cited: S2 gives neither RTT, timers nor run length. The model gives {model} (seeds {min}–{max}): in arrival order one connection locks the others out and takes the link (compare arrivalOrder=random, where every frame loses cells at a full buffer). Neither is R&F’s 10–30%.',
      ref: '§4.1 (citing Romanow & Floyd, ref. 24)',
      text: 'Throughput for a number of TCP connections over plain ATM is about 10 ~ 30% when cell buffer size is equal to 1 K cell.',
      note: 'Romanow & Floyd’s setup as S2 cites it: 10 Reno sources, 155 Mbit/s, FIFO, plain UBR, MTU 9180, 64 KB windows, K = 1000.',
      metric: 'efficiency, plain ATM, K = 1000',
      kind: 'value',
      q: q(rf('', 'K = 1000'), 'efficiency'),
      published: 0.2,
      band: 0.1,
      presets: ['s2-romanow-floyd'],
    },
    {
      ...common,
      id: 's2-rf-larger-mtu-worse',
      explanation:
        'See s2-rf-low-throughput: with one connection locking the others out, plain ATM’s fragmentation loss does not show, so MTU 9180 is not penalised.',
      ref: '§2.3, §4.1 (citing Romanow & Floyd)',
      text: 'Smaller switch buffer and larger TCP packet sizes (MTU in our case) both reduce the effective throughput for TCP over plain ATM.',
      note: 'Romanow & Floyd’s setup, K = 1000: MTU 9180 below MTU 1500 (the opposite of S2’s own single flow under CBR).',
      metric: 'efficiency, plain ATM, K = 1000',
      kind: 'order',
      items: [
        { label: 'MTU 9180', q: q(rf('', 'MTU 9180'), 'efficiency') },
        { label: 'MTU 1500', q: q(rf('&mtu=1500', 'MTU 1500'), 'efficiency') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's2-rf-smaller-buffer-worse',
      explanation:
        'See s2-rf-low-throughput: with the lockout the model gives {item1} at K = 1000 and {item2} at K = 4000.',
      ref: '§2.3 (citing Romanow & Floyd)',
      text: 'Smaller switch buffer … reduce[s] the effective throughput for TCP over plain ATM.',
      note: 'Romanow & Floyd’s setup, MTU 9180: K = 1000 below K = 4000.',
      metric: 'efficiency, plain ATM',
      kind: 'order',
      items: [
        { label: 'K = 1000', q: q(rf('', 'K = 1000'), 'efficiency') },
        { label: 'K = 4000', q: q(rf('&bufferCells=4000', 'K = 4000'), 'efficiency') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's2-rf-larger-window-worse',
      explanation:
        'See s2-rf-low-throughput; also an 8 KB window is smaller than one full segment at MTU 9180, so the 8 KB runs send short segments (R&F used smaller packets with small windows; S2 does not say which).',
      ref: '§2.3 (citing Romanow & Floyd)',
      text: 'TCP window size ranging from 8 Kbytes to 64 Kbytes show a lower effective throughput with larger window.',
      note: 'Romanow & Floyd’s setup, K = 1000, MTU 9180: a 64 KB window below an 8 KB window.',
      metric: 'efficiency, plain ATM, K = 1000',
      kind: 'order',
      items: [
        { label: '64 KB', q: q(rf('', 'window 64 KB'), 'efficiency') },
        { label: '8 KB', q: q(rf('&window=8192', 'window 8 KB'), 'efficiency') },
      ],
      rels: ['<'],
    },
  ],
  WHY,
);
