/**
 * The page's class session: what the room says (its state, and for the host the live tallies
 * and challenge attempts), the socket's status and the last error, in one small store that
 * React reads with useSyncExternalStore. It opens the socket (ClassClient, loaded on demand so
 * the app's first screen does not carry the protocol's schemas) once the page knows it is
 * served by the class server and which room and role it has.
 */
import type {
  AttemptsMsg,
  ClientMessage,
  CreateRoomResponse,
  Mine,
  RoomListResponse,
  RoomState,
  ServerMessage,
  TallyMsg,
} from '../../classroom/protocol';
import { browserStorage, readChoice, writeChoice } from '../data/browserStorage';
import type { ClassClient, ClassStatus, Pending } from './ClassClient';

/**
 * A student's answers and attempts as their phone shows them: the server's record (a welcome's
 * `mine`) with what this phone sent and the server has not acknowledged yet on top. An answer
 * given while the server is down is resent after the welcome, whose record predates it: on top
 * of the record, the phone shows that newer answer, the one the server stores and counts.
 */
export function withPending(mine: Mine, pending: readonly Pending[]): Mine {
  if (pending.length === 0) return mine;
  let answers = mine.answers;
  const attempts = [...mine.attempts];
  for (const p of pending)
    if (p.type === 'answer') {
      answers = answers.filter((a) => !(a.qid === p.qid && a.round === p.round));
      answers.push({ qid: p.qid, round: p.round, value: p.value });
    } else attempts.push({ challengeId: p.challengeId, value: p.value, pass: p.pass });
  return { answers, attempts };
}

export interface SessionState {
  status: ClassStatus | 'idle';
  /** The role the server granted (welcome), null before. */
  role: 'host' | 'student' | null;
  room: RoomState | null;
  tally: TallyMsg | null;
  attempts: AttemptsMsg | null;
  /** A student's own answers and attempts (the server's record, then what this page sent). */
  mine: Mine;
  /** The last error the server or the page reported, said for a person. */
  error: string | null;
  /** What the server's last error was about (`no-room`: the code names no room). */
  errorCode: string | null;
  /** Answers sent and not yet acknowledged (stored by the server). */
  unacked: number;
}

const EMPTY: SessionState = {
  status: 'idle',
  role: null,
  room: null,
  tally: null,
  attempts: null,
  mine: { answers: [], attempts: [] },
  error: null,
  errorCode: null,
  unacked: 0,
};

/** The anonymous id of this browser's student: random, kept in localStorage, nothing else. */
export function studentId(): string {
  const key = 'tal.class.student';
  const old = readChoice(key);
  if (old && /^[A-Za-z0-9_-]{8,64}$/.test(old)) return old;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  writeChoice(key, id);
  return id;
}

const TOKEN_PREFIX = 'tal.class.host.';
const tokenKey = (room: string) => `${TOKEN_PREFIX}${room}`;
/** The host token of a room this browser opened, or null. */
export const hostToken = (room: string): string | null => readChoice(tokenKey(room));

const LAST_ROOM = 'tal.class.lastRoom';
/** The last room this browser opened (the projector's "Class" button returns to it). */
export const lastRoom = (): string | null => readChoice(LAST_ROOM);

/** Every room this browser opened, with its host token. */
export function heldRooms(): Array<{ code: string; token: string }> {
  const st = browserStorage();
  const out: Array<{ code: string; token: string }> = [];
  if (!st) return out;
  try {
    for (let i = 0; i < st.length; i++) {
      const k = st.key(i);
      if (!k?.startsWith(TOKEN_PREFIX)) continue;
      const code = k.slice(TOKEN_PREFIX.length);
      const token = st.getItem(k);
      if (/^[23456789A-HJ-NP-Z]{4,6}$/.test(code) && token && /^[A-Za-z0-9_-]{43}$/.test(token))
        out.push({ code, token });
    }
  } catch {
    // storage blocked: no rooms held
  }
  return out;
}

/** Forgets a room's token (the room was deleted). */
function forgetRoom(code: string): void {
  try {
    browserStorage()?.removeItem(tokenKey(code));
    if (readChoice(LAST_ROOM) === code) browserStorage()?.removeItem(LAST_ROOM);
  } catch {
    // storage blocked
  }
}

/** The rooms this browser holds, as the class server has them (newest first); rooms the
 * server no longer has are forgotten. */
export async function listRooms(): Promise<RoomListResponse> {
  const held = heldRooms();
  if (held.length === 0) return { rooms: [], gone: [] };
  const r = await fetch('/class/api/rooms/list', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rooms: held.slice(0, 500) }),
  });
  if (!r.ok) throw new Error(`the class server answered HTTP ${r.status}`);
  const body = (await r.json()) as RoomListResponse;
  for (const code of body.gone) forgetRoom(code);
  return body;
}

/** Deletes a room this browser opened, with all its answers; forgets its token. */
export async function deleteRoom(code: string): Promise<void> {
  const token = hostToken(code);
  if (!token) throw new Error(`this browser did not open room ${code}`);
  const r = await fetch(`/class/api/rooms/${encodeURIComponent(code)}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!r.ok && r.status !== 404) throw new Error(`the class server answered HTTP ${r.status}`);
  forgetRoom(code);
}

/** The references of the lesson files kept by the server, per room and file (uploaded once). */
const keptLessons = new Map<string, Promise<string>>();

/** Has the class server keep a lesson file (its `lessonFile=` value) for the room this browser
 * hosts; its reference (the View's `lessonRef`). */
export function uploadLesson(code: string, file: string): Promise<string> {
  const key = `${code} ${file}`;
  let p = keptLessons.get(key);
  if (!p) {
    p = (async () => {
      const token = hostToken(code);
      if (!token) throw new Error(`this browser did not open room ${code}`);
      const r = await fetch(`/class/api/rooms/${encodeURIComponent(code)}/lessons`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file }),
      });
      if (!r.ok) {
        const why = ((await r.json().catch(() => null)) as { error?: string } | null)?.error;
        throw new Error(`the class server did not keep the lesson: ${why ?? `HTTP ${r.status}`}`);
      }
      return ((await r.json()) as { ref: string }).ref;
    })();
    keptLessons.set(key, p);
    p.catch(() => keptLessons.delete(key));
  }
  return p;
}

/** A lesson file the room keeps (a phone following a lesson of the instructor's own). */
export async function fetchLesson(code: string, ref: string): Promise<string> {
  const r = await fetch(
    `/class/api/rooms/${encodeURIComponent(code)}/lessons/${encodeURIComponent(ref)}`,
  );
  if (!r.ok) throw new Error(`the class server has no such lesson (HTTP ${r.status})`);
  return r.text();
}

/** Opens a room on the class server; keeps its host token in this browser. */
export async function createRoom(): Promise<CreateRoomResponse> {
  const r = await fetch('/class/api/rooms', { method: 'POST' });
  if (!r.ok) throw new Error(`the class server refused to open a room (HTTP ${r.status})`);
  const body = (await r.json()) as CreateRoomResponse;
  writeChoice(tokenKey(body.code), body.hostToken);
  writeChoice(LAST_ROOM, body.code);
  return body;
}

export class ClassSession {
  private s: SessionState = EMPTY;
  private client: ClassClient | null = null;
  private key = '';
  private readonly listeners = new Set<() => void>();

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = () => this.s;

  private set(patch: Partial<SessionState>) {
    this.s = { ...this.s, ...patch };
    for (const l of this.listeners) l();
  }

  /** Connects as `role` to `room` (a no-op when already connected so); null disconnects. */
  connect(
    target:
      { role: 'host'; room: string; token: string } | { role: 'student'; room: string } | null,
  ) {
    const key = target ? `${target.role}:${target.room}` : '';
    if (key === this.key) return;
    this.key = key;
    this.client?.close();
    this.client = null;
    this.s = EMPTY;
    this.set({});
    if (!target) return;
    this.set({ status: 'connecting' });
    void import('./ClassClient').then(({ ClassClient, classSocketUrl }) => {
      if (this.key !== key) return;
      const hello =
        target.role === 'host'
          ? ({ type: 'hello', role: 'host', room: target.room, token: target.token } as const)
          : ({ type: 'hello', role: 'student', room: target.room, student: studentId() } as const);
      this.client = new ClassClient({
        url: classSocketUrl(),
        hello,
        onMessage: (m) => this.receive(m),
        onStatus: (status) => this.set({ status, unacked: this.client?.unacknowledged() ?? 0 }),
        onRefused: (p) => this.refused(p),
      });
    });
  }

  private receive(m: ServerMessage) {
    switch (m.type) {
      case 'welcome': {
        const mine = m.mine ?? this.s.mine;
        const pending = this.client?.unacknowledgedMessages() ?? [];
        this.set({
          role: m.role,
          room: m.room,
          mine: withPending(mine, pending),
          error: null,
          errorCode: null,
        });
        break;
      }
      case 'state':
        this.set({ room: m.room });
        break;
      case 'presence':
        if (this.s.room) this.set({ room: { ...this.s.room, students: m.students } });
        break;
      case 'tally':
        this.set({ tally: m });
        break;
      case 'attempts':
        this.set({ attempts: m });
        break;
      case 'ack':
        this.set({ unacked: this.client?.unacknowledged() ?? 0 });
        break;
      case 'error':
        this.set({ error: m.message, errorCode: m.code });
        break;
      default:
        break;
    }
  }

  /** A refused answer is no longer shown as this student's (it was not counted). */
  private refused(p: Pending) {
    if (p.type !== 'answer') return;
    const answers = this.s.mine.answers.filter(
      (a) => !(a.qid === p.qid && a.round === p.round && a.value === p.value),
    );
    this.set({ mine: { ...this.s.mine, answers }, unacked: this.client?.unacknowledged() ?? 0 });
  }

  /** A host's message (false: not connected). */
  send(m: ClientMessage): boolean {
    return this.client?.send(m) ?? false;
  }

  /** A student's answer: shown as theirs at once, sent until acknowledged. */
  answer(qid: string, round: number, value: string | number) {
    if (!this.client) return;
    this.client.sendTracked({ type: 'answer', qid, round, value });
    const answers = this.s.mine.answers.filter((a) => !(a.qid === qid && a.round === round));
    answers.push({ qid, round, value });
    this.set({ mine: { ...this.s.mine, answers }, unacked: this.client.unacknowledged() });
  }

  attempt(challengeId: string, value: number, pass: boolean) {
    if (!this.client) return;
    this.client.sendTracked({ type: 'attempt', challengeId, value, pass });
    const attempts = [...this.s.mine.attempts, { challengeId, value, pass }];
    this.set({ mine: { ...this.s.mine, attempts }, unacked: this.client.unacknowledged() });
  }

  close() {
    this.connect(null);
  }
}
