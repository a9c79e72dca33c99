/**
 * The laptop's addresses: the one students are sent to (the first non-internal IPv4), the
 * projector's (loopback), and the origins a page may connect from (the server's own).
 */
import os from 'node:os';

/** Every non-internal IPv4 address, in the order the system lists them. */
export function lanIPv4(): string[] {
  const out: string[] = [];
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  return out;
}

const isLoopback = (h: string) => h === '127.0.0.1' || h === 'localhost' || h === '::1';
const isWildcard = (h: string) => h === '0.0.0.0' || h === '::' || h === '';

/** `http://host:port` with IPv6 literals bracketed. */
export const baseUrl = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The address students should open: the bound address itself, or (bound to all interfaces)
 * the first LAN IPv4, or loopback when the laptop has no network (then the page warns).
 */
export function studentHost(bound: string): string {
  if (!isWildcard(bound)) return bound;
  return lanIPv4()[0] ?? '127.0.0.1';
}

/** Base URLs of every address students could use (all LAN IPv4s, or the bound one). */
export function studentAddresses(bound: string, port: number): string[] {
  if (!isWildcard(bound)) return [baseUrl(bound, port)];
  const lan = lanIPv4();
  return (lan.length ? lan : ['127.0.0.1']).map((h) => baseUrl(h, port));
}

/** The projector's host: loopback unless the server listens on one other address only. */
export function projectorHost(bound: string): string {
  return isWildcard(bound) || isLoopback(bound) ? '127.0.0.1' : bound;
}

/**
 * Whether a WebSocket upgrade or a POST with this Origin comes from a page this server
 * served: its host is one of the machine's own addresses (or localhost, or the machine's
 * name) and its port is the server's. A page on any other site is refused, also one whose
 * name resolves to this machine (DNS rebinding). No Origin (a Node client) is allowed.
 */
export function originAllowed(
  origin: string | undefined,
  port: number,
  extra: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (extra.includes(origin)) return true;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  const p = u.port === '' ? (u.protocol === 'https:' ? 443 : 80) : Number(u.port);
  if (p !== port) return false;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopback(host)) return true;
  const name = os.hostname().toLowerCase();
  if (host === name || host === `${name}.local`) return true;
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.address.toLowerCase() === host) return true;
  return false;
}
