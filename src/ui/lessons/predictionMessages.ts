// Written by scripts/lessonMessages.ts (`npm run i18n:extract`); do not edit. Only the
// catalogs' extraction reads it: the page takes these words from the lessons' own files.
export const PREDICTION_MESSAGES = [
  /*i18n*/ {
    id: 'lesson.cells.cells-rest.question',
    message:
      'Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 (“Dead cells”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.cells.cells-rest.option.used',
    message: 'They reach the receiver and TCP uses them',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 (“Dead cells”): one answer to “Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?”',
  },
  /*i18n*/ {
    id: 'lesson.cells.cells-rest.option.dead',
    message: 'They cross the link, but the receiver discards the frame',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 (“Dead cells”): one answer to “Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?”',
  },
  /*i18n*/ {
    id: 'lesson.cells.cells-rest.option.dropped',
    message: 'The switch drops them too',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 (“Dead cells”): one answer to “Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?”',
  },
  /*i18n*/ {
    id: 'lesson.cells.cells-rest.why',
    message:
      'AAL5 checks a frame only at its last cell: a frame missing one cell fails the CRC and is dropped whole, after its other cells have used the link.',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 (“Dead cells”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.ubr-efficiency.question',
    message:
      'Where will plain UBR’s efficiency (goodput over the link’s payload rate) land after 20 s?',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 2 (“Twenty seconds of plain UBR”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.ubr-efficiency.why',
    message:
      'The link idles while senders wait for timeouts (see the idle cell ratio), and the cells of damaged frames still take their slots (dead cell ratio).',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 2 (“Twenty seconds of plain UBR”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.epd-fairness.question',
    message: 'Where will Jain’s fairness index of these four connections land after 20 s?',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 2 (“Fairness after 20 s”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.epd-fairness.why',
    message:
      'EPD refuses frames by the total occupancy only, so the far connections, slower to grow their windows, lose frames as often as the near ones that hold most of the buffer.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 2 (“Fairness after 20 s”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.deadlock-efficiency.question',
    message:
      'The flow has 90 Mbit/s left by the CBR traffic. What share of it will it get in 10 s?',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 2 (“Ten seconds of it”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.deadlock-efficiency.why',
    message:
      'Every window loses several cells; a partial ACK ends fast recovery with the window full, no duplicate ACKs come back, and only the retransmission timer moves the flow on: one window per timeout.',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 2 (“Ten seconds of it”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.gfr-clp0.question',
    message:
      'After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 (“Who loses cells”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.gfr-clp0.option.same',
    message: 'About the same',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 (“Who loses cells”): one answer to “After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?”',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.gfr-clp0.option.less',
    message: 'Lower, but not zero',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 (“Who loses cells”): one answer to “After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?”',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.gfr-clp0.option.none',
    message: 'No untagged cell lost at all',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 (“Who loses cells”): one answer to “After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?”',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.gfr-clp0.why',
    message:
      'The untagged sources never raise the queue to HBO on their own, so every refusal falls on tagged frames at LBO.',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 (“Who loses cells”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.eubr-timeouts.question',
    message: 'UBR+ timed out about 100 times in 20 s. How many timeouts will EUBR+ have?',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 (“EUBR+”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.eubr-timeouts.option.same',
    message: 'About as many',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 (“EUBR+”): one answer to “UBR+ timed out about 100 times in 20 s. How many timeouts will EUBR+ have?”',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.eubr-timeouts.option.half',
    message: 'About half',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 (“EUBR+”): one answer to “UBR+ timed out about 100 times in 20 s. How many timeouts will EUBR+ have?”',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.eubr-timeouts.option.few',
    message: 'Almost none (under 10)',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 (“EUBR+”): one answer to “UBR+ timed out about 100 times in 20 s. How many timeouts will EUBR+ have?”',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.eubr-timeouts.why',
    message:
      'A damaged VC gets its next frames in, so it loses at most one segment per window and recovers by fast retransmit instead of waiting for its timer.',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 (“EUBR+”): shown after the run, after “Why:”; the reason for the answer.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.parking-long.question',
    message: 'After 20 s, the long VCs’ mean goodput will be what fraction of the local VCs’?',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 2 (“Long against local”): the question students answer before the run shows it.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.parking-long.why',
    message:
      'The long VCs lose cells at two congested ports and their round trip is 20 ms longer, so they time out more and recover more slowly: the beat-down problem.',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 2 (“Long against local”): shown after the run, after “Why:”; the reason for the answer.',
  },
];
