/**
 * Room codes, without the protocol's schemas (the phone's join page reads them before any
 * socket opens): no 0/O, 1/I/L, so a code read off a projector is typed right.
 */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ROOM_CODE_LENGTH = 5;
export const ROOM_CODE_RE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4,6}$/;

/** A room code as typed (any case, spaces anywhere) → the canonical code, or null. */
export function normalizeRoomCode(s: string): string | null {
  const c = s.replace(/\s+/g, '').toUpperCase();
  return ROOM_CODE_RE.test(c) ? c : null;
}

/** The short address of a room's join page: `/j/CODE` (the class server redirects it). */
export const shortJoinPath = (code: string): string => `/j/${encodeURIComponent(code)}`;
