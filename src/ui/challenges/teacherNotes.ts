/**
 * Teacher notes keyed by lesson id, used when the lessons module does not provide a lesson's
 * goals and questions (and as the list of lessons when the page is shown without it).
 */
import type { LessonNotes } from './TeacherPage';

export const FALLBACK_NOTES: readonly LessonNotes[] = [
  {
    id: 'cells',
    title: 'Cells and AAL5: one lost cell ruins a frame',
    goals: [
      'A packet crosses ATM as one AAL5 frame of many 48-byte payloads; the receiver can only check it whole.',
      'After one lost cell the rest of the frame is dead: it still takes the link and is thrown away.',
    ],
    questions: [
      'How many cells carry a 4352-byte packet, and how many are wasted if the third is lost?',
      'What could the switch do with the remaining cells of a frame it has already damaged?',
    ],
  },
  {
    id: 'ubr-collapse',
    title: 'Plain UBR collapses; PPD and EPD recover',
    goals: [
      'With less than a window of buffer per connection, plain UBR loses goodput to dead cells and timeouts.',
      'Partial Packet Discard drops the rest of a damaged frame; Early Packet Discard refuses whole frames before the buffer overflows.',
    ],
    questions: [
      'Which of dead cells and idle link costs plain UBR more here?',
      'Why does EPD set its threshold a frame or more below the buffer size?',
    ],
  },
  {
    id: 'epd-fairness',
    title: 'EPD is not fair; per-VC accounting is',
    goals: [
      'EPD decides on the total occupancy only, so the connections that hold most of the buffer keep it.',
      'Selective Drop and Fair Buffer Allocation refuse the frames of the VCs above their fair share.',
    ],
    questions: [
      'Which connections lose under EPD, and why those?',
      'What does the parameter Z trade?',
    ],
  },
  {
    id: 'deadlock',
    title: 'The throughput deadlock and its two kinds',
    goals: [
      'A small buffer next to CBR traffic can leave TCP without duplicate ACKs: only the retransmission timer recovers.',
      'A send buffer too small for the segment size stalls a connection on delayed ACKs, with no loss at all.',
    ],
    questions: [
      'Why do more cells of buffer end the first kind?',
      'How many segments must the send buffer hold to avoid the second kind?',
    ],
  },
  {
    id: 'gfr-tagging',
    title: 'GFR: tagged frames go first',
    goals: [
      'Frames beyond a VC’s guaranteed rate are tagged CLP = 1; a two-threshold buffer refuses them first.',
    ],
    questions: ['Which stream absorbs the congestion, and what protects the other?'],
  },
  {
    id: 'eubr-recovery',
    title: 'EUBR+: a recovery zone against timeouts',
    goals: [
      'A VC that has just lost a frame may use a recovery zone of the buffer, so its retransmissions get in.',
    ],
    questions: ['Why do the timeouts fall while the efficiency hardly changes?'],
  },
  {
    id: 'parking-lot',
    title: 'Parking lot: the long VCs lose',
    goals: [
      'A VC crossing several congested switches gets less than its share under plain UBR; per-VC accounting at each port restores it.',
    ],
    questions: ['Is it the number of hops or the longer round trip that hurts the long VCs?'],
  },
];
