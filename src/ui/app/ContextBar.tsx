// What the run on show stands for, in one line each until asked for: the welcome of a first
// visit, the preset's description (and its changed keys) and, beside them, the paper-vs-model
// panel (its own one-line head). The plots come first; the text opens on demand.
import { useState } from 'react';
import type { Preset, Scenario } from '../../sim';
import { PresetDescription } from '../PresetDescription';
import { readChoice, writeChoice } from '../data/browserStorage';

const WELCOME_KEY = 'tal:welcome-dismissed';
const ABOUT_KEY = 'tal:about-open';

export function ContextBar({
  preset,
  modified,
  scenario,
  onReset,
  onLessons,
  welcome,
}: {
  preset: Preset | undefined;
  modified: boolean;
  scenario: Scenario;
  onReset(): void;
  onLessons(): void;
  /** Show the first visit's one-line welcome (never in a lesson or embedded). */
  welcome: boolean;
}) {
  const [hideWelcome, setHideWelcome] = useState(() => readChoice(WELCOME_KEY) === '1');
  const [open, setOpen] = useState(() => readChoice(ABOUT_KEY) === 'open');
  const dismiss = () => {
    setHideWelcome(true);
    writeChoice(WELCOME_KEY, '1');
  };
  return (
    <div className="context-bar">
      {welcome && !hideWelcome && (
        <section className="welcome welcome-line" aria-label="Welcome" data-testid="welcome">
          <span>
            <strong>New here?</strong> TCP connections share a congested ATM switch, cell by cell:
            one lost cell ruins its whole packet. A lesson walks you through one result at a time.
          </span>
          <span className="welcome-actions">
            <button
              type="button"
              className="primary small"
              onClick={() => {
                dismiss();
                onLessons();
              }}
            >
              Start a lesson
            </button>
            <button type="button" className="small" onClick={dismiss}>
              Got it
            </button>
          </span>
        </section>
      )}
      {preset && (
        <div className={`about ${open ? 'open' : ''}`}>
          <button
            type="button"
            className="link about-toggle"
            aria-expanded={open}
            data-testid="about-toggle"
            onClick={() => {
              setOpen(!open);
              writeChoice(ABOUT_KEY, open ? 'closed' : 'open');
            }}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>{' '}
            <strong>
              {preset.title}
              {modified ? ' (modified)' : ''}
            </strong>
            <span className="muted"> · about this scenario</span>
          </button>
          {open && (
            <PresetDescription
              preset={preset}
              modified={modified}
              scenario={scenario}
              onReset={onReset}
            />
          )}
          {!open && modified && (
            <PresetDescription
              preset={preset}
              modified={modified}
              scenario={scenario}
              onReset={onReset}
              brief
            />
          )}
        </div>
      )}
    </div>
  );
}
