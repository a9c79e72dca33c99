// The app's header: the title, the preset picker (grouped by paper, full titles, "(modified)"
// when the scenario departs from its preset) and the tools. On a phone the tools fold into a
// menu button.
import { SoundToggle } from './sound/RunSound';
import { NOTICE_SLOT } from './pwa/slot';
import { useState } from 'react';
import type { Preset } from '../sim';
import { presetGroups } from './presets';

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
}

const GROUPS = presetGroups();

export function Header(p: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // A tool chosen from the phone menu closes the menu.
  const tool = (f: () => void) => () => {
    setMenuOpen(false);
    f();
  };
  return (
    <header className="app-header">
      <div className="brand">
        <h1>TCP-over-ATM Lab</h1>
        <p className="tagline">
          TCP connections competing for a congested ATM switch, cell by cell.
        </p>
      </div>
      <label className="inline preset-picker">
        Preset
        <select
          aria-label="Preset"
          value={p.preset?.name ?? ''}
          title={p.preset ? `${p.preset.title}${p.modified ? ' (modified)' : ''}` : undefined}
          onChange={(e) => e.target.value && p.onPickPreset(e.target.value)}
          data-modified={p.modified ? '1' : undefined}
        >
          {!p.preset && <option value="">(custom scenario)</option>}
          {GROUPS.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.presets.map((x) => (
                <option key={x.name} value={x.name}>
                  {x.title}
                  {p.modified && x.name === p.preset?.name ? ' (modified)' : ''}
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
        {menuOpen ? '✕ Close menu' : '☰ Menu'}
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
          Lessons
        </button>
        <button
          type="button"
          aria-pressed={p.sweep}
          onClick={tool(p.onSweep)}
          data-testid="open-sweep"
        >
          Sweep
        </button>
        <button
          type="button"
          aria-pressed={p.reproduce}
          onClick={tool(p.onReproduce)}
          data-testid="open-reproduce"
          title="Every published result of the five papers against the model"
        >
          Papers
        </button>
        <button
          type="button"
          aria-pressed={p.compare}
          onClick={tool(p.onCompare)}
          data-testid="open-compare"
        >
          Compare
        </button>
        <button type="button" onClick={p.onCopyLink} title="Copy a link that reproduces this run">
          Copy link
        </button>
        {p.classTools}
        {p.onChallenge && (
          <button
            type="button"
            onClick={tool(p.onChallenge)}
            data-testid="open-challenge-builder"
            className="challenge-btn"
            aria-label="Make a challenge"
            title="Make a challenge from this scenario: lock settings, set a target, copy its link"
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="8" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="8" cy="8" r="1.2" fill="currentColor" />
            </svg>
            <span className="challenge-btn-text"> Make a challenge</span>
          </button>
        )}
        <button
          type="button"
          aria-pressed={p.presenter}
          onClick={tool(p.onPresenter)}
          title="Larger fonts and lines for a projector"
        >
          Projector
        </button>
        <SoundToggle />
        <button
          type="button"
          onClick={p.onTheme}
          aria-label={`Switch to ${p.theme === 'dark' ? 'light' : 'dark'} theme`}
        >
          {p.theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
        <button
          type="button"
          onClick={tool(p.onKeys)}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          aria-keyshortcuts="?"
        >
          ?
        </button>
      </div>
    </header>
  );
}
