import type { Lesson } from '../types';
import { num } from '../types';
import { sumUntil } from '../readings';
import { UBR_725, bufferNow, latestDrop } from './shared';

/** The lesson "cells": Cells and AAL5: one lost cell ruins a frame. */
export const cells: Lesson = {
  id: 'cells',
  title: 'Cells and AAL5: one lost cell ruins a frame',
  claim: 'A frame is useful only if all of its cells arrive; cells of a damaged frame are dead.',
  source:
    'Jaussi, Lorang & Nelissen, “A Detailed Experimental Performance Evaluation on TCP over UBR”, §2.2',
  scenario: UBR_725,
  steps: [
    {
      title: 'The buffer is full',
      text: 'Each 4352-byte IP packet travels as one AAL5 frame of 91 cells. At 0.031 s the switch buffer is full (K = 725 cells) and the next cells of VC 1 (TCP 2) find no room: the red flash at the tail is an overflow drop, named under the buffer.',
      view: 'queue',
      conn: 1,
      threshold: 'K',
      zoom: [0.025, 0.045],
      run: { until: 0.031, speed: 0.01, moment: { kind: 'first-drop', reason: 'overflow' } },
      // What the buffer view shows at the pause: its caption's X and its latest drop.
      figures: [bufferNow(725), latestDrop('VC 1')],
    },
    {
      title: 'Dead cells',
      text: '“When an ATM cell is dropped at a switch, the rest of a higher layer packet is still transmitted to the destination thus wasting bandwidth” (§2.2). The hollow marks in the loss raster, in the lower half of VC 1’s row, are those cells: they cross the link, and the receiver throws their frame away.',
      view: 'loss',
      conn: 1,
      zoom: [0.025, 0.045],
      predict: {
        kind: 'choice',
        id: 'cells-rest',
        question:
          'Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?',
        options: [
          { id: 'used', label: 'They reach the receiver and TCP uses them' },
          { id: 'dead', label: 'They cross the link, but the receiver discards the frame' },
          { id: 'dropped', label: 'The switch drops them too' },
        ],
        answer: (c) => (sumUntil(c.store, 'dead', 'cells', c.store.t, 1) > 0 ? 'dead' : 'dropped'),
        measured: (c) =>
          `${num(sumUntil(c.store, 'dead', 'cells', c.store.t, 1))} dead cells of VC 1 crossed the link`,
        why: 'AAL5 checks a frame only at its last cell: a frame missing one cell fails the CRC and is dropped whole, after its other cells have used the link.',
      },
      // The last 2.5 ms before the first dead cells at 1/1000×: they appear one by one.
      run: {
        until: 0.0395,
        speed: 0.01,
        slow: { from: 0.037, speed: 0.001 },
        moment: { kind: 'first-dead', vc: 1 },
      },
      // The loss view's legend counts the dead cells so far (all of them VC 1's here).
      figures: [
        {
          label: 'Dead cells so far',
          read: (c) => sumUntil(c.store, 'dead', 'cells', c.store.t),
          format: num,
        },
      ],
    },
    {
      title: 'PPD stops the rest',
      text: 'Partial Packet Discard: “if a cell of an AAL5 frame must be dropped because of buffer overflow, there is no reason for transmitting subsequent cells of this corrupted frame” (§2.2). B runs the same seed with PPD; compare the dead cell ratio.',
      view: 'metrics',
      compare: {
        b: 'policy=ppd',
        label: 'B: Partial Packet Discard',
        rows: ['deadCellRatio', 'efficiency', 'clr'],
      },
    },
  ],
};
