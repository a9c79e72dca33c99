/**
 * Ready-made challenges for the teacher notes, each solved with the CLI (`npm run sweep` and
 * `npm run sim`, seed 1, the duration fixed by the challenge) and its answer written down.
 * tests/unit/ui/challenges/challenges.test.ts re-runs the model at the answer and next to it.
 */
import type { Scenario } from '../../sim';
import { parseScenario, toQuery } from '../../sim';
import type { Challenge } from './challenge';
import { CHALLENGE_KEY, applyFixed, encodeChallenge } from './challenge';

export interface ReadyChallenge {
  id: string;
  /** The lesson it follows (a lesson id of the lessons module), if any. */
  lesson: string;
  /** The scenario the link opens (before the challenge's fixed keys are applied). */
  base: string;
  challenge: Challenge;
  /** The answer, with the figures the CLI gives. */
  answer: string;
  /** The runs that show the answer is right: [scenario overrides, expected metric, passes]. */
  proof: { set: string; value: number; pass: boolean }[];
}

export const READY_CHALLENGES: readonly ReadyChallenge[] = [
  {
    id: 'epd-buffer-8',
    lesson: 'ubr-collapse',
    base: 'sources=8&policy=epd&duration=60&seed=1',
    challenge: {
      title: 'How small can the buffer be?',
      question:
        'Eight TCP connections share one switch under Early Packet Discard. Find the smallest buffer (in cells) at which EPD still reaches 90 % efficiency.',
      locked: { sources: '8', policy: 'epd' },
      hidden: { epdThreshold: '', epdB: '', duration: '60', seed: '1' },
      metric: 'efficiency',
      comparator: '>=',
      target: 0.9,
      optimise: { key: 'bufferCells', dir: 'min' },
    },
    answer:
      '553 cells (efficiency 90.26 %). The curve is ragged, not monotone: 552 cells gives 88.71 %, 558 gives 88.95 %, 600 gives 86.34 %, and nothing below 553 reaches 90 % (300 cells: 70.23 %). At the default 1088 cells EPD gives 97.48 %.',
    proof: [
      { set: 'bufferCells=553', value: 0.9026, pass: true },
      { set: 'bufferCells=552', value: 0.8871, pass: false },
    ],
  },
  {
    id: 'deadlock-buffer',
    lesson: 'deadlock',
    base: 'preset=s2-deadlock&seed=1',
    challenge: {
      title: 'Buy your way out of the deadlock',
      question:
        'One TCP connection shares a plain UBR switch with 60 Mbit/s of CBR traffic and deadlocks. Without changing the policy, the CBR load or the MTU, find the smallest buffer at which efficiency reaches 95 %. Efficiency decides, not the deadlock time: the flow can leave its deadlock (0 s) and still lose most of the link to timeouts.',
      locked: { policy: 'tail-drop', cbrMbps: '60', mtu: '9180', sources: '1', window: '65536' },
      hidden: { duration: '10', seed: '1' },
      metric: 'efficiency',
      comparator: '>=',
      target: 0.95,
      optimise: { key: 'bufferCells', dir: 'min' },
    },
    answer:
      '1802 cells (efficiency 99.15 %, no deadlock). Up to about 1732 cells the connection deadlocks (1000 cells: 1.33 %, 8.27 s of its 10 s in deadlock); from about 1734 cells its deadlock time is 0 but timeouts keep efficiency low (1734: 46.42 %, 4 timeouts; 1750: 27.35 %, 6 timeouts), and between 1734 and 1810 only some sizes reach 95 % (1801: 84.98 %, 1803: 71.89 %, 1805: 98.00 %); from 1811 cells on every size gives 99.22 %.',
    proof: [
      { set: 'bufferCells=1802', value: 0.9915, pass: true },
      { set: 'bufferCells=1000', value: 0.0133, pass: false },
      { set: 'bufferCells=1750', value: 0.2735, pass: false },
    ],
  },
  {
    id: 's1-lan-policy',
    lesson: 'epd-fairness',
    base: 'preset=s1-lan-epd&seed=1',
    challenge: {
      title: 'Pick a policy',
      question:
        'Five TCP connections share a 1000-cell FIFO buffer on a LAN. EPD reaches only about 59 % efficiency. Choose a buffer policy (and, if you like, its parameters) that reaches 90 % efficiency.',
      locked: {
        sources: '5',
        bufferCells: '1000',
        scheduler: 'fifo',
        tcp: 'vanilla',
        linkMbps: '149.76',
        rttMs: '0.03',
        mtu: '552',
      },
      hidden: { duration: '30', seed: '1', arrivalOrder: 'random' },
      metric: 'efficiency',
      comparator: '>=',
      target: 0.9,
    },
    answer:
      'Fair Buffer Allocation (policy=fba, its defaults Z = 0.8, R = 0.5 K) gives 93.63 %. Plain UBR gives 40.32 %, EPD 58.88 %, Selective Drop at its default Z = 0.8 76.92 %; Selective Drop passes too if Z is raised to 1.1 (96.69 %) or 1.2 (92.59 %), but not at 1.3 (68.39 %).',
    proof: [
      { set: 'policy=fba', value: 0.9363, pass: true },
      { set: 'policy=sd', value: 0.7692, pass: false },
    ],
  },
  {
    id: 'stop-and-go-mtu',
    lesson: 'deadlock',
    base: 'preset=s2-stop-and-go&seed=1',
    challenge: {
      title: 'How big may a segment be?',
      question:
        'The sender’s socket buffer holds 16,384 bytes and the connection stalls in a stop-and-go deadlock. Keep the buffer, Nagle and delayed ACKs: find the largest MTU at which efficiency reaches 95 %.',
      locked: { sndBuf: '16384', nagle: '1', ack: 'delayed', policy: 'tail-drop', sources: '1' },
      hidden: { duration: '10', seed: '1' },
      metric: 'efficiency',
      comparator: '>=',
      target: 0.95,
      optimise: { key: 'mtu', dir: 'max' },
    },
    answer:
      'MTU 5501 bytes (MSS 5461 = ⌊16,384 / 3⌋: three full segments fit the send buffer), efficiency 99.18 %. One byte more (5502) gives 74.88 %: only two segments fit, and the second waits for the delayed ACK. Above MTU 8232 (MSS > 8192, less than two segments) the connection deadlocks (0.25 %, 9.6 s of 10 s in deadlock).',
    proof: [
      { set: 'mtu=5501', value: 0.9918, pass: true },
      { set: 'mtu=5502', value: 0.7488, pass: false },
    ],
  },
];

/** The scenario a ready-made challenge opens: its base with the fixed keys applied. */
export function readyScenario(r: ReadyChallenge): Scenario {
  return applyFixed(parseScenario(r.base).scenario, r.challenge);
}

/** The query of a challenge link: the scenario, `speed=max`, and the encoded challenge. */
export function challengeQuery(scenario: Scenario, c: Challenge, extra = ''): string {
  return `?${toQuery(scenario)}${extra}&${CHALLENGE_KEY}=${encodeChallenge(c)}`;
}

export function readyLink(r: ReadyChallenge): string {
  return challengeQuery(readyScenario(r), r.challenge, '&speed=max');
}
