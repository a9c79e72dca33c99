/**
 * The lessons module's public face: every lesson in display order (with goals and questions
 * for the teacher notes), the types, and the old tour links mapped onto lessons.
 */
import { ALL_LESSONS } from './catalog';
import { DEADLOCK_BROKEN } from './data/deadlock';
import type { Lesson } from './types';

export type * from './types';
export { lessonById, lessonForStory } from './catalog';

const NOTES: Record<string, Pick<Lesson, 'goals' | 'questions'>> = {
  cells: {
    goals: [
      'An IP packet crosses ATM as one AAL5 frame of many cells, checked only at its last cell.',
      'Under plain UBR one lost cell makes every other cell of its frame a dead cell that still uses the link.',
    ],
    questions: [
      'How many cells is a 4352-byte packet? What does losing 1 of them cost?',
      'Why can the switch not repair the frame, and what could it do instead?',
    ],
  },
  'ubr-collapse': {
    goals: [
      'With less than a window of buffer, plain UBR loses most of its efficiency to timeouts and dead cells.',
      'PPD stops a damaged frame’s remaining cells; EPD refuses whole frames before overflow and does best.',
    ],
    questions: [
      'Where does the lost efficiency go: dead cells or idle link?',
      'Why does EPD need room above its threshold R?',
    ],
  },
  'epd-fairness': {
    goals: [
      'EPD looks only at the total occupancy, so it cannot protect a connection that holds little of the buffer.',
      'Per-VC accounting (Selective Drop, FBA) refuses frames of the VCs above their share first.',
    ],
    questions: [
      'Why do the 40 ms connections lose more under EPD?',
      'What does FBA’s W(X) do as the buffer fills?',
    ],
  },
  deadlock: {
    goals: [
      'Several cells lost from one window can leave Reno with no duplicate ACKs: only the timer recovers, a staircase.',
      'A second kind, stop-and-go, needs no loss at all: a small send buffer and delayed ACKs wait for each other.',
      `The first kind is broken when ${DEADLOCK_BROKEN.text}. The deadlock time alone does not decide: at K = 1750 cells it is 0.00 s, yet efficiency is 27.35 % with 6 timeouts; at 2000 cells efficiency is 99.22 %.`,
    ],
    questions: [
      'Why does a partial ACK not trigger another fast retransmit here?',
      `Which two changes break the first kind (${DEADLOCK_BROKEN.text}), and why?`,
    ],
  },
  'gfr-tagging': {
    goals: [
      'GFR marks frames beyond the guarantee CLP = 1; two thresholds refuse them first.',
      'The untagged stream then loses almost nothing while the tagged one absorbs the congestion.',
    ],
    questions: ['What happens to the untagged stream if the untagged load alone exceeds HBO?'],
  },
  'eubr-recovery': {
    goals: [
      'Losing two segments of one window usually costs Reno a timeout.',
      'EUBR+ lets a VC that just lost a frame use a recovery zone, turning most timeouts into fast retransmits.',
    ],
    questions: ['Why is the efficiency almost the same while the timeouts are not?'],
  },
  'parking-lot': {
    goals: [
      'A VC crossing several congested switches loses at each of them and gets less than its share under plain UBR.',
      'Fair buffer allocation at every port gives the long VCs their share back.',
    ],
    questions: [
      'Is the long VCs’ loss due to the hops, the round trip, or both? How would you test it?',
    ],
  },
};

/** Every lesson, in display order. */
export const LESSONS: readonly Lesson[] = ALL_LESSONS.map((l) => ({ ...l, ...NOTES[l.id] }));
