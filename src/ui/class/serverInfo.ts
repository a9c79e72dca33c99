/**
 * Whether this page is served by the class server (`npm run classroom`): it answers
 * `GET /class/api/info`. A static deployment or `npm start` answers 404 (or the SPA's HTML, or a
 * network error): then there is no class server, the class features say how to start one, and
 * nothing else changes. Asked once per page; the answer is kept in a small store for React.
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

const INFO_PATH = '/class/api/info';

let state: InfoState = 'checking';
let asked = false;
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

/** Asks the page's origin once; later calls return the same promise's result. */
export function checkClassServer(): void {
  if (asked) return;
  asked = true;
  if (typeof fetch === 'undefined' || typeof location === 'undefined') return set(null);
  fetch(new URL(INFO_PATH, location.origin), { headers: { Accept: 'application/json' } })
    .then(async (r) => {
      if (!r.ok || !(r.headers.get('content-type') ?? '').includes('json')) return set(null);
      const body: unknown = await r.json();
      set(isInfo(body) ? body : null);
    })
    .catch(() => set(null));
}

export const classInfo = {
  subscribe(l: () => void): () => void {
    checkClassServer();
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
