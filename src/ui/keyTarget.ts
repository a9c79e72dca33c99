// Whether a key press belongs to the focused control (a text field, a button, a radio group, a
// slider) rather than to a page shortcut: read by the app's keys and a lesson card's arrows.
import { readChoice, writeChoice } from './data/browserStorage';

function typing(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return type !== 'checkbox' && type !== 'radio' && type !== 'button';
  }
  return false;
}

/** Roles whose element takes arrow keys itself (a slider moves, a radio group chooses). */
const ARROW_ROLES = new Set([
  'slider',
  'spinbutton',
  'radio',
  'radiogroup',
  'tab',
  'tablist',
  'listbox',
  'option',
  'menu',
  'menuitem',
  'combobox',
]);

/**
 * Whether the focused element uses `key` itself, so that a page shortcut must leave it alone:
 * typing in a field, Space on a button, link, checkbox or radio button (it presses or chooses
 * it), an arrow key in any form control (a radio group chooses the next option, a slider moves).
 */
export function ownsKey(el: EventTarget | null, key: string): boolean {
  if (typing(el)) return true;
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  const role = el.getAttribute('role');
  if (key === ' ')
    return (
      tag === 'BUTTON' ||
      tag === 'A' ||
      tag === 'INPUT' ||
      tag === 'SUMMARY' ||
      (role !== null && (ARROW_ROLES.has(role) || role === 'button' || role === 'checkbox'))
    );
  if (key.startsWith('Arrow') || key === 'Home' || key === 'End')
    return tag === 'INPUT' || (role !== null && ARROW_ROLES.has(role));
  return false;
}

// Shortcuts of one printable character ("?", "J") act anywhere on the page; a speech input
// user who says a word, or a student who slips on the keyboard, can set them off by accident.
// They can be turned off in the key list (WCAG 2.1.4), for this browser; without storage, for
// this page.
const CHAR_KEYS = 'tal:char-keys';
let charKeys: boolean | null = null;

/** A key of one printable character, which WCAG 2.1.4 is about (not Space, arrows, Home). */
export const isCharKey = (key: string): boolean => key.length === 1 && key !== ' ';

/** Whether the single-character shortcuts act (on unless turned off). */
export function charKeysOn(): boolean {
  return charKeys ?? readChoice(CHAR_KEYS) !== 'off';
}

export function setCharKeys(on: boolean): void {
  charKeys = on;
  writeChoice(CHAR_KEYS, on ? 'on' : 'off');
}

/** Whether a page shortcut may act on `key` now: not a character key turned off. */
export const shortcutAllowed = (key: string): boolean => !isCharKey(key) || charKeysOn();
