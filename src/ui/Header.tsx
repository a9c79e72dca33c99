// The app's header: the title, the preset picker (grouped by paper, full titles, "(modified)"
// when the scenario departs from its preset) and the tools. On a phone the tools fold into a
// menu button.
import { SoundToggle } from './sound/RunSound';
import { NOTICE_SLOT } from './pwa/slot';
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALES } from '../i18n/locales';
import { numberLocale } from '../i18n/numbers';
import type { Preset } from '../sim';
import { presetGroups } from './presets';
import { PRODUCT } from './announce/pageTitle';

export interface HeaderProps {
  preset: Preset | undefined;
  modified: boolean;
  onPickPreset: (name: string) => void;
  copied: string | null;
  gallery: boolean;
  onGallery: () => void;
  sweep: boolean;
  onSweep: () => void;
  reproduce: boolean;
  onReproduce: () => void;
  compare: boolean;
  onCompare: () => void;
  onCopyLink: () => void;
  presenter: boolean;
  onPresenter: () => void;
  theme: 'light' | 'dark';
  onTheme: () => void;
  /** Opens the "Make a challenge" dialog (src/ui/challenges). */
  onChallenge?: () => void;
  /** Opens the list of keyboard shortcuts. */
  onKeys: () => void;
  /** The live class's tools (src/ui/class): "Class" and the QR code of the link. */
  classTools?: React.ReactNode;
  /** The language on show (src/i18n/locales.ts), and a choice of another. */
  lang: string;
  onLang: (code: string) => void;
}

// The header's words (the catalogs: src/locales; README, "Translating").
const M = {
  tagline: /*i18n*/ {
    id: 'header.tagline',
    message: 'TCP connections competing for a congested ATM switch, cell by cell.',
    comment: 'Under the app name. TCP and ATM are network protocols: keep them as they are.',
  },
  preset: /*i18n*/ {
    id: 'header.preset',
    message: 'Preset',
    comment: 'Label of the list of ready-made scenarios (one per figure of the papers).',
  },
  custom: /*i18n*/ {
    id: 'header.preset.custom',
    message: '(custom scenario)',
    comment: 'In the list of presets, when the settings match none of them.',
  },
  modified: /*i18n*/ {
    id: 'header.preset.modified',
    message: '{title} (modified)',
    comment: 'A preset whose settings the person changed. {title}: the preset’s name.',
  },
  menu: /*i18n*/ {
    id: 'header.menu',
    message: '☰ Menu',
    comment: 'Phone only: the button that opens the list of tools.',
  },
  closeMenu: /*i18n*/ {
    id: 'header.menu.close',
    message: '✕ Close menu',
    comment: 'Phone only: the button that closes the list of tools.',
  },
  lessons: /*i18n*/ {
    id: 'header.lessons',
    message: 'Lessons',
    comment: 'Button: opens the gallery of guided lessons.',
  },
  sweep: /*i18n*/ {
    id: 'header.sweep',
    message: 'Sweep',
    comment: 'Button: opens the panel that runs one setting over a range of values.',
  },
  papers: /*i18n*/ {
    id: 'header.papers',
    message: 'Papers',
    comment: 'Button: opens the page of the five research papers’ results.',
  },
  papersTip: /*i18n*/ {
    id: 'header.papers.tip',
    message: 'Every published result of the five papers against the model',
    comment: 'Tooltip of the Papers button.',
  },
  compare: /*i18n*/ {
    id: 'header.compare',
    message: 'Compare',
    comment: 'Button: shows two runs side by side (A and B).',
  },
  copyLink: /*i18n*/ {
    id: 'header.copyLink',
    message: 'Copy link',
    comment: 'Button: copies a web link that opens this exact run.',
  },
  copyLinkTip: /*i18n*/ {
    id: 'header.copyLink.tip',
    message: 'Copy a link that reproduces this run',
    comment: 'Tooltip of the Copy link button.',
  },
  challenge: /*i18n*/ {
    id: 'header.challenge',
    message: 'Make a challenge',
    comment: 'Button: opens the dialog where a teacher makes a task for students.',
  },
  challengeTip: /*i18n*/ {
    id: 'header.challenge.tip',
    message: 'Make a challenge from this scenario: lock settings, set a target, copy its link',
    comment: 'Tooltip of the Make a challenge button.',
  },
  projector: /*i18n*/ {
    id: 'header.projector',
    message: 'Projector',
    comment: 'Toggle button: larger text and lines for a room’s projector.',
  },
  projectorTip: /*i18n*/ {
    id: 'header.projector.tip',
    message: 'Larger fonts and lines for a projector',
    comment: 'Tooltip of the Projector button.',
  },
  toLight: /*i18n*/ {
    id: 'header.theme.toLight',
    message: 'Switch to light theme',
    comment:
      'Screen-reader name of the theme button while the page is dark. Use the visible word of header.theme.light as it is, as a whole word (a voice user says what they see).',
  },
  toDark: /*i18n*/ {
    id: 'header.theme.toDark',
    message: 'Switch to dark theme',
    comment:
      'Screen-reader name of the theme button while the page is light. Use the visible word of header.theme.dark as it is, as a whole word (a voice user says what they see).',
  },
  light: /*i18n*/ {
    id: 'header.theme.light',
    message: '☀ Light',
    comment: 'Visible text of the theme button while the page is dark.',
  },
  dark: /*i18n*/ {
    id: 'header.theme.dark',
    message: '☾ Dark',
    comment: 'Visible text of the theme button while the page is light.',
  },
  keys: /*i18n*/ {
    id: 'header.keys',
    message: 'Keyboard shortcuts',
    comment: 'Screen-reader name of the “?” button that lists the keyboard shortcuts.',
  },
  keysTip: /*i18n*/ {
    id: 'header.keys.tip',
    message: 'Keyboard shortcuts (?)',
    comment: 'Tooltip of the “?” button. Keep the question mark: it is the key to press.',
  },
  language: /*i18n*/ {
    id: 'header.language',
    message: 'Language',
    comment: 'Label of the list of languages of the app.',
  },
};

const GROUPS = presetGroups();

export function Header(p: HeaderProps) {
  const { _ } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  // A tool chosen from the phone menu closes the menu.
  const tool = (f: () => void) => () => {
    setMenuOpen(false);
    f();
  };
  return (
    <header className="app-header">
      <div className="brand">
        <h1>{PRODUCT}</h1>
        <p className="tagline">{_(M.tagline)}</p>
      </div>
      <label className="inline preset-picker">
        {_(M.preset)}
        <select
          aria-label={_(M.preset)}
          value={p.preset?.name ?? ''}
          title={
            p.preset
              ? p.modified
                ? _({ ...M.modified, values: { title: p.preset.title } })
                : p.preset.title
              : undefined
          }
          onChange={(e) => e.target.value && p.onPickPreset(e.target.value)}
          data-modified={p.modified ? '1' : undefined}
        >
          {!p.preset && <option value="">{_(M.custom)}</option>}
          {GROUPS.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.presets.map((x) => (
                <option key={x.name} value={x.name}>
                  {p.modified && x.name === p.preset?.name
                    ? _({ ...M.modified, values: { title: x.title } })
                    : x.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="header-tools"
        onClick={() => setMenuOpen((o) => !o)}
      >
        {menuOpen ? _(M.closeMenu) : _(M.menu)}
      </button>
      <div id="header-tools" className={`header-tools ${menuOpen ? 'open' : ''}`}>
        {/* The service worker's notices (pwa/UpdatePrompt) land here: in the header's own row,
            so that they take no height above a lesson's card or the views and cover nothing (on
            a phone they wait in the menu, and the Menu button carries a mark). */}
        <div id={NOTICE_SLOT} className="app-notices" />
        <span role="status" className="muted copied">
          {p.copied}
        </span>
        <button
          type="button"
          onClick={tool(p.onGallery)}
          aria-expanded={p.gallery}
          data-testid="open-gallery"
        >
          {_(M.lessons)}
        </button>
        <button
          type="button"
          aria-pressed={p.sweep}
          onClick={tool(p.onSweep)}
          data-testid="open-sweep"
        >
          {_(M.sweep)}
        </button>
        <button
          type="button"
          aria-pressed={p.reproduce}
          onClick={tool(p.onReproduce)}
          data-testid="open-reproduce"
          title={_(M.papersTip)}
        >
          {_(M.papers)}
        </button>
        <button
          type="button"
          aria-pressed={p.compare}
          onClick={tool(p.onCompare)}
          data-testid="open-compare"
        >
          {_(M.compare)}
        </button>
        <button type="button" onClick={p.onCopyLink} title={_(M.copyLinkTip)}>
          {_(M.copyLink)}
        </button>
        {p.classTools}
        {p.onChallenge && (
          <button
            type="button"
            onClick={tool(p.onChallenge)}
            data-testid="open-challenge-builder"
            className="challenge-btn"
            aria-label={_(M.challenge)}
            title={_(M.challengeTip)}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="8" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="8" cy="8" r="1.2" fill="currentColor" />
            </svg>
            <span className="challenge-btn-text"> {_(M.challenge)}</span>
          </button>
        )}
        <button
          type="button"
          aria-pressed={p.presenter}
          onClick={tool(p.onPresenter)}
          title={_(M.projectorTip)}
        >
          {_(M.projector)}
        </button>
        <SoundToggle />
        <button
          type="button"
          onClick={p.onTheme}
          aria-label={_(p.theme === 'dark' ? M.toLight : M.toDark)}
        >
          {_(p.theme === 'dark' ? M.light : M.dark)}
        </button>
        <select
          className="lang-picker"
          aria-label={_(M.language)}
          title={_(M.language)}
          value={p.lang}
          onChange={(e) => p.onLang(e.target.value)}
          data-testid="lang-picker"
        >
          {LOCALES.filter((l) => !l.test || l.code === p.lang).map((l) => (
            <option key={l.code} value={l.code} lang={numberLocale(l.code)}>
              {l.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={tool(p.onKeys)}
          aria-label={_(M.keys)}
          title={_(M.keysTip)}
          aria-keyshortcuts="?"
        >
          ?
        </button>
      </div>
    </header>
  );
}
