// What the run on show stands for, in one line each until asked for: the welcome of a first
// visit, the preset's description (and its changed keys) and, beside them, the paper-vs-model
// panel (its own one-line head). The plots come first; the text opens on demand.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import type { Preset, Scenario } from '../../sim';
import { PresetDescription } from '../PresetDescription';
import { readChoice, writeChoice } from '../data/browserStorage';

// The bar's own words (the catalogs: src/locales; README, "Translating"); a preset's title and
// description are still English.
const M = {
  welcome: /*i18n*/ {
    id: 'welcome.name',
    message: 'Welcome',
    comment: 'Name of the one-line welcome of a first visit (for a screen reader).',
  },
  text: /*i18n*/ {
    id: 'welcome.text',
    message:
      '<0>New here?</0> TCP connections share a congested ATM switch, cell by cell: one lost cell ruins its whole packet. A lesson walks you through one result at a time.',
    comment:
      'The welcome of a first visit, one line above the plots. <0>…</0> is shown in bold; keep the tags.',
  },
  start: /*i18n*/ {
    id: 'welcome.start',
    message: 'Start a lesson',
    comment: 'Button in the welcome: opens the list of lessons.',
  },
  gotIt: /*i18n*/ {
    id: 'welcome.gotIt',
    message: 'Got it',
    comment: 'Button in the welcome: hides it for good in this browser.',
  },
  modified: /*i18n*/ {
    id: 'about.modified',
    message: '{title} (modified)',
    comment: 'A scenario’s name once a setting differs from the preset’s. {title}: its name.',
  },
  about: /*i18n*/ {
    id: 'about.toggle',
    message: '· about this scenario',
    comment: 'After the scenario’s name: a click opens its description. Keep the · sign.',
  },
};

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
  const { _ } = useLingui();
  const [hideWelcome, setHideWelcome] = useState(() => readChoice(WELCOME_KEY) === '1');
  const [open, setOpen] = useState(() => readChoice(ABOUT_KEY) === 'open');
  const dismiss = () => {
    setHideWelcome(true);
    writeChoice(WELCOME_KEY, '1');
  };
  return (
    <div className="context-bar">
      {welcome && !hideWelcome && (
        <section className="welcome welcome-line" aria-label={_(M.welcome)} data-testid="welcome">
          <span>
            <Trans {...M.text} components={{ 0: <strong /> }} />
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
              {_(M.start)}
            </button>
            <button type="button" className="small" onClick={dismiss}>
              {_(M.gotIt)}
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
              {modified ? _({ ...M.modified, values: { title: preset.title } }) : preset.title}
            </strong>
            <span className="muted"> {_(M.about)}</span>
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
