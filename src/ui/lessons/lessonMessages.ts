// Written by scripts/lessonMessages.ts (`npm run i18n:extract`); do not edit. Only the
// catalogs' extraction reads it: the page takes these words from the lessons' own files.
export const LESSON_MESSAGES = [
  /*i18n*/ {
    id: 'lesson.cells.title',
    message: 'Cells and AAL5: one lost cell ruins a frame',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: A frame is useful only if all of its cells arrive; cells of a damaged frame are dead.',
  },
  /*i18n*/ {
    id: 'lesson.cells.claim',
    message:
      'A frame is useful only if all of its cells arrive; cells of a damaged frame are dead.',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.cells.step1.title',
    message: 'The buffer is full',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 1 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.cells.step1.text',
    message:
      'Each 4352-byte IP packet travels as one AAL5 frame of 91 cells. At 0.031 s the switch buffer is full (K = 725 cells) and the next cells of VC 1 (TCP 2) find no room: the red flash at the tail is an overflow drop, named under the buffer.',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 1 of 3 (“The buffer is full”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.cells.step2.title',
    message: 'Dead cells',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.cells.step2.text',
    message:
      '“When an ATM cell is dropped at a switch, the rest of a higher layer packet is still transmitted to the destination thus wasting bandwidth” (§2.2). The hollow marks in the loss raster, in the lower half of VC 1’s row, are those cells: they cross the link, and the receiver throws their frame away.',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 2 of 3 (“Dead cells”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.cells.step3.title',
    message: 'PPD stops the rest',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 3 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.cells.step3.text',
    message:
      'Partial Packet Discard: “if a cell of an AAL5 frame must be dropped because of buffer overflow, there is no reason for transmitting subsequent cells of this corrupted frame” (§2.2). B runs the same seed with PPD; compare the dead cell ratio.',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 3 of 3 (“PPD stops the rest”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.cells.step3.compare',
    message: 'B: Partial Packet Discard',
    comment:
      'Lesson “Cells and AAL5: one lost cell ruins a frame”, step 3 of 3: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.title',
    message: 'Plain UBR collapses; PPD and EPD recover',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: With less than one window of buffer, plain UBR wastes the link; EPD keeps it busy.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.claim',
    message: 'With less than one window of buffer, plain UBR wastes the link; EPD keeps it busy.',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step1.title',
    message: 'The first timeout',
    comment: 'Lesson “Plain UBR collapses; PPD and EPD recover”, step 1 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step1.text',
    message:
      'Four TCP connections share a 37.44 Mbit/s port with 725 cells of buffer, less than one TCP window. Each overflow damages frames; with several losses in a window Reno cannot fast-retransmit them all, and TCP 2 waits for its timer (dotted red line at 0.26 s).',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 1 of 4 (“The first timeout”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step2.title',
    message: 'Twenty seconds of plain UBR',
    comment: 'Lesson “Plain UBR collapses; PPD and EPD recover”, step 2 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step2.text',
    message:
      '“PPD and EPD significantly improve the efficiency for small buffers” (§4.1). First, plain UBR alone.',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 2 of 4 (“Twenty seconds of plain UBR”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step3.title',
    message: 'EPD on the same seed',
    comment: 'Lesson “Plain UBR collapses; PPD and EPD recover”, step 3 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step3.text',
    message:
      'Early Packet Discard “drop[s] entire frames prior to overflow” (§2.2): above R = K − MTU the switch refuses new frames whole, so losses fall on fewer frames and fewer windows. S0 measured the order plain UBR < PPD < EPD at small buffers.',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 3 of 4 (“EPD on the same seed”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step3.compare',
    message: 'B: Early Packet Discard',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 3 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step4.title',
    message: 'And PPD',
    comment: 'Lesson “Plain UBR collapses; PPD and EPD recover”, step 4 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step4.text',
    message:
      'PPD only stops the rest of a damaged frame; the cells already sent still cross as dead cells, so it lands between the two.',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 4 of 4 (“And PPD”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.ubr-collapse.step4.compare',
    message: 'B: Partial Packet Discard',
    comment:
      'Lesson “Plain UBR collapses; PPD and EPD recover”, step 4 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.title',
    message: 'EPD is not fair; per-VC accounting is',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: EPD improves efficiency but not fairness; FBA improves both.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.claim',
    message: 'EPD improves efficiency but not fairness; FBA improves both.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step1.title',
    message: 'Near and far',
    comment: 'Lesson “EPD is not fair; per-VC accounting is”, step 1 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step1.text',
    message:
      'Four TCPs under EPD: TCP 1 and 2 have a 0.5 ms round trip, TCP 3 and 4 40 ms. EPD looks only at the total X: whoever sends when the buffer is below R gets in. The near connections refill it first; see their bars in the per-VC view.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 1 of 4 (“Near and far”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step2.title',
    message: 'Fairness after 20 s',
    comment: 'Lesson “EPD is not fair; per-VC accounting is”, step 2 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step2.text',
    message:
      'Jain’s index is 1 when every connection gets the same goodput and 1/n when one takes all.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 2 of 4 (“Fairness after 20 s”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step3.title',
    message: 'Fair Buffer Allocation',
    comment: 'Lesson “EPD is not fair; per-VC accounting is”, step 3 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step3.text',
    message:
      'FBA counts each VC’s cells X_i and, above R, refuses a frame of VC i when X_i·N_a/X > Z·(K − R)/(X − R): a VC above its share is refused first. S1: “Fair Buffer Allocation improves both efficiency and fairness”; the far TCP 3 and TCP 4 get their share.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 3 of 4 (“Fair Buffer Allocation”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step3.compare',
    message: 'B: Fair Buffer Allocation',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 3 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step4.title',
    message: 'Selective Drop',
    comment: 'Lesson “EPD is not fair; per-VC accounting is”, step 4 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step4.text',
    message:
      'Selective Drop applies the same per-VC test with a fixed Z above R = 0.9 K. S1: “Selective drop improves fairness”; here it lifts the far connections (the TCP 3 and TCP 4 goodput rows) far less than FBA did in the step before.',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 4 of 4 (“Selective Drop”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.epd-fairness.step4.compare',
    message: 'B: Selective Drop',
    comment:
      'Lesson “EPD is not fair; per-VC accounting is”, step 4 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.title',
    message: 'The throughput deadlock and its two kinds',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: With a small buffer next to CBR, one Reno flow gets under 2% of the link.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.claim',
    message: 'With a small buffer next to CBR, one Reno flow gets under 2% of the link.',
    comment:
      'Lesson “The throughput deadlock and its two kinds”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step1.title',
    message: 'The first step of the staircase',
    comment: 'Lesson “The throughput deadlock and its two kinds”, step 1 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step1.text',
    message:
      '“Here sender is waiting for the new ACK while receiver is waiting for new segment to come. Both are waiting and not sending anything” (§4.3). The flat stretch ends at 1.31 s with a timeout (dotted red): the first step of the staircase.',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 1 of 4 (“The first step of the staircase”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step2.title',
    message: 'Ten seconds of it',
    comment: 'Lesson “The throughput deadlock and its two kinds”, step 2 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step2.text',
    message:
      '“When cell buffer is 50 K[bytes] (1 K cell) or less, UBR traffic throughput is less than 2% of the available bandwidth” (§4.1).',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 2 of 4 (“Ten seconds of it”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step3.title',
    message: 'EPD breaks it',
    comment: 'Lesson “The throughput deadlock and its two kinds”, step 3 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step3.text',
    message:
      '“If we turned on the EPD option implemented in the ATM switch, TCP throughput is recovered” (§4.3). Broken means both figures say so: deadlock time 0 and efficiency ≥ 80 %; a deadlock time of 0 alone can still leave the flow losing most of the link to timeouts.',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 3 of 4 (“EPD breaks it”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step3.compare',
    message: 'B: EPD at the switch',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 3 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step4.title',
    message: 'The other kind: stop-and-go',
    comment: 'Lesson “The throughput deadlock and its two kinds”, step 4 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.deadlock.step4.text',
    message:
      'A deadlock “broken up by the 200 ms timer generated TCP acknowledgment … TCP behave[s] as a stop-and-go protocol with one or two data segments sent every 200 ms” (§2.3). No cell is lost: a send buffer of less than two segments and delayed ACKs wait for each other, 200 ms at a time. Purple bands mark these stalls.',
    comment:
      'Lesson “The throughput deadlock and its two kinds”, step 4 of 4 (“The other kind: stop-and-go”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.title',
    message: 'GFR: tagged frames go first',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: Two thresholds protect the untagged (CLP0) stream: tagged frames are refused first.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.claim',
    message: 'Two thresholds protect the untagged (CLP0) stream: tagged frames are refused first.',
    comment:
      'Lesson “GFR: tagged frames go first”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step1.title',
    message: 'Above LBO, tagged frames are refused',
    comment: 'Lesson “GFR: tagged frames go first”, step 1 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step1.text',
    message:
      'Sixteen TCPs through one OC-3 port; every second VC is tagged CLP = 1 at the source. Two-threshold buffer management: above LBO = 0.5 K the buffer refuses CLP1 frames, above HBO = 0.8 K all frames. At 6.1 ms the first tagged frame (VC 7) is refused at LBO: the drop named under the buffer.',
    comment:
      'Lesson “GFR: tagged frames go first”, step 1 of 3 (“Above LBO, tagged frames are refused”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step2.title',
    message: 'Who loses cells',
    comment: 'Lesson “GFR: tagged frames go first”, step 2 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step2.text',
    message:
      '“Two-threshold buffer management and per-VC buffer management algorithms have consistently achieved the lowest CLR for high priority bandwidth (CLP0 stream)” (§5).',
    comment:
      'Lesson “GFR: tagged frames go first”, step 2 of 3 (“Who loses cells”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step3.title',
    message: 'Without the thresholds',
    comment: 'Lesson “GFR: tagged frames go first”, step 3 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step3.text',
    message:
      '“Plain UBR, UBR-EPD and WFQ have similar CLR for both CLP0 and CLP1 streams” (§5). B is the same run under plain UBR: untagged cells now lose as much as tagged ones.',
    comment:
      'Lesson “GFR: tagged frames go first”, step 3 of 3 (“Without the thresholds”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.gfr-tagging.step3.compare',
    message: 'B: plain UBR',
    comment:
      'Lesson “GFR: tagged frames go first”, step 3 of 3: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.title',
    message: 'EUBR+: a recovery zone against timeouts',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: Letting a VC that just lost a frame use the zone between R and P avoids a second loss in its window, and the timeout that follows.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.claim',
    message:
      'Letting a VC that just lost a frame use the zone between R and P avoids a second loss in its window, and the timeout that follows.',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step1.title',
    message: 'UBR+ and the timeout problem',
    comment: 'Lesson “EUBR+: a recovery zone against timeouts”, step 1 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step1.text',
    message:
      'Four TCPs, 3000 cells, UBR+ (Selective Drop above R = 0.5 K). “If multiple packet-losses occur in the same TCP sliding window … the retransmission time of the partially corrupted TCP segment is delayed, in worst-case to the time-out period” (§II). TCP 2 times out at 0.33 s.',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 1 of 4 (“UBR+ and the timeout problem”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step2.title',
    message: 'Twenty seconds of UBR+',
    comment: 'Lesson “EUBR+: a recovery zone against timeouts”, step 2 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step2.text',
    message: 'UBR+ keeps the link full and the shares fair; count the timeouts.',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 2 of 4 (“Twenty seconds of UBR+”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step3.title',
    message: 'EUBR+',
    comment: 'Lesson “EUBR+: a recovery zone against timeouts”, step 3 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step3.text',
    message:
      '“If UBR+ scheme drops a cell … the VC is marked damaged_VC … Because this damaged_VC has a chance to use the recovery zone, between R and P, it is protected from the multiple cell losses” (§III). Same seed, policy EUBR+ (P = 0.7 K).',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 3 of 4 (“EUBR+”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step4.title',
    message: 'Side by side',
    comment: 'Lesson “EUBR+: a recovery zone against timeouts”, step 4 of 4: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step4.text',
    message:
      'A is EUBR+, B the same seed under UBR+: the efficiency is the same, the timeouts are not.',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 4 of 4 (“Side by side”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.eubr-recovery.step4.compare',
    message: 'B: UBR+ (Selective Drop)',
    comment:
      'Lesson “EUBR+: a recovery zone against timeouts”, step 4 of 4: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.title',
    message: 'Parking lot: the long VCs lose',
    comment:
      'The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: Under plain UBR the VCs that cross every congested switch get about half of the local VCs’ goodput; FBA at every port restores their share.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.claim',
    message:
      'Under plain UBR the VCs that cross every congested switch get about half of the local VCs’ goodput; FBA at every port restores their share.',
    comment:
      'Lesson “Parking lot: the long VCs lose”: the result it shows, in one sentence, on its card in the list of lessons.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step1.title',
    message: 'Three switches in a row',
    comment: 'Lesson “Parking lot: the long VCs lose”, step 1 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step1.text',
    message:
      'VCs 0 and 3 (TCP 1 and 4) enter at the first switch and cross all three; the others join for one hop. At 0.08 s the buffer of sw2’s port to sw3 is full: long VC 3 loses its first cells there, local VC 1 right after (the drop named under the buffer). A long VC’s frame arrives only if no cell is lost at any hop.',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 1 of 3 (“Three switches in a row”): what the student reads while the run pauses.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step2.title',
    message: 'Long against local',
    comment: 'Lesson “Parking lot: the long VCs lose”, step 2 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step2.text',
    message:
      'S1: “Low efficiency and fairness for TCP over UBR”. TCP 1, a long VC, stalls on timeout after timeout (dotted red lines); the Connections table below lists every goodput.',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 2 of 3 (“Long against local”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step3.title',
    message: 'FBA at every port',
    comment: 'Lesson “Parking lot: the long VCs lose”, step 3 of 3: the step’s heading.',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step3.text',
    message:
      'S1: “Fair Buffer Allocation improves both efficiency and fairness”. B runs FBA at every port, same seed: the goodput of the long TCP 1 and TCP 4, then of a local one, TCP 2, head the table.',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 3 of 3 (“FBA at every port”): what the student reads while the run pauses. Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: it is the paper’s own words (the page marks it as English).',
  },
  /*i18n*/ {
    id: 'lesson.parking-lot.step3.compare',
    message: 'B: FBA at every port',
    comment:
      'Lesson “Parking lot: the long VCs lose”, step 3 of 3: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.',
  },
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
