// A first visitor's welcome: what is on the screen and where to start. Dismissed once, it stays
// dismissed (localStorage); embedded pages never show it.
import { useState } from 'react';

const KEY = 'tal:welcome-dismissed';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage blocked: show it, and let "Got it" hide it for this page
  }
}

export function Welcome({ onTours, title }: { onTours: () => void; title?: string }) {
  const [hidden, setHidden] = useState(dismissed);
  if (hidden) return null;
  const close = () => {
    setHidden(true);
    try {
      window.localStorage.setItem(KEY, '1');
    } catch {
      // not remembered: nothing else to do
    }
  };
  return (
    <section className="welcome" aria-label="Welcome" data-testid="welcome">
      <h2>Welcome to TCP-over-ATM Lab</h2>
      <p>
        Below, TCP connections share a congested ATM switch (or a network of them), cell by cell.
        Each TCP segment is cut into 53-byte cells; when the switch buffer is full, cells are
        dropped, and one lost cell ruins its whole packet.
        {title ? (
          <>
            {' '}
            The run playing now is the preset <strong>{title}</strong>; its description, under this
            box, says what it stands for.
          </>
        ) : null}
      </p>
      <ul>
        <li>
          <strong>Switch buffer</strong> and <strong>Per-VC buffer use</strong>: the cells waiting
          at the switch, coloured by connection; drops flash with the rule that fired.
        </li>
        <li>
          <strong>TCP time-sequence</strong> and <strong>Congestion windows</strong>: what each
          sender does about its losses (fast retransmits, timeouts, stalls).
        </li>
        <li>
          <strong>Buffer occupancy</strong>, <strong>Cell losses</strong> and the metrics above
          them: how full the buffer ran, what was lost, and the efficiency and fairness the papers
          report. Click a drop to ask why it happened.
        </li>
      </ul>
      <p>
        Pick another scenario from <strong>Preset</strong> (grouped by paper), or let a guided tour
        walk you through a paper&apos;s result step by step.
      </p>
      <div className="welcome-actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            close();
            onTours();
          }}
        >
          Start a guided tour
        </button>
        <button type="button" onClick={close}>
          Got it
        </button>
      </div>
    </section>
  );
}
