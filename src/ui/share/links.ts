/**
 * The links the app copies (a scenario, a lesson step, a challenge). Served by the class
 * server, they use the address students can reach (its `studentBase`, the laptop's network
 * address) instead of the page's own origin; a link that would still name a loopback address
 * (127.0.0.1, localhost, ::1) works only on this computer, and the app says so.
 */
import { checkClassServer, knownInfo } from './serverInfo';

/** Whether `host` (a URL's hostname) names this computer only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    h === '0:0:0:0:0:0:0:1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '0.0.0.0'
  );
}

/** The origin and path links start with: the class server's student address when known. */
export function linkBase(studentBase?: string | null): string {
  const base = studentBase ?? knownInfo()?.studentBase ?? null;
  const here = typeof location === 'undefined' ? null : location;
  if (base) {
    try {
      const u = new URL(base);
      // The app's path (a deployment under /lab/ keeps it).
      return `${u.origin}${here?.pathname ?? '/'}`;
    } catch {
      // a malformed studentBase: fall back to the page's own address
    }
  }
  return here ? `${here.origin}${here.pathname}` : '/';
}

export interface ShareLink {
  url: string;
  /** The link names this computer (a loopback address): students cannot open it. */
  loopback: boolean;
}

/** An absolute link to `search` ("?preset=…", with or without "?"). */
export function shareLink(search: string, studentBase?: string | null): ShareLink {
  const q = search === '' || search.startsWith('?') ? search : `?${search}`;
  const url = linkBase(studentBase) + q;
  let loopback = false;
  try {
    loopback = isLoopbackHost(new URL(url).hostname);
  } catch {
    loopback = false;
  }
  return { url, loopback };
}

/** The link to `search` once the page knows whether the class server serves it. */
export async function shareLinkChecked(search: string): Promise<ShareLink> {
  await checkClassServer();
  return shareLink(search);
}

/**
 * Copies the link to `search` at once (what the page knows), then, once it knows whether the
 * class server serves it, again if the students' address differs; `say` gets each message.
 */
export async function copyLinkTo(search: string, say: (message: string) => void): Promise<void> {
  const first = shareLink(search);
  say(await copyShareLink(first));
  const checked = await shareLinkChecked(search);
  if (checked.url !== first.url) say(await copyShareLink(checked));
}

/** Copies `link` and returns what to say: copied, copied with the loopback warning, or failed. */
export async function copyShareLink(link: ShareLink): Promise<string> {
  try {
    await navigator.clipboard.writeText(link.url);
  } catch {
    return 'Copy failed: select the address bar instead';
  }
  return link.loopback
    ? 'Link copied, but it names this computer only: start `npm run classroom` for students'
    : 'Link copied';
}

/** The keys that make this page the projector (its class, its room, presenter mode). */
const PROJECTOR_KEYS = ['class', 'room', 'presenter'] as const;

/**
 * A link within the app (`?…`) that keeps this page's projector keys: followed on the
 * projector, it stays in the class and in presenter mode. Links to copy for students do not.
 */
export function onThisProjector(link: string, search = location.search): string {
  const here = new URLSearchParams(search);
  const there = new URLSearchParams(link.replace(/^\?/, ''));
  for (const k of PROJECTOR_KEYS) {
    const v = here.get(k);
    if (v !== null && !there.has(k)) there.set(k, v);
  }
  const q = there.toString();
  return q ? `?${q}` : '?';
}
