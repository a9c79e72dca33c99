/**
 * S3: Puangpronpitag, Kara, Djemame, "A Performance Evaluation of Buffer Management and
 * Scheduling for ATM-GFR Using TCP" (REFERENCES.md [S3]). YATS; N symmetric greedy TCP
 * sources through one switch, OC-3, 512-byte packets, 64 KB windows, half the VCs tagged at
 * the source; five switches: plain UBR, UBR-EPD (0.8 K), two thresholds (0.5 K / 0.8 K),
 * per-VC buffer management, WFQ (§4.1, Table 3).
 */
import type { Claim, Quantity } from '../types';
import { absDiff, max, min, q, ratio, run } from './build';

const SEEDS = [1, 2];
const RUN_NOTE =
  'S3 runs "long enough to capture congestion behaviour" without saying how long; 2 seeds of 30 s here (the presets’ duration: with YATS’s 1.5 s minimum RTO the synchronised start-up dominates 10 s; two seeds keep the scorecard within 10 minutes, and the CLP0/CLP1 split they show is the same in every seed).';
const common = { paper: 'S3' as const, seeds: SEEDS, runNote: RUN_NOTE };

type Switch = 'ubr' | 'epd' | 'two' | 'pervc' | 'wfq';
const SWITCH_NAME: Record<Switch, string> = {
  ubr: 'UBR',
  epd: 'UBR-EPD',
  two: 'two thresholds',
  pervc: 'per-VC',
  wfq: 'WFQ',
};
const PRESET: Record<Switch, string> = {
  ubr: 's3-gfr-lan-tail-drop',
  epd: 's3-gfr-lan-epd',
  two: 's3-gfr-lan-two-threshold',
  pervc: 's3-gfr-lan-per-vc',
  wfq: 's3-gfr-lan-wfq',
};
const sw = (s: Switch, extra = '', label = '') =>
  run(`${SWITCH_NAME[s]}${label ? `, ${label}` : ''}`, `preset=${PRESET[s]}${extra}`);
const WAN = '&rttMs=2';
const OTHERS: Switch[] = ['ubr', 'epd', 'wfq'];

const lowestOf = (which: Switch[], stat: 'clp0Prr' | 'clrClp0'): Quantity =>
  min(...which.map((s) => q(sw(s), stat)));

export const S3_CLAIMS: Claim[] = [
  ...(['two', 'pervc'] as const).map((s): Claim => ({
    ...common,
    id: `s3-fig3-${s === 'two' ? 'two-threshold' : 'per-vc'}-clp0-clr`,
    ref: 'Fig. 3, §5.1',
    text: `For two-threshold buffer management and per-VC buffer management … the CLR of CLP0 stream is almost 0% (${SWITCH_NAME[s]}).`,
    note: 'S3’s absolute CLRs are printed in an unclear unit ("0.0005%"); "almost 0" is read against plain UBR’s CLP0 CLR in the same configuration: below a tenth of it.',
    metric: `CLP0 CLR, ${SWITCH_NAME[s]} / UBR`,
    kind: 'bound',
    q: ratio(q(sw(s), 'clrClp0'), q(sw('ubr'), 'clrClp0')),
    op: '<',
    published: 0.1,
    presets: [PRESET[s]],
  })),
  {
    ...common,
    id: 's3-fig3-clp1-clr-twice-ubr',
    ref: 'Fig. 3, §5.1',
    text: 'The CLR of CLP1 stream varies from 0.001% to 0.0012% (two thresholds), while plain UBR, UBR-EPD and WFQ have similar CLR for both streams (around 0.0005%).',
    note: 'The ratio is free of the unclear unit: 0.001–0.0012 against 0.0005 is 2.0–2.4 (band from the paper’s own range).',
    metric: 'CLP1 CLR, two thresholds / UBR CLR',
    kind: 'value',
    q: ratio(q(sw('two'), 'clrClp1'), q(sw('ubr'), 'clr')),
    published: 2.2,
    band: 0.2,
    explanation:
      'The model gives {model} (seeds {min}–{max}). At N = 16 the untagged half of the sources, each held by YATS’s host processing to one segment per hostProcMs=0.3 ms, take most of the link, and the tagged VCs send few cells. S3 does not say how many sources Fig. 3 used (compare sources=10, where the untagged half offers about half the link).',
    presets: [PRESET.two],
  },
  ...OTHERS.map((s): Claim => ({
    ...common,
    id: `s3-fig3-${s}-clp-alike`,
    ref: 'Fig. 3, §5.1',
    text: `Plain UBR, UBR-EPD and WFQ have similar CLR for both CLP0 and CLP1 streams (${SWITCH_NAME[s]}).`,
    note: '"Similar": CLP1 CLR / CLP0 CLR within 1 ± 0.2.',
    metric: `CLP1 / CLP0 CLR, ${SWITCH_NAME[s]}`,
    kind: 'value',
    q: ratio(q(sw(s), 'clrClp1'), q(sw(s), 'clrClp0')),
    published: 1,
    band: 0.2,
    presets: [PRESET[s]],
  })),
  {
    ...common,
    id: 's3-epd-clr-bit-higher',
    ref: 'Fig. 3–4, §5.1',
    text: 'CLR of UBR-EPD is a bit higher than plain UBR …',
    metric: 'CLR',
    explanation:
      'With YATS’s random order of the cells that arrive in one slot (arrivalOrder=random) plain UBR loses {item1} of its cells and UBR-EPD {item2}: at a full buffer every VC that keeps sending loses cells, mid-frame, which plain UBR then carries as dead cells. In arrival order (arrivalOrder=time) the model gave S3’s order. S3 gives neither its run length nor its number of runs.',
    kind: 'order',
    items: [
      { label: 'UBR', q: q(sw('ubr'), 'clr') },
      { label: 'UBR-EPD', q: q(sw('epd'), 'clr') },
    ],
    rels: ['<'],
  },
  {
    ...common,
    id: 's3-epd-prr-lower',
    ref: 'Fig. 3–4, §5.1',
    text: '… but the PRR is lower.',
    metric: 'CLP0 PRR',
    kind: 'order',
    items: [
      { label: 'UBR-EPD', q: q(sw('epd'), 'clp0Prr') },
      { label: 'UBR', q: q(sw('ubr'), 'clp0Prr') },
    ],
    rels: ['<'],
  },
  {
    ...common,
    id: 's3-epd-throughput-higher',
    ref: 'Fig. 4, §5.1',
    text: 'The throughput of UBR-EPD is also higher than plain UBR as expected.',
    metric: 'CLP0 goodput (Mbit/s)',
    kind: 'order',
    items: [
      { label: 'UBR', q: q(sw('ubr'), 'clp0GoodputMbps') },
      { label: 'UBR-EPD', q: q(sw('epd'), 'clp0GoodputMbps') },
    ],
    rels: ['<'],
  },
  ...(['two', 'pervc'] as const).flatMap((s): Claim[] => [
    {
      ...common,
      id: `s3-fig4-${s === 'two' ? 'two-threshold' : 'per-vc'}-lowest-prr`,
      ref: 'Fig. 4, §5.1',
      text: 'Two-threshold buffer management and per-VC-buffer management can achieve the lowest PRR for untagged stream.',
      metric: 'CLP0 PRR',
      kind: 'order',
      items: [
        { label: SWITCH_NAME[s], q: q(sw(s), 'clp0Prr') },
        { label: 'lowest of UBR, EPD, WFQ', q: lowestOf(OTHERS, 'clp0Prr') },
      ],
      rels: ['<'],
      presets: [PRESET[s]],
    },
    {
      ...common,
      id: `s3-fig4-${s === 'two' ? 'two-threshold' : 'per-vc'}-highest-throughput`,
      ref: 'Fig. 4, §5.1',
      text: 'Two-threshold buffer management and per-VC buffer management also gain the highest throughput for untagged traffic.',
      metric: 'CLP0 goodput (Mbit/s)',
      kind: 'order',
      items: [
        {
          label: 'highest of UBR, EPD, WFQ',
          q: max(...OTHERS.map((o) => q(sw(o), 'clp0GoodputMbps'))),
        },
        { label: SWITCH_NAME[s], q: q(sw(s), 'clp0GoodputMbps') },
      ],
      rels: ['<'],
      presets: [PRESET[s]],
    },
  ]),
  {
    ...common,
    id: 's3-two-threshold-like-per-vc',
    ref: '§5',
    text: 'These two algorithms seem to give similar results for our scenarios since they are actually based on the same two-threshold-scheme.',
    note: '"Similar": CLP0 goodputs within 5% of the two-threshold figure.',
    metric: '|two thresholds − per-VC| / two thresholds, CLP0 goodput',
    kind: 'bound',
    q: ratio(
      absDiff(q(sw('two'), 'clp0GoodputMbps'), q(sw('pervc'), 'clp0GoodputMbps')),
      q(sw('two'), 'clp0GoodputMbps'),
    ),
    op: '<',
    published: 0.05,
  },
  {
    ...common,
    id: 's3-wfq-no-better',
    ref: '§5.1, §5.2, §6',
    text: 'WFQ does not seem to help improving UBR and gives even worse performance in some simulations.',
    note: 'CLP0 goodput under WFQ no more than 5% above plain UBR’s.',
    metric: 'CLP0 goodput, WFQ / UBR',
    kind: 'bound',
    q: ratio(q(sw('wfq'), 'clp0GoodputMbps'), q(sw('ubr'), 'clp0GoodputMbps')),
    op: '<',
    published: 1.05,
    explanation:
      'CLP0 goodput under WFQ is {model} × plain UBR’s (seeds {min}–{max}): with YATS’s random order of the cells that arrive in one slot (arrivalOrder=random) plain UBR’s full buffer takes cells from tagged and untagged VCs alike, and WFQ’s per-VC service shelters the untagged ones. In arrival order (arrivalOrder=time) the model found WFQ no better, as S3 did.',
    presets: [PRESET.wfq],
  },
  {
    ...common,
    id: 's3-throughput-rises-with-k',
    ref: 'Fig. 4, §5.1',
    text: 'Throughput has been improved with the larger buffer sizes.',
    note: 'Two thresholds, 16 sources, CLP0 goodput at K = 2400, 3600, 4800 (S3’s range).',
    metric: 'CLP0 goodput (Mbit/s), two thresholds',
    kind: 'order',
    items: [2400, 3600, 4800].map((K) => ({
      label: `K = ${K}`,
      q: q(sw('two', K === 2400 ? '' : `&bufferCells=${K}`, `K = ${K}`), 'clp0GoodputMbps'),
    })),
    rels: ['<', '<'],
    explanation:
      'CLP0 goodput is {item1}, {item2} and {item3} Mbit/s at K = 2400, 3600 and 4800: the untagged sources each run at YATS’s host-processing cap (one segment per hostProcMs=0.3 ms) whatever K. That cap is what keeps the CLP0 stream below HBO (Fig. 3); in this model the two findings cannot both hold at N = 16.',
  },
  {
    ...common,
    id: 's3-throughput-falls-with-n',
    ref: 'Fig. 5, §5.2',
    text: 'As expected, the throughput decreases when the number of sources increases for all scenarios.',
    note: 'Two thresholds, K = 2400: average CLP0 throughput per connection at N = 10, 16, 22 (S3’s range).',
    metric: 'CLP0 goodput per connection (Mbit/s)',
    kind: 'order',
    items: [10, 16, 22].map((n) => ({
      label: `N = ${n}`,
      q: q(sw('two', n === 16 ? '' : `&sources=${n}`, `N = ${n}`), 'clp0MeanConnGoodputMbps'),
    })),
    rels: ['>', '>'],
    explanation:
      'CLP0 goodput per connection is {item1}, {item2} and {item3} Mbit/s at N = 10, 16 and 22: at N = 10 and 16 every untagged source runs at YATS’s host-processing cap (one segment per hostProcMs=0.3 ms); only at N = 22, where the untagged half offers more than the link, does the figure fall.',
  },
  {
    ...common,
    id: 's3-fig5-n22-best',
    ref: 'Fig. 5, §5.2',
    text: 'Similar with the results in section 5.1, two-threshold-buffer-management and per-VC-buffer-management give the best performance (the lowest CLR …).',
    note: 'N = 22 sources, K = 2400: the CLP0 CLR of the two below the lowest of UBR, EPD and WFQ.',
    metric: 'CLP0 CLR, N = 22',
    kind: 'order',
    items: [
      {
        label: 'highest of two thresholds, per-VC',
        q: max(
          ...(['two', 'pervc'] as const).map((s) => q(sw(s, '&sources=22', 'N = 22'), 'clrClp0')),
        ),
      },
      {
        label: 'lowest of UBR, EPD, WFQ',
        q: min(...OTHERS.map((s) => q(sw(s, '&sources=22', 'N = 22'), 'clrClp0'))),
      },
    ],
    rels: ['<'],
  },
  {
    ...common,
    id: 's3-fig5-epd-beats-ubr-n22',
    ref: 'Fig. 5, §5.2',
    text: 'UBR-EPD gives better throughput comparing with plain UBR.',
    note: 'N = 22 sources, K = 2400.',
    metric: 'CLP0 goodput (Mbit/s), N = 22',
    kind: 'order',
    items: [
      { label: 'UBR', q: q(sw('ubr', '&sources=22', 'N = 22'), 'clp0GoodputMbps') },
      { label: 'UBR-EPD', q: q(sw('epd', '&sources=22', 'N = 22'), 'clp0GoodputMbps') },
    ],
    rels: ['<'],
  },
  {
    ...common,
    id: 's3-wan-same-trend-clp0',
    ref: '§5',
    text: 'We find both LAN and WAN scenarios giving the same trend of results.',
    note: 'WAN (≈ 1 ms one way): the two-threshold CLP0 CLR below a tenth of plain UBR’s, as in the LAN.',
    metric: 'CLP0 CLR, two thresholds / UBR, WAN',
    kind: 'bound',
    q: ratio(q(sw('two', WAN, 'WAN'), 'clrClp0'), q(sw('ubr', WAN, 'WAN'), 'clrClp0')),
    op: '<',
    published: 0.1,
    presets: ['s3-gfr-wan-two-threshold'],
  },
  {
    ...common,
    id: 's3-wan-same-trend-epd',
    ref: '§5',
    text: 'We find both LAN and WAN scenarios giving the same trend of results (UBR-EPD above plain UBR).',
    metric: 'CLP0 goodput (Mbit/s), WAN',
    kind: 'order',
    items: [
      { label: 'UBR', q: q(sw('ubr', WAN, 'WAN'), 'clp0GoodputMbps') },
      { label: 'UBR-EPD', q: q(sw('epd', WAN, 'WAN'), 'clp0GoodputMbps') },
    ],
    rels: ['<'],
  },
  {
    ...common,
    id: 's3-overall-worst',
    ref: '§5',
    text: 'Overall, the plain UBR and per-VC scheduling by WFQ give the worst results comparing with other switches.',
    metric: 'CLP0 goodput (Mbit/s)',
    kind: 'order',
    items: [
      {
        label: 'best of UBR, WFQ',
        q: max(q(sw('ubr'), 'clp0GoodputMbps'), q(sw('wfq'), 'clp0GoodputMbps')),
      },
      {
        label: 'worst of EPD, two thresholds, per-VC',
        q: min(...(['epd', 'two', 'pervc'] as const).map((s) => q(sw(s), 'clp0GoodputMbps'))),
      },
    ],
    rels: ['<'],
  },
];
