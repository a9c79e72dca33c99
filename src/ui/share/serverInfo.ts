/**
 * Whether this page is served by the class server (`npm run classroom`): it answers
 * `GET /class/api/info` itself. A static deployment or `npm start` serves the build's stub of
 * that file instead (public/class/api/info: no `protocol`, so no server; a file, so no 404 in
 * the console), and a network error means no server too: the class features then say how to
 * start one, and nothing else changes. Asked once per page, only when a class feature or a
 * link needs it; the answer is kept in a small store for React.
 */

/** What the class server says about itself (its `GET /class/api/info`). */
export interface ClassServerInfo {
  app: 'tcp-over-atm-lab';
  protocol: number;
  /** The address students can reach, e.g. `http://192.168.1.20:8080/`. */
  studentBase: string;
  projectorUrl: string;
  addresses: string[];
}

/** 'checking' until the first answer; null: no class server. */
export type InfoState = ClassServerInfo | null | 'checking';

/** Relative to the app's base (a static deployment under /lab/ has its stub there). */
const INFO_PATH = 'class/api/info';

let state: InfoState = 'checking';
const listeners = new Set<() => void>();

function set(s: InfoState) {
  state = s;
  for (const l of listeners) l();
}

function isInfo(v: unknown): v is ClassServerInfo {
  const o = v as Partial<ClassServerInfo> | null;
  return (
    !!o &&
    o.app === 'tcp-over-atm-lab' &&
    typeof o.protocol === 'number' &&
    typeof o.studentBase === 'string' &&
    typeof o.projectorUrl === 'string' &&
    Array.isArray(o.addresses)
  );
}

let answer: Promise<InfoState> | null = null;

/** Asks the page's server once; later calls return the same answer. */
export function checkClassServer(): Promise<InfoState> {
  if (answer) return answer;
  if (typeof fetch === 'undefined' || typeof location === 'undefined') {
    set(null);
    return (answer = Promise.resolve(null));
  }
  answer = fetch(new URL(INFO_PATH, new URL(import.meta.env.BASE_URL, location.origin)), {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  })
    .then(async (r) => {
      if (!r.ok) return null;
      const body: unknown = JSON.parse(await r.text());
      return isInfo(body) ? body : null;
    })
    .catch(() => null)
    .then((s) => {
      set(s);
      return s;
    });
  return answer;
}

export const classInfo = {
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get(): InfoState {
    return state;
  },
};

/** The known answer (null while checking or without a server). */
export function knownInfo(): ClassServerInfo | null {
  return state === 'checking' ? null : state;
}
