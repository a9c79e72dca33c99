/**
 * S0: Jaussi, Lorang, Nelissen, "A Detailed Experimental Performance Evaluation on TCP over
 * UBR" (REFERENCES.md [S0]). Testbed: 4 Solaris 2.6 senders, a FORE ASX-200 with per-VC
 * round robin, a 37.44 Mbit/s VP-shaped bottleneck, MTU 4352, window 52,224 bytes, ttcp,
 * 10 runs of 180 s averaged (§3). §5 repeats the configuration in simulation.
 */
import type { Claim } from '../types';
import { BAND, diff, explain, min, q, ratio, run, spread } from './build';

const SEEDS = [1, 2, 3];
const RUN_NOTE =
  'S0 averaged 10 runs of 180 s; here 3 seeds of 180 s each (the scorecard must run in 10 minutes on 2 cores). Seed to seed, efficiency varies by about 0.005 (EPD) to 0.03 (plain UBR), so a 3-seed mean is within about 0.02 of the long-run mean, well inside the ± 0.05 band.';

const at = (policy: 'tail-drop' | 'ppd' | 'epd', K: number, extra = '') => {
  const preset =
    policy === 'tail-drop' ? 's0-plain-ubr' : policy === 'ppd' ? 's0-ppd' : 's0-testbed';
  const name = policy === 'tail-drop' ? 'UBR' : policy === 'ppd' ? 'PPD' : 'EPD b = 1';
  const k = K === 1088 ? '' : `&bufferCells=${K}`;
  return run(
    `${name}, K = ${K}${extra ? `, ${extra.replace(/&/g, ' ').trim()}` : ''}`,
    `preset=${preset}${k}${extra}`,
  );
};
const epdB = (b: number, K: number, extra = '') =>
  run(`b = ${b}, K = ${K}`, `preset=s0-testbed&bufferCells=${K}&epdB=${b}${extra}`);
/** §5: S0's own simulator (BSD-style 200 ms timers, not the testbed's Solaris 2.6 timer). */
const simB = (b: number, K: number, extra = '') =>
  run(`simulator, b = ${b}, K = ${K}`, `preset=s0-sim-b2&bufferCells=${K}&epdB=${b}${extra}`);

const UBR_1088 = at('tail-drop', 1088);
const PPD_1088 = at('ppd', 1088);
const EPD_1088 = at('epd', 1088);
/** Loss-free: K above the sum of the four windows (4 × 52,224 bytes ≈ 4,370 cells). */
const LOSS_FREE = run('loss-free (K = 5000)', 'preset=s0-plain-ubr&bufferCells=5000');
const M9180 = '&mtu=9180';
const IDLING = 'preset=s0-stretch-idling&bufferCells=725';
const SIM_MODIFIED = 'preset=s0-stretch-idling&mtu=4352';

const S0_OVERLAY_WHERE = {
  sources: [4],
  tcpsPerVc: [1],
  linkMbps: [37.44],
  scheduler: ['rr'],
  mtu: [4352],
  window: [52224],
  tcp: ['reno'],
  dupAck: [3],
  granularityMs: [10],
  rtoMinMs: [200],
  rtoExtraMs: [200],
  timerClock: ['oldest'],
  timeoutResend: ['overdue'],
  ack: ['delayed'],
  cbrMbps: [0],
  vbrMbps: [0],
};
const overlay = (
  policy: string,
  x: number,
  metric: 'efficiency' | 'fairness',
): NonNullable<Extract<Claim, { kind: 'value' }>['overlay']> => ({
  param: 'bufferCells',
  x,
  metric,
  series: { key: 'policy', value: policy },
  where:
    policy === 'epd'
      ? { ...S0_OVERLAY_WHERE, epdB: [1, null], epdThreshold: [null] }
      : S0_OVERLAY_WHERE,
  label: 'S0 Fig. 2',
});

const common = { paper: 'S0' as const, seeds: SEEDS, runNote: RUN_NOTE };

/** Why the model departs from the paper, for claims built in loops below. */
const WHY: Record<string, string> = {
  's0-fig11-peak-b2-1088':
    'At 1088 cells the model gives {item1}, {item2} and {item3} at b = 1, 2 and 3: the dead-cell ratio is already about 0 at b = 2 (Fig. 13), and one more frame of excess capacity costs little at this buffer. At 725 cells the peak at b = 2 holds.',
};

export const S0_CLAIMS: Claim[] = explain(
  [
    // ---- Fig. 2, §4.1: efficiency at one window of buffer ----
    {
      ...common,
      id: 's0-fig2-ubr-1088',
      explanation:
        "The model gives {model} (seeds {min}–{max}), {model vs published} S0's {published}, with the Solaris 2.6 timer in place (compare S0's simulator timer: granularityMs=200, rtoExtraMs=0, timerClock=host, timeoutResend=go-back-n). Under tail drop a frame arriving at a full buffer keeps about a quarter of its cells (4:1 access/bottleneck rate) and can lose its EOM cell; the cells that got through then corrupt the next frame of the VC at reassembly, so one overflow costs a Reno sender two segments and often a timeout. No reassembly timer or other fact of the testbed's NICs is documented that would spare the next frame.",
      ref: 'Fig. 2, §4.1',
      text: 'With a buffer of 1088 cells, TCP achieves approximately 87% efficiency with plain UBR.',
      metric: 'efficiency',
      kind: 'value',
      q: q(UBR_1088, 'efficiency'),
      published: 0.87,
      band: BAND,
      versus: [{ label: 'PPD, K = 1088', q: q(PPD_1088, 'efficiency'), published: 0.915 }],
      overlay: overlay('tail-drop', 1088, 'efficiency'),
    },
    {
      ...common,
      id: 's0-fig2-ppd-1088',
      ref: 'Fig. 2, §4.1',
      text: '… 91.5% with PPD (K = 1088 cells).',
      metric: 'efficiency',
      kind: 'value',
      q: q(PPD_1088, 'efficiency'),
      published: 0.915,
      band: BAND,
      versus: [{ label: 'UBR, K = 1088', q: q(UBR_1088, 'efficiency'), published: 0.87 }],
      overlay: overlay('ppd', 1088, 'efficiency'),
    },
    {
      ...common,
      id: 's0-fig2-epd-1088',
      ref: 'Fig. 2, §4.1',
      text: '… and close to 93% with EPD (b = 1, K = 1088 cells).',
      metric: 'efficiency',
      kind: 'value',
      q: q(EPD_1088, 'efficiency'),
      published: 0.93,
      band: BAND,
      versus: [{ label: 'UBR, K = 1088', q: q(UBR_1088, 'efficiency'), published: 0.87 }],
      overlay: overlay('epd', 1088, 'efficiency'),
    },
    {
      ...common,
      id: 's0-fig2-small-buffer-order',
      ref: 'Fig. 2, §4.1; §2.2 (Romanow & Floyd)',
      text: 'PPD and EPD significantly improve the efficiency for small buffers (Romanow & Floyd: plain UBR is low, PPD improves it somewhat, EPD brings it near the maximum).',
      note: 'Read at K = 725 cells, the smallest buffer S0 names (§4.3, §5).',
      metric: 'efficiency at K = 725',
      kind: 'order',
      items: [
        { label: 'UBR', q: q(at('tail-drop', 725), 'efficiency') },
        { label: 'PPD', q: q(at('ppd', 725), 'efficiency') },
        { label: 'EPD b = 1', q: q(at('epd', 725), 'efficiency') },
      ],
      rels: ['<', '<'],
    },
    ...(['tail-drop', 'ppd', 'epd'] as const).map((policy): Claim => ({
      ...common,
      id: `s0-fig2-${policy === 'tail-drop' ? 'ubr' : policy}-2176-lossfree`,
      ref: 'Fig. 2, §4.1',
      text: 'The efficiency observed with a buffer of 2176 cells corresponds to 99.5% of the efficiency measured with a buffer that ensures a loss-free operation of TCP.',
      note: 'Read for each of the three curves, which "saturate" above 1088 cells. Loss-free: K = 5000 cells, above the sum of the four windows (≈ 4,370 cells).',
      metric: 'efficiency at K = 2176 / loss-free efficiency',
      kind: 'value',
      q: ratio(q(at(policy, 2176), 'efficiency'), q(LOSS_FREE, 'efficiency')),
      published: 0.995,
      band: BAND,
    })),
    {
      ...common,
      id: 's0-fig2-large-buffer-marginal',
      explanation:
        'The spread is {model}: plain UBR still loses two frames per overflow (a lost EOM cell corrupts the next frame), and timeouts follow; PPD and EPD keep the EOM cell.',
      ref: '§4.1',
      text: 'For a buffer larger than one TCP window size, FRR turns out to be very effective in avoiding time-outs and the difference between plain UBR, PPD and EPD is only marginal.',
      note: '"Only marginal" read as a spread below 0.03 at K = 2176.',
      metric: 'efficiency spread over UBR, PPD, EPD at K = 2176',
      kind: 'bound',
      q: spread(
        q(at('tail-drop', 2176), 'efficiency'),
        q(at('ppd', 2176), 'efficiency'),
        q(at('epd', 2176), 'efficiency'),
      ),
      op: '<',
      published: 0.03,
    },
    {
      ...common,
      id: 's0-small-buffer-timeouts',
      ref: '§4.1',
      text: 'With small buffers, i.e. smaller than one TCP window, when losses occur frequently, FRR alone is not capable of avoiding retransmission time-outs.',
      metric: 'timeouts per connection, EPD b = 1',
      kind: 'order',
      items: [
        { label: 'K = 2176', q: q(at('epd', 2176), 'timeoutsPerConnection') },
        { label: 'K = 725', q: q(at('epd', 725), 'timeoutsPerConnection') },
      ],
      rels: ['<'],
    },
    // ---- Fairness (§4.1) ----
    ...[725, 1088, 1360, 2176].map((K): Claim => ({
      ...common,
      id: `s0-fig2-epd-fair-${K}`,
      ref: 'Fig. 2, §4.1',
      text: 'With an MTU of 4352 byte and EPD with b equal to 1, TCP does not encounter any fairness problems … the fairness index is larger than 0.95 with all buffers also used in Fig. 2.',
      note: `Fig. 2 is lost in extraction; its buffers are read as 725, 1088, 1360 and 2176 cells (those S0 names). Here K = ${K}.`,
      metric: `fairness, EPD b = 1, K = ${K}`,
      kind: 'bound',
      q: q(at('epd', K), 'fairness'),
      op: '>',
      published: 0.95,
      overlay: overlay('epd', K, 'fairness'),
    })),
    {
      ...common,
      id: 's0-fig2-ppd-fairness',
      ref: 'Fig. 2, §4.1',
      text: 'With PPD, fairness is not as good as for EPD with b equal to 1 but usually the fairness index is still larger than 0.95 apart from a few exceptions between 0.75 and 0.95.',
      note: 'Read as: the lowest PPD fairness over K = 725…2176 stays above 0.75.',
      metric: 'lowest fairness, PPD, K = 725…2176',
      kind: 'bound',
      q: min(
        q(at('ppd', 725), 'fairness'),
        q(PPD_1088, 'fairness'),
        q(at('ppd', 1360), 'fairness'),
        q(at('ppd', 2176), 'fairness'),
      ),
      op: '>',
      published: 0.75,
    },
    {
      ...common,
      id: 's0-fig2-ubr-unfair-small',
      explanation:
        "At K = 725 every connection times out often and alike: the model's plain UBR gives fairness {model} (seeds {min}–{max}). The unfair state S0 saw, one connection whose window fills the shared buffer and locks the others out, does not last in the model at this buffer.",
      ref: 'Fig. 2, §4.1',
      text: 'Fairness is not satisfactory for plain UBR with buffers smaller than 1088 cells …',
      note: '"Not satisfactory" read as below 0.9, the index S0 calls "good" in the same sentence; at K = 725.',
      metric: 'fairness, UBR, K = 725',
      kind: 'bound',
      q: q(at('tail-drop', 725), 'fairness'),
      op: '<',
      published: 0.9,
    },
    ...[1360, 2176].map((K): Claim => ({
      ...common,
      id: `s0-fig2-ubr-fair-${K}`,
      ref: 'Fig. 2, §4.1',
      text: 'Fairness is not satisfactory for plain UBR with buffers smaller than 1088 cells but at least good with larger values (index larger than 0.9).',
      metric: `fairness, UBR, K = ${K}`,
      kind: 'bound',
      q: q(at('tail-drop', K), 'fairness'),
      op: '>',
      published: 0.9,
      overlay: overlay('tail-drop', K, 'fairness'),
    })),
    {
      ...common,
      id: 's0-epd-frame-loss-1088',
      explanation:
        "The model's frame loss ratio is {model} (seeds {min}–{max}) against S0's 6.7%; S0 does not define how the 6.7% was counted (TCP retransmissions, AAL5 frames, both directions?). Not resolved.",
      ref: '§4.1',
      text: 'The frame loss ratio is between 6.7% and 4.8% with buffers between 1088 and 2176 cells in Fig. 2 for EPD with b equal to 1.',
      note: '6.7% read at 1088 cells and 4.8% at 2176. Band ± 0.02 (absolute): a frame loss ratio is a small ratio.',
      metric: 'frame loss ratio, EPD b = 1, K = 1088',
      kind: 'value',
      q: q(EPD_1088, 'frameLossRatio'),
      published: 0.067,
      band: 0.02,
      versus: [{ label: 'K = 2176', q: q(at('epd', 2176), 'frameLossRatio'), published: 0.048 }],
    },
    {
      ...common,
      id: 's0-epd-frame-loss-2176',
      explanation:
        "See s0-epd-frame-loss-1088: the model's loss ratio is {model} at 2176 cells against S0's 4.8%.",
      ref: '§4.1',
      text: 'The frame loss ratio is between 6.7% and 4.8% with buffers between 1088 and 2176 cells in Fig. 2 for EPD with b equal to 1.',
      note: '4.8% read at 2176 cells. Band ± 0.02 (absolute).',
      metric: 'frame loss ratio, EPD b = 1, K = 2176',
      kind: 'value',
      q: q(at('epd', 2176), 'frameLossRatio'),
      published: 0.048,
      band: 0.02,
      versus: [{ label: 'K = 1088', q: q(EPD_1088, 'frameLossRatio'), published: 0.067 }],
    },
    // ---- MTU 9180 (§4.1, [18]) ----
    {
      ...common,
      id: 's0-mtu9180-order',
      ref: '§4.1 (MTU 9180, results in [18])',
      text: 'For an MTU of 9180 byte … in terms of efficiency, EPD with b equal to 1 performs better than PPD which excels plain UBR as expected.',
      note: 'Read at K = 1088 cells.',
      metric: 'efficiency, MTU 9180, K = 1088',
      kind: 'order',
      items: [
        { label: 'UBR', q: q(at('tail-drop', 1088, M9180), 'efficiency') },
        { label: 'PPD', q: q(at('ppd', 1088, M9180), 'efficiency') },
        { label: 'EPD b = 1', q: q(at('epd', 1088, M9180), 'efficiency') },
      ],
      rels: ['<', '<'],
    },
    {
      ...common,
      id: 's0-mtu9180-fairness-boundary',
      explanation:
        'With the Solaris 2.6 timer (a timeout resends one overdue segment per ACK instead of a go-back-N burst) the losers of a round recover below the EPD threshold: fairness {side1} at K = 1088 and {side2} at 2176 (compare S0’s simulator timer: granularityMs=200, rtoExtraMs=0, timerClock=host, timeoutResend=go-back-n). The measured unfairness may come from a difference between the testbed’s two HP-UX receiver releases that S0 does not describe.',
      ref: '§4.1 (MTU 9180)',
      text: 'The fairness is not satisfactory up to a buffer of 1360 cells. Buffers larger than 1360 cells provide good fairness and efficiency.',
      note: 'EPD b = 1; "not satisfactory" below 0.9 at 1088 cells, "good" above 0.9 at 2176 cells.',
      metric: 'fairness, EPD b = 1, MTU 9180',
      kind: 'boundary',
      param: 'bufferCells',
      published: '1360 cells',
      sides: [
        { label: 'K = 1088', q: q(at('epd', 1088, M9180), 'fairness'), op: '<', threshold: 0.9 },
        { label: 'K = 2176', q: q(at('epd', 2176, M9180), 'fairness'), op: '>', threshold: 0.9 },
      ],
    },
    // ---- Fig. 3–4: the EPD threshold ----
    {
      ...common,
      id: 's0-fig3-larger-b-hurts-small',
      explanation:
        "The model gives {item1} at b = 3, {item1 vs item2} {item2} at b = 1 (K = 725); S0's own simulation also peaked above b = 1 (Fig. 11: peak at b = 2), and S0 does not explain why its testbed preferred b = 1.",
      ref: 'Fig. 3, §4.1',
      text: 'Best efficiency is observed for EPD with b equal to 1. For a larger b, efficiency decreases with small switch buffers.',
      note: 'Read at K = 725, b = 1 against b = 3 (MTU 4352).',
      metric: 'efficiency, K = 725',
      kind: 'order',
      items: [
        { label: 'b = 3', q: q(epdB(3, 725), 'efficiency') },
        { label: 'b = 1', q: q(epdB(1, 725), 'efficiency') },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's0-fig3-b-no-effect-large',
      ref: 'Fig. 3, §4.1',
      text: 'For large buffers, an increase of the normalised excess buffer capacity does not decrease efficiency because it already saturates with a smaller effective buffer.',
      note: 'Read at K = 2176: efficiency at b = 3 no more than 0.02 below b = 1.',
      metric: 'efficiency(b = 1) − efficiency(b = 3), K = 2176',
      kind: 'bound',
      q: diff(q(epdB(1, 2176), 'efficiency'), q(epdB(3, 2176), 'efficiency')),
      op: '<',
      published: 0.02,
    },
    {
      ...common,
      id: 's0-fig4-b-worse-at-9180',
      ref: 'Fig. 3–4, §4.1',
      text: 'This is especially critical for the large MTU of 9180 byte since the excess capacity is set proportional to the MTU.',
      note: 'The loss from b = 1 to b = 2 at K = 1088 is larger at MTU 9180 than at MTU 4352.',
      metric: 'efficiency(b = 1) − efficiency(b = 2), K = 1088',
      kind: 'order',
      items: [
        {
          label: 'MTU 4352',
          q: diff(q(epdB(1, 1088), 'efficiency'), q(epdB(2, 1088), 'efficiency')),
        },
        {
          label: 'MTU 9180',
          q: diff(q(epdB(1, 1088, M9180), 'efficiency'), q(epdB(2, 1088, M9180), 'efficiency')),
        },
      ],
      rels: ['<'],
    },
    // ---- Fig. 5–6: the duplicate-ACK threshold (MTU 9180) ----
    {
      ...common,
      id: 's0-fig5-dupack1-beats-3',
      ref: 'Fig. 5, §4.2',
      text: 'With a duplicate ACK threshold of 1, a single duplicate ACK triggers FRR thus avoiding timeouts … a threshold of three duplicate ACKs is sometimes out of reach … this happens frequently with small buffers.',
      note: 'MTU 9180, EPD b = 1, K = 725.',
      metric: 'efficiency, MTU 9180, K = 725',
      kind: 'order',
      items: [
        {
          label: 'dupack 3',
          q: q(
            run('dupack 3, K = 725', 'preset=s0-dupack-1&dupAck=3&bufferCells=725'),
            'efficiency',
          ),
        },
        {
          label: 'dupack 1',
          q: q(run('dupack 1, K = 725', 'preset=s0-dupack-1&bufferCells=725'), 'efficiency'),
        },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's0-fig6-dupack-fairness',
      ref: 'Fig. 6, §4.2',
      text: 'Fairness is high for a threshold of 1 whereas it is potentially very low with a threshold of 3.',
      note: 'MTU 9180, EPD b = 1, K = 725.',
      metric: 'fairness, MTU 9180, K = 725',
      kind: 'order',
      items: [
        {
          label: 'dupack 3',
          q: q(run('dupack 3, K = 725', 'preset=s0-dupack-1&dupAck=3&bufferCells=725'), 'fairness'),
        },
        {
          label: 'dupack 1',
          q: q(run('dupack 1, K = 725', 'preset=s0-dupack-1&bufferCells=725'), 'fairness'),
        },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's0-fig6-dupack10-fair',
      ref: 'Fig. 6, §4.2',
      text: 'If time-out triggered retransmissions (threshold of 10) become dominant, fairness is generally good at the expense of efficiency.',
      note: '"Good" read as above 0.9 (S0 §4.1), at K = 1088.',
      metric: 'fairness, dupack 10, MTU 9180, K = 1088',
      kind: 'bound',
      q: q(run('dupack 10', 'preset=s0-dupack-10'), 'fairness'),
      op: '>',
      published: 0.9,
    },
    {
      ...common,
      id: 's0-fig5-dupack10-efficiency',
      ref: 'Fig. 5–6, §4.2',
      text: '… fairness is generally good at the expense of efficiency (threshold 10 against 1).',
      metric: 'efficiency, MTU 9180, K = 1088',
      kind: 'order',
      items: [
        { label: 'dupack 10', q: q(run('dupack 10', 'preset=s0-dupack-10'), 'efficiency') },
        { label: 'dupack 1', q: q(run('dupack 1', 'preset=s0-dupack-1'), 'efficiency') },
      ],
      rels: ['<'],
    },
    // ---- §4.3: Solaris 2.5.1 senders, Linux 2.0 receivers ----
    {
      ...common,
      id: 's0-fig7-epd-no-gain-idling',
      explanation:
        'EPD gains {model} over PPD with the idling TCP, {model vs published} the 0.03 read for “hardly”. The idling TCP is S0 §5.3’s approximation (backoff reset only when all retransmitted data is acknowledged, cwnd frozen during a fast retransmission, duplicate-ACK count kept, 4 ms stretch ACKs); S0 also reports Solaris 2.5.1 “processing incoming acknowledgements incorrectly”, which is not modelled.',
      ref: 'Fig. 7, §4.3',
      text: 'EPD hardly improves efficiency with these TCP implementations.',
      note: 'MTU 1500, stretch ACKs and the idling TCP, K = 725: EPD b = 1 at most 0.03 above PPD (b = 0).',
      metric: 'efficiency(b = 1) − efficiency(b = 0), idling TCP',
      kind: 'bound',
      q: diff(
        q(run('idling, b = 1', IDLING), 'efficiency'),
        q(run('idling, b = 0', `${IDLING}&epdB=0`), 'efficiency'),
      ),
      op: '<',
      published: 0.03,
    },
    {
      ...common,
      id: 's0-fig8-g20-helps',
      ref: 'Fig. 8, §4.3',
      text: 'A lower timer granularity of 20 ms may result in a noticeable efficiency gain with small buffers.',
      note: 'Idling TCP, MTU 1500, EPD b = 1, K = 725.',
      metric: 'efficiency, idling TCP, K = 725',
      kind: 'order',
      items: [
        { label: 'G = 200 ms', q: q(run('idling, G = 200 ms', IDLING), 'efficiency') },
        {
          label: 'G = 20 ms',
          q: q(
            run('idling, G = 20 ms', 'preset=s0-stretch-idling-g20&bufferCells=725'),
            'efficiency',
          ),
        },
      ],
      rels: ['<'],
    },
    {
      ...common,
      id: 's0-fig9-epd-no-gain-g20',
      ref: 'Fig. 9, §4.3',
      text: 'On the other hand, EPD still does not improve anything at all (G = 20 ms).',
      note: 'Idling TCP, MTU 1500, G = 20 ms, K = 725: EPD b = 1 at most 0.03 above PPD.',
      metric: 'efficiency(b = 1) − efficiency(b = 0), G = 20 ms',
      kind: 'bound',
      q: diff(
        q(run('G = 20 ms, b = 1', 'preset=s0-stretch-idling-g20&bufferCells=725'), 'efficiency'),
        q(
          run('G = 20 ms, b = 0', 'preset=s0-stretch-idling-g20&bufferCells=725&epdB=0'),
          'efficiency',
        ),
      ),
      op: '<',
      published: 0.03,
    },
    {
      ...common,
      id: 's0-fig10-idle-above-fer',
      ref: 'Fig. 10, §4.3',
      text: 'The idle cell ratio at the bottleneck switch port … is orders of magnitude higher than the FER at the receivers.',
      note: '"Orders of magnitude" read as at least 10×; idling TCP, K = 725, b = 1.',
      metric: 'idle cell ratio / FER, idling TCP, K = 725',
      kind: 'bound',
      q: ratio(
        q(run('idling, b = 1', IDLING), 'idleCellRatio'),
        q(run('idling, b = 1', IDLING), 'fer'),
      ),
      op: '>',
      published: 10,
    },
    // ---- §5.1: simulation, MTU 4352, dupack 3, G = 200 ms ----
    ...([725, 1088] as const).map((K): Claim => ({
      ...common,
      id: `s0-fig11-peak-b2-${K}`,
      ref: 'Fig. 11, §5.1–5.2',
      text: 'With small buffers, 725 and 1088 cells, maximum performance is achieved for an excess capacity of 2 … a further increase beyond 2 leads to a performance decrease with small buffers.',
      metric: `efficiency against b, K = ${K}`,
      kind: 'order',
      items: [
        { label: 'b = 1', q: q(simB(1, K), 'efficiency') },
        { label: 'b = 2', q: q(simB(2, K), 'efficiency') },
        { label: 'b = 3', q: q(simB(3, K), 'efficiency') },
      ],
      rels: ['<', '>'],
    })),
    {
      ...common,
      id: 's0-fig13-dead-cells-b2',
      ref: 'Fig. 12–13, §5.1',
      text: 'With this setting (b = 2), the CLR at the switch approaches the FER at the receivers, i.e. the dead cell ratio approaches 0.',
      note: 'K = 725: the dead-cell ratio at b = 2 below a tenth of PPD’s (b = 0).',
      metric: 'dead-cell ratio b = 2 / b = 0, K = 725',
      kind: 'bound',
      q: ratio(q(simB(2, 725), 'deadCellRatio'), q(simB(0, 725), 'deadCellRatio')),
      op: '<',
      published: 0.1,
    },
    // ---- §5.2: 16 sources ----
    {
      ...common,
      id: 's0-fig14-16src-1088-robust',
      ref: 'Fig. 14, §5.2',
      text: 'With a buffer of only 1088 cells, the efficiency of TCP is quite robust against a change of the excess capacity.',
      note: '16 sources; "robust" read as a spread below 0.05 over b = 0…4.',
      metric: 'efficiency spread over b = 0…4, 16 sources, K = 1088',
      kind: 'bound',
      q: spread(...[0, 1, 2, 3, 4].map((b) => q(simB(b, 1088, '&sources=16'), 'efficiency'))),
      op: '<',
      published: 0.05,
    },
    {
      ...common,
      id: 's0-fig14-16src-1088-fair',
      ref: '§5.2',
      text: 'Whereas also perfect fairness is achieved with that buffer size (not shown in Fig. 14) …',
      note: '16 sources, K = 1088, b = 0…4; "perfect" read as above 0.95.',
      metric: 'lowest fairness over b = 0…4, 16 sources, K = 1088',
      kind: 'bound',
      q: min(...[0, 1, 2, 3, 4].map((b) => q(simB(b, 1088, '&sources=16'), 'fairness'))),
      op: '>',
      published: 0.95,
    },
    {
      ...common,
      id: 's0-fig14-16src-725-unfair',
      ref: 'Fig. 14, §5.2',
      text: '… the system with a switch buffer size of 725 cells gets rather unfair.',
      note: '16 sources, b = 1: fairness at 725 cells below that at 1088 cells.',
      metric: 'fairness, 16 sources, b = 1',
      kind: 'order',
      items: [
        { label: 'K = 725', q: q(simB(1, 725, '&sources=16'), 'fairness') },
        { label: 'K = 1088', q: q(simB(1, 1088, '&sources=16'), 'fairness') },
      ],
      rels: ['<'],
    },
    // ---- §5.3: the modified ("idling") TCP in simulation, MTU 4352 ----
    {
      ...common,
      id: 's0-fig15-modified-epd-ineffective',
      explanation:
        'With S0 §5.3’s four modifications (idling, 4 ms stretch ACKs) the model still gains {model} from b = 2 over b = 0 at 1088 cells: stretch ACKs suppress fast retransmit, but EPD still cleans the loss process. S0’s simulator differs in details it does not give (its stretch-ACK merging and the Solaris 2.5.1 ACK-processing errors of §4.3).',
      ref: 'Fig. 15, §5.3',
      text: 'These changes make the TCP over UBR plus EPD system ineffective … EPD only reduces the effective buffer size, and performance gets even worse.',
      note: 'Stretch ACKs (4 ms) and the idling TCP, MTU 4352, K = 1088: b = 2 no better than b = 0 (+ 0.01).',
      metric: 'efficiency(b = 2) − efficiency(b = 0), modified TCP',
      kind: 'bound',
      q: diff(
        q(run('modified TCP, b = 2', `${SIM_MODIFIED}&epdB=2`), 'efficiency'),
        q(run('modified TCP, b = 0', `${SIM_MODIFIED}&epdB=0`), 'efficiency'),
      ),
      op: '<',
      published: 0.01,
    },
    {
      ...common,
      id: 's0-fig16-modified-few-dead-cells',
      explanation:
        'The modified TCP’s dead-cell ratio at b = 0 is {model} of the default TCP’s in the model: the idling TCP still sends window bursts that overflow the buffer mid-frame under PPD. S0 attributes its low dead-cell count to fewer, bigger ACK-clocked bursts; its stretch-ACK and idling details beyond §5.3’s list are not given.',
      ref: 'Fig. 16, §5.3',
      text: 'Even with an excess capacity of 0 (PPD), only a few dead cells can be observed in Fig. 16 (compared with Fig. 13).',
      note: 'K = 1088, b = 0: the modified TCP’s dead-cell ratio below half the default TCP’s.',
      metric: 'dead-cell ratio, modified / default TCP, b = 0',
      kind: 'bound',
      q: ratio(
        q(run('modified TCP, b = 0', `${SIM_MODIFIED}&epdB=0`), 'deadCellRatio'),
        q(simB(0, 1088), 'deadCellRatio'),
      ),
      op: '<',
      published: 0.5,
    },
    {
      ...common,
      id: 's0-conclusion-slightly-above-window',
      ref: '§6',
      text: 'Good performance in terms of both efficiency and fairness for TCP over UBR with EPD can be achieved with a switch buffer slightly larger than one TCP window size.',
      note: 'EPD b = 1 at K = 1360 cells, slightly above one window (≈ 1,090 cells); "good" efficiency read as above 0.9 (fairness: s0-fig2-epd-fairness).',
      metric: 'efficiency, EPD b = 1, K = 1360',
      kind: 'bound',
      q: q(at('epd', 1360), 'efficiency'),
      op: '>',
      published: 0.9,
    },
  ],
  WHY,
);
