import type { Lesson } from '../types';
import { metricFigure, pct2 } from '../types';
import { GFR, bufferNow, latestDrop, clr0, clr1 } from './shared';

/** The lesson "gfr-tagging": GFR: tagged frames go first. */
export const gfrTagging: Lesson = {
  id: 'gfr-tagging',
  title: 'GFR: tagged frames go first',
  claim: 'Two thresholds protect the untagged (CLP0) stream: tagged frames are refused first.',
  source:
    'Puangpronpitag, Kara & Djemame, “A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP”, §5, Fig. 3',
  scenario: GFR,
  steps: [
    {
      title: 'Above LBO, tagged frames are refused',
      text: 'Sixteen TCPs through one OC-3 port; every second VC is tagged CLP = 1 at the source. Two-threshold buffer management: above LBO = 0.5 K the buffer refuses CLP1 frames, above HBO = 0.8 K all frames. At 6.1 ms the first tagged frame (VC 7) is refused at LBO: the drop named under the buffer.',
      view: 'queue',
      conn: 7,
      threshold: 'LBO',
      zoom: [0, 0.02],
      // Before the next refusal (VC 5's, 8 µs later), so the buffer view names VC 7's.
      run: {
        until: 0.00613,
        speed: 0.001,
        moment: { kind: 'first-drop', reason: 'clp1-threshold' },
      },
      figures: [bufferNow(2400), latestDrop('VC 7')],
    },
    {
      title: 'Who loses cells',
      text: '“Two-threshold buffer management and per-VC buffer management algorithms have consistently achieved the lowest CLR for high priority bandwidth (CLP0 stream)” (§5).',
      view: 'metrics',
      predict: {
        kind: 'choice',
        id: 'gfr-clp0',
        question:
          'After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?',
        options: [
          { id: 'same', label: 'About the same' },
          { id: 'less', label: 'Lower, but not zero' },
          { id: 'none', label: 'No untagged cell lost at all' },
        ],
        answer: (c) => {
          const m = c.metrics;
          if (!m) return null;
          if (m.clrClp0 === 0) return 'none';
          return m.clrClp0 < m.clrClp1 / 3 ? 'less' : 'same';
        },
        measured: (c) =>
          c.metrics
            ? `CLP0 CLR ${pct2(c.metrics.clrClp0)}, CLP1 CLR ${pct2(c.metrics.clrClp1)}`
            : '',
        why: 'The untagged sources never raise the queue to HBO on their own, so every refusal falls on tagged frames at LBO.',
      },
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [clr0, clr1, metricFigure('Efficiency', (m) => m.efficiency)],
    },
    {
      title: 'Without the thresholds',
      text: '“Plain UBR, UBR-EPD and WFQ have similar CLR for both CLP0 and CLP1 streams” (§5). B is the same run under plain UBR: untagged cells now lose as much as tagged ones.',
      view: 'metrics',
      compare: {
        b: 'policy=tail-drop',
        label: 'B: plain UBR',
        rows: ['clrClp0', 'clrClp1', 'clr'],
      },
    },
  ],
};
