import type { Lesson } from '../types';
import { metricFigure } from '../types';
import { UBR_725, efficiency, efficiencyGuess, timeouts } from './shared';

/** The lesson "ubr-collapse": Plain UBR collapses; PPD and EPD recover. */
export const ubrCollapse: Lesson = {
  id: 'ubr-collapse',
  title: 'Plain UBR collapses; PPD and EPD recover',
  claim: 'With less than one window of buffer, plain UBR wastes the link; EPD keeps it busy.',
  source:
    'Jaussi, Lorang & Nelissen, “A Detailed Experimental Performance Evaluation on TCP over UBR”, §4.1, Fig. 2',
  scenario: UBR_725,
  steps: [
    {
      title: 'The first timeout',
      text: 'Four TCP connections share a 37.44 Mbit/s port with 725 cells of buffer, less than one TCP window. Each overflow damages frames; with several losses in a window Reno cannot fast-retransmit them all, and TCP 2 waits for its timer (dotted red line at 0.26 s).',
      view: 'timeseq',
      conn: 1,
      zoom: [0, 0.6],
      run: { until: 0.261, speed: 0.1, moment: { kind: 'first-timeout' } },
      figures: [efficiency, timeouts],
    },
    {
      title: 'Twenty seconds of plain UBR',
      text: '“PPD and EPD significantly improve the efficiency for small buffers” (§4.1). First, plain UBR alone.',
      view: 'metrics',
      predict: efficiencyGuess(
        'ubr-efficiency',
        'Where will plain UBR’s efficiency (goodput over the link’s payload rate) land after 20 s?',
        'The link idles while senders wait for timeouts (see the idle cell ratio), and the cells of damaged frames still take their slots (dead cell ratio).',
      ),
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [
        efficiency,
        metricFigure('Idle cell ratio', (m) => m.idleCellRatio),
        metricFigure('Dead cell ratio', (m) => m.deadCellRatio),
      ],
    },
    {
      title: 'EPD on the same seed',
      text: 'Early Packet Discard “drop[s] entire frames prior to overflow” (§2.2): above R = K − MTU the switch refuses new frames whole, so losses fall on fewer frames and fewer windows. S0 measured the order plain UBR < PPD < EPD at small buffers.',
      view: 'metrics',
      compare: {
        b: 'policy=epd',
        label: 'B: Early Packet Discard',
        rows: ['efficiency', 'idleCellRatio', 'deadCellRatio', 'timeouts'],
      },
    },
    {
      title: 'And PPD',
      text: 'PPD only stops the rest of a damaged frame; the cells already sent still cross as dead cells, so it lands between the two.',
      view: 'metrics',
      compare: {
        b: 'policy=ppd',
        label: 'B: Partial Packet Discard',
        rows: ['efficiency', 'idleCellRatio', 'deadCellRatio', 'timeouts'],
      },
    },
  ],
};
