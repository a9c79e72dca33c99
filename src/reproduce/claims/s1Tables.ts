/**
 * S1's tables of vanilla TCP against the switch policies, and of the TCP flavours (Jain, Goyal
 * et al., "TCP over UBR: Issues to Study", slides "UBR + EPD + FBA", "Efficiency", "Fairness";
 * REFERENCES.md [S1], the study behind them [GJ97]).
 */
import type { Claim, Quantity, Run, Versus } from '../types';
import { BAND, mean, q, run, spread } from './build';

type S1Policy = 'tail-drop' | 'epd' | 'sd' | 'fba';
type Flavour = 'vanilla' | 'reno' | 'sack';
const POLICIES: readonly S1Policy[] = ['tail-drop', 'epd', 'sd', 'fba'];
const NAME: Record<S1Policy, string> = { 'tail-drop': 'UBR', epd: 'EPD', sd: 'SD', fba: 'FBA' };
const FLAVOUR_NAME: Record<Flavour, string> = { vanilla: 'Vanilla', reno: 'Reno', sack: 'SACK' };

const TABLE_SEEDS = [1, 2, 3];
const TABLE_RUN_NOTE =
  'S1 does not give its run length or number of runs; the study behind its table (Goyal, Jain et al., ICC’97) typically simulated 10 to 20 s (S0 §3.1): 3 seeds of 15 s here, the midpoint (LAN 15 s ≈ 5 × 10⁵ RTTs, WAN 15 s ≈ 500 RTTs), with the 10 s and 20 s figures beside it; more seeds where they disagree.';
const FLAVOUR_SEEDS = [1];
const FLAVOUR_RUN_NOTE =
  'Each figure is a mean over the six configurations of its network (5 and 15 sources × three buffers), one seed each: six runs per figure, as many as S1’s own mean (one run per configuration).';

export type Net = 'LAN' | 'WAN';
const BUFFERS: Record<Net, number[]> = { LAN: [1000, 2000, 3000], WAN: [12000, 24000, 36000] };
const SOURCES = [5, 15];

/** One configuration of S1's table under a policy and a TCP flavour (vanilla by default). */
export function s1Run(
  net: Net,
  sources: number,
  K: number,
  policy: S1Policy,
  tcp: Flavour = 'vanilla',
) {
  const preset = `s1-${net.toLowerCase()}-${policy}`;
  const t = tcp === 'vanilla' ? '' : `&tcp=${tcp}`;
  return run(
    `${net} ${sources} src, K = ${K}, ${NAME[policy]}${tcp === 'vanilla' ? '' : `, ${FLAVOUR_NAME[tcp]}`}`,
    `preset=${preset}&sources=${sources}&bufferCells=${K}${t}`,
  );
}

/** The mean of a metric over the six configurations of a network. */
export function netMean(
  net: Net,
  policy: S1Policy,
  stat: 'efficiency' | 'fairness',
  tcp: Flavour = 'vanilla',
): Quantity {
  return mean(
    ...SOURCES.flatMap((n) => BUFFERS[net].map((K) => q(s1Run(net, n, K, policy, tcp), stat))),
  );
}

/**
 * Table "UBR + EPD + FBA": [network, sources, buffer cells, then efficiency and fairness for
 * UBR, EPD, SD, FBA]. Reconstructed from a garbled extraction: decimal points were lost ("068"
 * is 0.68, "09" is 0.9x with a lost digit, read 0.9), some 7s were read as "/" ("0.7/6" is
 * 0.76), and the LAN "20000" row, between 1000 and 3000 cells, is 2000.
 */
export const S1_TABLE: [Net, number, number, ...number[]][] = [
  ['LAN', 5, 1000, 0.21, 0.68, 0.49, 0.57, 0.75, 0.99, 0.88, 0.98],
  ['LAN', 5, 2000, 0.32, 0.9, 0.68, 0.98, 0.85, 0.96, 0.84, 0.98],
  ['LAN', 5, 3000, 0.47, 0.97, 0.72, 0.84, 0.9, 0.99, 0.92, 0.97],
  ['LAN', 15, 1000, 0.22, 0.31, 0.55, 0.56, 0.76, 0.76, 0.91, 0.97],
  ['LAN', 15, 2000, 0.49, 0.59, 0.81, 0.87, 0.82, 0.98, 0.85, 0.96],
  ['LAN', 15, 3000, 0.47, 0.8, 0.91, 0.78, 0.94, 0.94, 0.9, 0.93],
  ['WAN', 5, 12000, 0.86, 0.75, 0.9, 0.94, 0.9, 0.95, 0.95, 0.9],
  ['WAN', 5, 24000, 0.9, 0.83, 0.91, 0.99, 0.92, 0.99, 0.92, 1],
  ['WAN', 5, 36000, 0.91, 0.86, 0.81, 1, 0.81, 1, 0.81, 1],
  ['WAN', 15, 12000, 0.96, 0.67, 0.92, 0.93, 0.94, 0.91, 0.9, 0.97],
  ['WAN', 15, 24000, 0.94, 0.82, 0.91, 0.92, 0.94, 0.97, 0.9, 0.98],
  ['WAN', 15, 36000, 0.92, 0.77, 0.9, 0.91, 0.9, 0.89, 0.95, 0.97],
];

/** The known causes of the table's departures, by kind of cell (shown when not within). The
 * figures are placeholders filled from the run (explain.ts); `{alt1}`, `{alt2}` are the 10 s
 * and 20 s runs of the table's claims. */
const RUN_LENGTH =
  ' With runs of 10 s and 20 s, the two ends of the run length of S1’s study (S0 §3.1), the model gives {alt1} and {alt2}.';
const WHY_LAN_EFF =
  'The model gives {model} ({model vs published} S1’s {published}; seeds {min}–{max}). S1’s LAN efficiency is set by how long the link idles after vanilla TCP’s timeouts, which depends on the RTO floor and timer clock of S1’s simulator; the slides give only the 100 ms granularity, and the presets’ RTO floor, tie order and timer clock are disclosed choices (compare rtoMinMs=300, or arrivalOrder=time).';
const WHY_LAN_UNFAIR =
  'S1’s UBR and EPD unfairness is not reproduced: the model’s fairness is {model}, {model vs published} S1’s {published} (seeds {min}–{max}). S1’s tables look like single runs, in which the first losses can pick the winners; its tie-break and timer clock are not given.';
const WHY_LAN_FAIR =
  'S1 reports one run per cell; the model gives {model} (seeds {min}–{max}), {model vs published} S1’s {published} by more than the band, without a known cause.';
const WHY_WAN_EFF =
  'The model gives {model}, {model vs published} S1’s {published} (seeds {min}–{max}). In the WAN the figure depends on how much of the run start-up slow-start losses take; S1 does not give the run length of its table.';
const WHY_WAN_FAIR =
  'The model gives {model}, {model vs published} S1’s {published} (seeds {min}–{max}). S1’s lower WAN fairness may come from single runs in which the first losses pick the winners; S1 gives neither its run length nor its tie-break.';
const WHY_SAT =
  'Satellite figures: each a mean over 4 configurations, 1 seed of 60 s (≈ 100 RTTs) each, the costliest runs of the scorecard; the sources have not converged by then, and S1’s satellite run length is not given. The model gives {model}, {model vs published} S1’s {published}.';
const WHY_SACK_LAN =
  'The model’s SACK gives {model} here, {model vs published} S1’s {published}; S1 notes that its SACK resends retransmitted holes after a timeout and can hurt under extreme congestion, details the slides do not give.';

function tableWhy(
  net: Net,
  policy: S1Policy,
  metric: 'efficiency' | 'fairness',
  alternatives: boolean,
): string {
  const base =
    net === 'WAN'
      ? metric === 'efficiency'
        ? WHY_WAN_EFF
        : WHY_WAN_FAIR
      : metric === 'efficiency'
        ? WHY_LAN_EFF
        : policy === 'tail-drop' || policy === 'epd'
          ? WHY_LAN_UNFAIR
          : WHY_LAN_FAIR;
  return alternatives ? base + RUN_LENGTH : base;
}

/** The same figure with runs of 10 s and 20 s: the ends of the range of S1's study. */
function runLengths(r: Run, metric: 'efficiency' | 'fairness') {
  return [10, 20].map((d) => ({
    label: `run length ${d} s`,
    q: q(run(`${r.label}, ${d} s`, `${r.query}&duration=${d}`), metric),
  }));
}

const S1_LAN_WHERE = {
  tcpsPerVc: [1],
  linkMbps: [149.76],
  rttMs: [0.03],
  mtu: [552],
  window: [65536],
  ack: ['every'],
  granularityMs: [100],
  cbrMbps: [0],
  vbrMbps: [0],
};
const S1_WAN_WHERE = { ...S1_LAN_WHERE, rttMs: [30], window: [600000] };

function tableClaims(): Claim[] {
  const out: Claim[] = [];
  for (const [net, n, K, ...vals] of S1_TABLE) {
    (['efficiency', 'fairness'] as const).forEach((metric, j) => {
      POLICIES.forEach((policy, i) => {
        const published = vals[2 * i + j];
        // The claim's direction: the other policies of the row whose published figure differs
        // from this one by at least the band.
        const versus: Versus[] = POLICIES.flatMap((other, k) => {
          const p = vals[2 * k + j];
          return other !== policy && Math.abs(p - published) >= BAND
            ? [{ label: `${NAME[other]}`, q: q(s1Run(net, n, K, other), metric), published: p }]
            : [];
        });
        out.push({
          id: `s1-${net.toLowerCase()}-${n}-${K}-${policy}-${metric}`,
          paper: 'S1',
          ref: 'Table "UBR + EPD + FBA"',
          text: `${net}, ${n} sources, ${K} cells: ${NAME[policy]} ${metric} ${published}.`,
          note: 'Vanilla TCP (slow start and congestion avoidance). The table is reconstructed from a garbled extraction (see S1_TABLE).',
          metric,
          seeds: TABLE_SEEDS,
          runNote: TABLE_RUN_NOTE,
          explanation: tableWhy(net, policy, metric, true),
          alternatives: runLengths(s1Run(net, n, K, policy), metric),
          kind: 'value',
          q: q(s1Run(net, n, K, policy), metric),
          published,
          band: BAND,
          versus,
          presets: n === 5 && K === BUFFERS[net][0] ? [`s1-${net.toLowerCase()}-${policy}`] : [],
          overlay: {
            param: 'bufferCells',
            x: K,
            metric,
            series: { key: 'policy', value: policy },
            where: { ...(net === 'LAN' ? S1_LAN_WHERE : S1_WAN_WHERE), sources: [n] },
            label: `S1 ${net} table`,
          },
        });
      });
    });
  }
  return out;
}

/**
 * The slides "Efficiency" and "Fairness" by TCP flavour. Their figures are the means over the
 * six configurations of each network in the table above: the vanilla rows match it (LAN UBR
 * efficiency 0.34 against the table's mean 0.36, EPD 0.67 against 0.69; LAN UBR fairness 0.69
 * against 0.71; WAN UBR efficiency 0.91 against 0.915). The efficiency slide kept two of its
 * three columns, UBR and EPD (the vanilla LAN figures fit EPD, not SD); the fairness slide keeps
 * UBR, EPD and SD for the LAN and the UBR column elsewhere.
 */
const FLAVOUR_EFF: Record<'LAN' | 'WAN' | 'Satellite', Record<Flavour, [number, number]>> = {
  LAN: { sack: [0.79, 0.89], vanilla: [0.34, 0.67], reno: [0.69, 0.97] },
  WAN: { sack: [0.94, 0.91], vanilla: [0.91, 0.9], reno: [0.78, 0.86] },
  Satellite: { sack: [0.93, 0.8], vanilla: [0.79, 0.77], reno: [0.57, 0.16] },
};
const FLAVOUR_FAIR_LAN: Record<Flavour, [number, number, number]> = {
  sack: [0.54, 0.84, 0.97],
  vanilla: [0.69, 0.69, 0.92],
  reno: [0.71, 0.98, 0.99],
};
const FLAVOUR_FAIR_UBR: Record<'WAN' | 'Satellite', Record<Flavour, number>> = {
  WAN: { sack: 0.98, vanilla: 0.76, reno: 0.9 },
  Satellite: { sack: 1.0, vanilla: 1.0, reno: 0.98 },
};
const FLAVOURS: readonly Flavour[] = ['sack', 'vanilla', 'reno'];

/** GEO satellite (RTT 570 ms, MSS 9180, window 8.7 MB): 5 and 15 sources × 200k and 600k
 * cells, the buffers of S1's "Simulation Experiment" slide. */
const SAT_SEEDS = [1];
const SAT_RUN_NOTE =
  'Each figure is a mean over 4 configurations (5 and 15 sources × 200k and 600k cells), 1 seed of 60 s (≈ 100 RTTs) each: satellite runs are the most expensive of the scorecard.';
export function satRun(sources: number, K: number, policy: 'tail-drop' | 'epd', tcp: Flavour) {
  return run(
    `satellite ${sources} src, K = ${K / 1000}k, ${NAME[policy]}, ${FLAVOUR_NAME[tcp]}`,
    `preset=s1-satellite-${tcp}&sources=${sources}&bufferCells=${K}&policy=${policy}`,
  );
}
export function satMean(
  policy: 'tail-drop' | 'epd',
  stat: 'efficiency' | 'fairness',
  tcp: Flavour,
) {
  return mean(
    ...SOURCES.flatMap((n) => [200000, 600000].map((K) => q(satRun(n, K, policy, tcp), stat))),
  );
}

function flavourQ(
  net: 'LAN' | 'WAN' | 'Satellite',
  policy: 'tail-drop' | 'epd' | 'sd',
  stat: 'efficiency' | 'fairness',
  tcp: Flavour,
): Quantity {
  if (net === 'Satellite') return satMean(policy === 'sd' ? 'epd' : policy, stat, tcp);
  return netMean(net, policy, stat, tcp);
}

function flavourClaims(): Claim[] {
  const out: Claim[] = [];
  const common = (net: string) => ({
    paper: 'S1' as const,
    seeds: net === 'Satellite' ? SAT_SEEDS : FLAVOUR_SEEDS,
    runNote: net === 'Satellite' ? SAT_RUN_NOTE : FLAVOUR_RUN_NOTE,
    note: 'Reconstructed: the slide’s figures are means over the configurations of the network (see FLAVOUR_EFF in the source); the second efficiency column is EPD.',
  });
  for (const net of ['LAN', 'WAN', 'Satellite'] as const)
    (['tail-drop', 'epd'] as const).forEach((policy, col) => {
      for (const tcp of FLAVOURS) {
        const published = FLAVOUR_EFF[net][tcp][col];
        const versus: Versus[] = FLAVOURS.filter(
          (o) => o !== tcp && Math.abs(FLAVOUR_EFF[net][o][col] - published) >= BAND,
        ).map((o) => ({
          label: FLAVOUR_NAME[o],
          q: flavourQ(net, policy, 'efficiency', o),
          published: FLAVOUR_EFF[net][o][col],
        }));
        out.push({
          ...common(net),
          id: `s1-flavour-${net.toLowerCase()}-${policy === 'tail-drop' ? 'ubr' : 'epd'}-${tcp}-eff`,
          ref: 'Slide "Efficiency"',
          text: `${net}, ${NAME[policy]}: ${FLAVOUR_NAME[tcp]} TCP efficiency ${published}.`,
          metric: `mean efficiency over the ${net} configurations`,
          explanation:
            net === 'Satellite'
              ? WHY_SAT
              : net === 'WAN'
                ? WHY_WAN_EFF
                : tcp === 'sack'
                  ? WHY_SACK_LAN
                  : tableWhy('LAN', policy, 'efficiency', false),
          kind: 'value',
          q: flavourQ(net, policy, 'efficiency', tcp),
          published,
          band: BAND,
          versus,
        });
      }
    });
  (['tail-drop', 'epd', 'sd'] as const).forEach((policy, col) => {
    for (const tcp of FLAVOURS) {
      const published = FLAVOUR_FAIR_LAN[tcp][col];
      out.push({
        ...common('LAN'),
        id: `s1-flavour-lan-${policy === 'tail-drop' ? 'ubr' : policy}-${tcp}-fair`,
        ref: 'Slide "Fairness"',
        text: `LAN, ${NAME[policy]}: ${FLAVOUR_NAME[tcp]} TCP fairness ${published}.`,
        metric: 'mean fairness over the LAN configurations',
        explanation: tableWhy('LAN', policy, 'fairness', false),
        kind: 'value',
        q: flavourQ('LAN', policy, 'fairness', tcp),
        published,
        band: BAND,
        versus: (['tail-drop', 'epd', 'sd'] as const)
          .filter((o, k) => o !== policy && Math.abs(FLAVOUR_FAIR_LAN[tcp][k] - published) >= BAND)
          .map((o) => ({
            label: NAME[o],
            q: flavourQ('LAN', o, 'fairness', tcp),
            published: FLAVOUR_FAIR_LAN[tcp][['tail-drop', 'epd', 'sd'].indexOf(o)],
          })),
      });
    }
  });
  for (const net of ['WAN', 'Satellite'] as const)
    for (const tcp of FLAVOURS) {
      const published = FLAVOUR_FAIR_UBR[net][tcp];
      out.push({
        ...common(net),
        id: `s1-flavour-${net.toLowerCase()}-ubr-${tcp}-fair`,
        ref: 'Slide "Fairness"',
        text: `${net}, UBR: ${FLAVOUR_NAME[tcp]} TCP fairness ${published}.`,
        metric: `mean fairness over the ${net} configurations`,
        explanation:
          net === 'Satellite' ? WHY_SAT : tableWhy('WAN', 'tail-drop', 'fairness', false),
        kind: 'value',
        q: flavourQ(net, 'tail-drop', 'fairness', tcp),
        published,
        band: BAND,
        versus: FLAVOURS.filter(
          (o) => o !== tcp && Math.abs(FLAVOUR_FAIR_UBR[net][o] - published) >= BAND,
        ).map((o) => ({
          label: FLAVOUR_NAME[o],
          q: flavourQ(net, 'tail-drop', 'fairness', o),
          published: FLAVOUR_FAIR_UBR[net][o],
        })),
      });
    }
  return out;
}

/** Spread over the switch policies of a network's mean efficiency, averaged over flavours; and
 * the spread over flavours, averaged over policies. */
export function policySpread(net: 'LAN' | 'Satellite', stat: 'efficiency' | 'fairness'): Quantity {
  const pols =
    net === 'LAN' ? (['tail-drop', 'epd', 'sd'] as const) : (['tail-drop', 'epd'] as const);
  return mean(...FLAVOURS.map((t) => spread(...pols.map((p) => flavourQ(net, p, stat, t)))));
}
export function flavourSpread(net: 'LAN' | 'Satellite', stat: 'efficiency' | 'fairness'): Quantity {
  const pols =
    net === 'LAN' ? (['tail-drop', 'epd', 'sd'] as const) : (['tail-drop', 'epd'] as const);
  return mean(...pols.map((p) => spread(...FLAVOURS.map((t) => flavourQ(net, p, stat, t)))));
}
export {
  flavourQ,
  FLAVOUR_SEEDS,
  FLAVOUR_RUN_NOTE,
  SAT_SEEDS,
  SAT_RUN_NOTE,
  TABLE_SEEDS,
  TABLE_RUN_NOTE,
};

/** The LAN row of 5 sources and 1000 cells under UBR again, on S1's own topology ("Simulation
 * Experiment": source switch → 155 Mbit/s bottleneck → destination switch), against the
 * same row's other policies on that topology. */
function twoSwitchClaims(): Claim[] {
  const row = S1_TABLE.find(([net, n, K]) => net === 'LAN' && n === 5 && K === 1000)!;
  const vals = row.slice(3) as number[];
  const two = (policy: S1Policy) =>
    run(
      `LAN 5 src, K = 1000, ${NAME[policy]}, two switches`,
      `preset=s1-lan-two-switch-tail-drop${policy === 'tail-drop' ? '' : `&policy=${policy}`}`,
    );
  return (['efficiency', 'fairness'] as const).map((metric, j) => {
    const published = vals[j];
    const versus: Versus[] = POLICIES.flatMap((other, k) => {
      const p = vals[2 * k + j];
      return other !== 'tail-drop' && Math.abs(p - published) >= BAND
        ? [{ label: NAME[other], q: q(two(other), metric), published: p }]
        : [];
    });
    return {
      id: `s1-lan-two-switch-5-1000-tail-drop-${metric}`,
      paper: 'S1',
      ref: 'Table "UBR + EPD + FBA"; slide "Simulation Experiment"',
      text: `LAN, 5 sources, 1000 cells: UBR ${metric} ${published}.`,
      note: 'Vanilla TCP, on the source switch → bottleneck → destination switch chain of S1’s simulation slide. The table is reconstructed from a garbled extraction (see S1_TABLE).',
      metric: `${metric}, two switches`,
      seeds: TABLE_SEEDS,
      runNote: TABLE_RUN_NOTE,
      explanation: `${tableWhy('LAN', 'tail-drop', metric, false)} The destination switch’s port runs at the bottleneck’s rate and never queues: on one switch the model gives {single}.`,
      figures: { single: q(s1Run('LAN', 5, 1000, 'tail-drop'), metric) },
      kind: 'value' as const,
      q: q(two('tail-drop'), metric),
      published,
      band: BAND,
      versus,
      presets: ['s1-lan-two-switch-tail-drop'],
    };
  });
}

export const S1_TABLE_CLAIMS: Claim[] = [
  ...tableClaims(),
  ...twoSwitchClaims(),
  ...flavourClaims(),
];
