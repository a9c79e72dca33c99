/**
 * S4: Kim & Kim, "An Enhanced UBR+ (EUBR+) scheme to improve the performance of TCP-over-ATM"
 * (REFERENCES.md [S4]). OPNET 6.0: seven FTP clients, a 1.5 Mbit/s congested link,
 * 50,000-cell queues, EPD and UBR+ thresholds at 50%, the EUBR+ recovery zone up to 70%,
 * starts at 100, 110 and 120 s, 10 minutes (§IV). The figures are plots of one run per scheme.
 */
import type { Claim } from '../types';
import { constant, explain, q, ratio, run } from './build';

const SEEDS = [1, 2, 3, 4];
const RUN_NOTE =
  'S4 plots one 10-minute OPNET run per scheme ("the same traffic with same seed"); 4 seeds of 600 s here.';
const common = { paper: 'S4' as const, seeds: SEEDS, runNote: RUN_NOTE };

type Scheme = 'epd' | 'ubrp' | 'eubr';
const NAME: Record<Scheme, string> = { epd: 'EPD', ubrp: 'UBR+', eubr: 'EUBR+' };
const PRESET: Record<Scheme, string> = { epd: 's4-epd', ubrp: 's4-ubr-plus', eubr: 's4-eubr' };
const R: Record<Scheme, ReturnType<typeof run>> = {
  epd: run('EPD', 'preset=s4-epd'),
  ubrp: run('UBR+', 'preset=s4-ubr-plus'),
  eubr: run('EUBR+', 'preset=s4-eubr'),
};

/** Why the model departs from the paper, for claims built in loops above. */
const WHY: Record<string, string> = {
  's4-fig5-empty-buffer-ubr-plus':
    'The model gives {model} buffer-empty episodes under UBR+ and EPD alike: see s4-fig5-empty-buffer-order, the model’s greedy sources keep the buffer from emptying after the start-up.',
  's4-fig5-empty-buffer-eubr':
    'The model gives {model} buffer-empty episodes under EUBR+ and EPD alike: no policy empties the buffer after the start-up (s4-fig5-empty-buffer-order), so the claim cannot tell EUBR+ from EPD and cannot pass, though {published} ± 2 contains the figure.',
};

export const S4_CLAIMS: Claim[] = explain(
  [
    {
      ...common,
      id: 's4-eubr-fair',
      ref: 'Abstract, §III',
      text: 'The simulation results show that the proposed scheme supports fairness.',
      note: '"Supports fairness" read as a Jain index above 0.9 over the seven connections.',
      metric: 'fairness, EUBR+',
      kind: 'bound',
      q: q(R.eubr, 'fairness'),
      op: '>',
      published: 0.9,
      versus: [{ label: 'EPD', q: q(R.epd, 'fairness'), rel: '>' }],
      presets: [PRESET.eubr],
    },
    {
      ...common,
      id: 's4-ubr-plus-fair',
      ref: '§I (refs. 4–5)',
      text: 'The original UBR+ algorithm supports fairness using selective discarding and fair allocation.',
      note: '"Supports fairness" read as a Jain index above 0.9.',
      metric: 'fairness, UBR+',
      kind: 'bound',
      q: q(R.ubrp, 'fairness'),
      op: '>',
      published: 0.9,
      presets: [PRESET.ubrp],
    },
    {
      ...common,
      id: 's4-epd-low-fairness',
      ref: '§I–II (refs. 3–4)',
      text: 'These mechanisms (PPD, EPD) do improve the performance, but they suffer from low fairness.',
      metric: 'fairness',
      kind: 'order',
      items: [
        { label: 'EPD', q: q(R.epd, 'fairness') },
        { label: 'UBR+', q: q(R.ubrp, 'fairness') },
      ],
      rels: ['<'],
      presets: [PRESET.epd],
    },
    {
      ...common,
      id: 's4-fig5-empty-buffer-order',
      explanation:
        'The model gives {item1}, {item2} and {item3} buffer-empty episodes under EPD, UBR+ and EUBR+: with greedy Reno sources the queue crosses R slowly and most refused frames are recovered by fast retransmit; emptying 25,000 cells needs all seven connections idle for 7 s at once. S4’s identical “Total TCP Load” curves (Fig. 8) suggest OPNET FTP sessions that restart in slow start, whose file sizes S4 does not give.',
      ref: 'Fig. 5, §IV',
      text: 'In EPD the buffer utilization falls to zero frequently … In UBR+ scheme … it is shown 4 time zero queue size. In EUBR+ there is only one time zero queue size.',
      note: 'Episodes in which the congested buffer falls to 0 after holding at least K/10 cells (the model’s bufferEmptyEpisodes).',
      metric: 'buffer-empty episodes',
      kind: 'order',
      items: (['epd', 'ubrp', 'eubr'] as const).map((s) => ({
        label: NAME[s],
        q: q(R[s], 'bufferEmptyEpisodes'),
        published: s === 'ubrp' ? 4 : s === 'eubr' ? 1 : undefined,
      })),
      rels: ['>', '>'],
    },
    ...(
      [
        ['ubrp', 4],
        ['eubr', 1],
      ] as const
    ).map(([s, n]): Claim => ({
      ...common,
      id: `s4-fig5-empty-buffer-${s === 'ubrp' ? 'ubr-plus' : 'eubr'}`,
      ref: 'Fig. 5, §IV',
      text: `${NAME[s]}: ${n === 1 ? 'only one time' : `${n} time`} zero queue size.`,
      note: 'Band ± 2 episodes (one 10-minute run in the paper).',
      metric: 'buffer-empty episodes',
      kind: 'value',
      q: q(R[s], 'bufferEmptyEpisodes'),
      published: n,
      band: 2,
      versus: [{ label: 'EPD ("frequently")', q: q(R.epd, 'bufferEmptyEpisodes'), rel: '<' }],
      presets: [PRESET[s]],
    })),
    {
      ...common,
      id: 's4-eubr-between-thresholds',
      explanation:
        'On average the model’s EUBR+ queue holds {model} K after the start-up, {model vs R} R = 0.5 K: the sources back off at each refusal long before P.',
      figures: { R: constant(0.5) },
      ref: 'Fig. 5, §V',
      text: 'Although its buffer length is fluctuated between two thresholds (R = 50% and P = 70% of the queue) …',
      note: 'Time-average X/K after the last source started: 0.6 ± 0.1.',
      metric: 'mean occupancy X/K, EUBR+',
      kind: 'value',
      q: q(R.eubr, 'meanQueueFraction'),
      published: 0.6,
      band: 0.1,
      presets: [PRESET.eubr],
    },
    {
      ...common,
      id: 's4-epd-buffer-shrinks',
      explanation:
        'EPD’s and EUBR+’s mean queues are close in the model ({item1} K and {item2} K): above R both refuse frames and the seven Reno sources back off alike; S4’s shrinking EPD buffer follows its emptying episodes, which the model does not show (s4-fig5-empty-buffer-order).',
      ref: 'Fig. 5, Fig. 7, §IV',
      text: 'The buffer size of EPD is shrank and the TCP can not send more traffic.',
      metric: 'mean occupancy X/K',
      kind: 'order',
      items: [
        { label: 'EPD', q: q(R.epd, 'meanQueueFraction') },
        { label: 'EUBR+', q: q(R.eubr, 'meanQueueFraction') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's4-fig6-lost-cells-order',
      explanation:
        'The model loses {item1}, {item2} and {item3} cells (items in the claim’s order): above R, Selective Drop refuses almost the same frames as EPD. S4 §V itself says EUBR+ loses fewer cells than EPD, against its Fig. 6 text.',
      ref: 'Fig. 6, §IV',
      text: 'In EPD … the lost cell size is lower than those of other two scheme … Although the average value of the EUBR+ is increasing, the lost cell size is less than that of UBR+ algorithm.',
      metric: 'cells lost at the congested switch',
      kind: 'order',
      items: (['epd', 'eubr', 'ubrp'] as const).map((s) => ({
        label: NAME[s],
        q: q(R[s], 'droppedCells'),
      })),
      rels: ['<', '<'],
    },
    {
      ...common,
      id: 's4-fig7-clr',
      ref: 'Fig. 7, §IV–V',
      text: 'The proposed scheme also shows the low CLR … reduces the cell loss rate compared to … UBR+.',
      metric: 'CLR',
      kind: 'order',
      items: [
        { label: 'EUBR+', q: q(R.eubr, 'clr') },
        { label: 'UBR+', q: q(R.ubrp, 'clr') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's4-fig4-eubr-rto-below-3s',
      explanation:
        'Impossible on this link: a queue of R = 25,000 cells alone delays a segment by about 7 s at 1.5 Mbit/s, and the RTO is at least the smoothed RTT (model: {model} s). S4’s Fig. 5 (buffer between R and P) and Fig. 4b (RTO below 3 s) cannot both hold unless its link rate, buffer or units differ from those stated.',
      ref: 'Fig. 4(b), §IV',
      text: 'The proposed scheme’s … retransmission timeout values is below the 3 second.',
      note: 'The largest RTO armed after a connection’s first RTT sample, backoff included, over all seven connections.',
      metric: 'largest RTO (s), EUBR+',
      kind: 'bound',
      q: q(R.eubr, 'maxRtoSampledSeconds'),
      op: '<',
      published: 3,
      presets: [PRESET.eubr],
    },
    {
      ...common,
      id: 's4-fig4-epd-rto-grows',
      explanation:
        'See s4-fig4-eubr-rto-below-3s: every policy’s RTO follows the queueing delay (model: {item1} s and {item2} s).',
      ref: 'Fig. 4(b), §IV',
      text: 'The congestion window size of the EPD and UBR+ … is dropped suddenly … This makes the retransmission timeout value to be increased.',
      metric: 'largest RTO (s)',
      kind: 'order',
      items: [
        { label: 'EUBR+', q: q(R.eubr, 'maxRtoSampledSeconds') },
        { label: 'EPD', q: q(R.epd, 'maxRtoSampledSeconds') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's4-fewer-timeouts',
      explanation:
        'The model gives {item1} and {item2} timeouts per connection (items in the claim’s order), mostly during the start-up, before the first RTT sample: the 3 s initial RTO fires against seconds of queueing whatever the policy.',
      ref: '§IV–V',
      text: 'It also reduces the probability of timeout than EPD and UBR+ scheme.',
      metric: 'timeouts per connection',
      kind: 'order',
      items: [
        { label: 'EUBR+', q: q(R.eubr, 'timeoutsPerConnection') },
        { label: 'EPD', q: q(R.epd, 'timeoutsPerConnection') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's4-fig9-gaps-order',
      explanation:
        'No policy leaves the server without data for 1 s after the start in the model; see s4-fig5-empty-buffer-order (greedy sources, no synchronised stalls).',
      ref: 'Fig. 9, §IV',
      text: 'There are three times and one time where a server node cannot receive the traffic in EPD and UBR+ respectively. However, there is no such case in EUBR+ scheme.',
      note: 'Gaps: silences of at least 1 s, from the first start, in which no data frame reached any receiver (the model’s receiveGaps).',
      metric: 'gaps in the received traffic',
      kind: 'order',
      items: (['epd', 'ubrp', 'eubr'] as const).map((s) => ({
        label: NAME[s],
        q: q(R[s], 'receiveGaps'),
        published: s === 'epd' ? 3 : s === 'ubrp' ? 1 : 0,
      })),
      rels: ['>', '>'],
    },
    {
      ...common,
      id: 's4-fig9-eubr-no-gap',
      ref: 'Fig. 9, §IV',
      text: 'There is no such case (a gap in the received traffic) in EUBR+ scheme.',
      metric: 'gaps in the received traffic, EUBR+',
      kind: 'bound',
      q: q(R.eubr, 'receiveGaps'),
      op: '<',
      published: 0.5,
      presets: [PRESET.eubr],
    },
    {
      ...common,
      id: 's4-eubr-throughput',
      explanation:
        'EUBR+’s goodput is {model} × UBR+’s: all three policies keep the 1.5 Mbit/s link busy once the sources have started, so EUBR+ cannot raise it further; S4’s throughput gain follows from its gaps and empty buffers, not reproduced.',
      ref: 'Abstract, §V',
      text: 'The proposed scheme … increases the throughput by reducing the probability of multiple cell losses in the same TCP window.',
      metric: 'goodput, EUBR+ / UBR+',
      kind: 'bound',
      q: ratio(q(R.eubr, 'goodputMbps'), q(R.ubrp, 'goodputMbps')),
      op: '>',
      published: 1,
    },
    ...chainClaims(),
  ],
  WHY,
);

/** The fairness statements again on S4's own topology (§4, Fig. 2: three ATM switches, the
 * 1.5 Mbit/s congested link last; the s4-chain-* presets say which details are choices). */
function chainClaims(): Claim[] {
  const C: Record<Scheme, ReturnType<typeof run>> = {
    epd: run('EPD, 3 switches', 'preset=s4-chain-epd'),
    ubrp: run('UBR+, 3 switches', 'preset=s4-chain-ubr-plus'),
    eubr: run('EUBR+, 3 switches', 'preset=s4-chain-eubr'),
  };
  const note =
    'On the three-switch chain of S4 §4; "supports fairness" read as a Jain index above 0.9.';
  return [
    {
      ...common,
      id: 's4-chain-eubr-fair',
      ref: 'Abstract, §III, §4 topology',
      text: 'The simulation results show that the proposed scheme supports fairness.',
      note,
      metric: 'fairness, EUBR+, 3 switches',
      kind: 'bound',
      q: q(C.eubr, 'fairness'),
      op: '>',
      published: 0.9,
      presets: ['s4-chain-eubr'],
    },
    {
      ...common,
      id: 's4-chain-ubr-plus-fair',
      ref: '§I (refs. 4–5), §4 topology',
      text: 'The original UBR+ algorithm supports fairness using selective discarding and fair allocation.',
      note,
      metric: 'fairness, UBR+, 3 switches',
      kind: 'bound',
      q: q(C.ubrp, 'fairness'),
      op: '>',
      published: 0.9,
      presets: ['s4-chain-ubr-plus'],
    },
    {
      ...common,
      id: 's4-chain-epd-low-fairness',
      ref: '§I–II (refs. 3–4), §4 topology',
      text: 'These mechanisms (PPD, EPD) do improve the performance, but they suffer from low fairness.',
      note: 'On the three-switch chain of S4 §4.',
      metric: 'fairness, 3 switches',
      kind: 'order',
      items: [
        { label: 'EPD', q: q(C.epd, 'fairness') },
        { label: 'UBR+', q: q(C.ubrp, 'fairness') },
      ],
      rels: ['<'],
      presets: ['s4-chain-epd'],
    },
  ];
}
