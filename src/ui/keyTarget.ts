// Whether a key press belongs to the focused control (a text field, a button, a radio group, a
// slider) rather than to a page shortcut: read by the app's keys and a lesson card's arrows.

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
