/**
 * One live class: who is connected, the step the class follows, the question being asked (its
 * rounds and their tallies), the pushed scenario or challenge. Every change is written to the
 * database before it is applied here or announced, so a restarted server resumes each room
 * where it was (`Room.load`).
 */
import type {
  AnswerMsg,
  AttemptMsg,
  ChallengeSpec,
  ClientMessage,
  HelloStudentMsg,
  PushItem,
  Question,
  RoomState,
  RoomStatus,
  View,
} from '../classroom/protocol';
import { LIMITS, PROTOCOL_VERSION } from '../classroom/protocol';
import type { GroupCommit } from './commit';
import type { ClassDb, RoomStateJson } from './db';
import type { RoomError } from './question';
import { AskedQuestion, err, notCurrent, revealOf } from './question';
import { AttemptTally } from './tally';
import { Throttle } from './throttle';

export type { RoomError } from './question';

/** A connection as the room sees it. */
export interface Peer {
  send(text: string): void;
  /** Ends the connection (the room was deleted). */
  close(code: number, reason: string): void;
  role: 'host' | 'student' | null;
  student: string | null;
  room: Room | null;
}

const sendJson = (p: Peer, m: object) => p.send(JSON.stringify(m));
const notSaved = (p: Peer, what: string, e: Error | null | undefined, seq: number) =>
  sendJson(p, {
    type: 'error',
    code: 'internal',
    message: `${what} not saved: ${e?.message}`,
    ref: seq,
  });

/** Tallies and presence reach the projector at most this often (ms). */
export const TALLY_INTERVAL_MS = 50;

export class Room {
  readonly code: string;
  readonly hostTokenHash: string;
  readonly created: number;
  private view: View | null;
  private push: PushItem | null;
  private status: RoomStatus;
  private endedAt: number | undefined;
  private q: AskedQuestion | null = null;
  private readonly challenges = new Map<string, ChallengeSpec>();
  private attempts: AttemptTally | null = null;
  /** The open round's countdown timer and when it ends (epoch ms). */
  private countdown: ReturnType<typeof setTimeout> | null = null;
  private countdownAt: number | null = null;

  private readonly hosts = new Set<Peer>();
  private readonly students = new Map<string, Set<Peer>>();

  private readonly tally = new Throttle(TALLY_INTERVAL_MS, () => {
    this.sendHosts(JSON.stringify({ type: 'presence', students: this.students.size }));
    if (this.q) this.sendHosts(this.tallyText());
  });
  private readonly db: ClassDb;
  private readonly commit: GroupCommit;

  private constructor(
    db: ClassDb,
    commit: GroupCommit,
    code: string,
    hash: string,
    created: number,
    s: RoomStateJson,
  ) {
    this.db = db;
    this.commit = commit;
    this.code = code;
    this.hostTokenHash = hash;
    this.created = created;
    this.view = s.view;
    this.push = s.push;
    this.status = s.status ?? 'open';
    this.endedAt = s.endedAt;
  }

  /** The room as stored (its current question with the tallies of every round), or null. */
  static load(db: ClassDb, commit: GroupCommit, code: string): Room | null {
    const row = db.getRoom(code);
    if (!row) return null;
    const room = new Room(db, commit, row.code, row.hostTokenHash, row.created, row.state);
    if (row.state.qid !== null) room.loadQuestion(row.state.qid);
    for (const c of db.challenges(code))
      if (c.item.challenge) room.challenges.set(c.challengeId, c.item.challenge);
    if (room.push?.challenge) room.loadAttempts(room.push.challenge.id);
    // A countdown that ended while the server was down closes its round now, as of its end,
    // before anyone hears of the room.
    if (room.q?.open && room.q.closesAt !== null && room.q.closesAt <= Date.now())
      room.countdownEnds();
    else room.armCountdown();
    return room;
  }

  private loadQuestion(qid: string): void {
    this.q = AskedQuestion.load(this.db, this.code, qid);
  }

  private loadAttempts(challengeId: string): void {
    const t = new AttemptTally(challengeId);
    for (const a of this.db.attemptsOf(this.code, challengeId)) t.set(a.student, a.best);
    for (const [v, passed, failed] of this.db.attemptValues(this.code, challengeId)) {
      if (passed) t.add(v, true, passed);
      if (failed) t.add(v, false, failed);
    }
    this.attempts = t;
  }

  /** Students connected now (distinct ids: two tabs of one phone count once). */
  studentCount(): number {
    return this.students.size;
  }

  state(): RoomState {
    return {
      code: this.code,
      status: this.status,
      students: this.students.size,
      view: this.view,
      question: this.q ? this.q.state() : null,
      push: this.push,
    };
  }

  /** What the rooms table holds for this room now. */
  private stored(): RoomStateJson {
    return {
      view: this.view,
      push: this.push,
      qid: this.q?.def.qid ?? null,
      status: this.status,
      ...(this.endedAt !== undefined ? { endedAt: this.endedAt } : {}),
    };
  }

  // ---- joining and leaving ----------------------------------------------------------

  joinHost(peer: Peer): void {
    peer.role = 'host';
    peer.room = this;
    this.hosts.add(peer);
    peer.send(
      JSON.stringify({
        type: 'welcome',
        role: 'host',
        protocol: PROTOCOL_VERSION,
        room: this.state(),
      }),
    );
    if (this.q) peer.send(this.tallyText());
    if (this.attempts) peer.send(JSON.stringify({ type: 'attempts', ...this.attempts.toJson() }));
  }

  joinStudent(peer: Peer, m: HelloStudentMsg): void {
    peer.role = 'student';
    peer.student = m.student;
    peer.room = this;
    let set = this.students.get(m.student);
    if (!set) this.students.set(m.student, (set = new Set()));
    set.add(peer);
    const mine = this.db.mine(this.code, m.student);
    peer.send(
      JSON.stringify({
        type: 'welcome',
        role: 'student',
        protocol: PROTOCOL_VERSION,
        room: this.state(),
        mine,
      }),
    );
    const at = Date.now();
    this.commit.enqueue(
      () => this.db.touchStudent(this.code, m.student, at),
      () => {},
    );
    this.scheduleTally();
  }

  leave(peer: Peer): void {
    if (peer.role === 'host') this.hosts.delete(peer);
    else if (peer.role === 'student' && peer.student !== null) {
      const set = this.students.get(peer.student);
      set?.delete(peer);
      if (set && set.size === 0) this.students.delete(peer.student);
      this.scheduleTally();
    }
    peer.room = null;
  }

  // ---- messages -----------------------------------------------------------------------

  /** Open, paused or ended. */
  get life(): RoomStatus {
    return this.status;
  }

  /** Applies a joined peer's message; an error means nothing changed. */
  handle(peer: Peer, m: ClientMessage): RoomError | null {
    // An ended class changes no more (its record is kept) until the host resumes it; the
    // projector's step may still follow the page.
    const stays = ['resume', 'follow', 'end', 'answer', 'attempt'];
    if (this.status === 'ended' && !stays.includes(m.type))
      return err('ended', `the class has ended: "${m.type}" is refused (resume it first)`);
    switch (m.type) {
      case 'answer':
        return this.answer(peer, m);
      case 'attempt':
        return this.attempt(peer, m);
      case 'follow':
        if (m.view.lessonRef && this.db.lessonFile(this.code, m.view.lessonRef) === null)
          return err(
            'no-lesson',
            `room ${this.code} keeps no lesson ${m.view.lessonRef}: PUT it to /class/api/rooms/${this.code}/lessons first`,
          );
        return this.change(
          () => this.db.setRoomState(this.code, { ...this.stored(), view: m.view }),
          () => (this.view = m.view),
        );
      case 'push':
        return this.pushItem(m.item);
      case 'open':
        return this.open(m.question);
      case 'revote':
      case 'close':
      case 'reveal':
        return this.questionOp(m);
      case 'pause':
        return this.setStatus('paused');
      case 'resume':
        return this.setStatus('open');
      case 'end':
        return this.setStatus('ended');
      case 'clear':
        return this.clear();
      default:
        return err('type', `"${m.type}" is not a room message`);
    }
  }

  /**
   * A host's change: `save` writes it in one transaction; only once that committed, `apply`
   * changes the room in memory and everyone gets the new state.
   */
  private change(save: () => void, apply: () => void): RoomError | null {
    try {
      this.db.transaction(save);
    } catch (e) {
      return err('internal', `the change was not saved: ${(e as Error).message}`);
    }
    apply();
    this.broadcastState();
    return null;
  }

  /**
   * Pause, resume or end. Ending closes the open round (the answers stay); a repeated message
   * changes nothing and everyone gets the state again.
   */
  private setStatus(next: RoomStatus): RoomError | null {
    if (next === this.status) {
      this.broadcastState();
      return null;
    }
    const q = this.q;
    const now = Date.now();
    const endedAt = next === 'ended' ? now : undefined;
    return this.change(
      () => {
        if (next === 'ended' && q?.open) this.db.closeRound(this.code, q.def.qid, q.round, now);
        const { endedAt: _, ...rest } = this.stored();
        this.db.setRoomState(this.code, {
          ...rest,
          status: next,
          ...(endedAt !== undefined ? { endedAt } : {}),
        });
      },
      () => {
        if (next === 'ended' && q) q.open = false;
        this.status = next;
        this.endedAt = endedAt;
      },
    );
  }

  /** The current question leaves the phones and the projector (its rounds stay stored). */
  private clear(): RoomError | null {
    const q = this.q;
    if (!q) {
      this.broadcastState();
      return null;
    }
    const now = Date.now();
    const r = this.change(
      () => {
        if (q.open) this.db.closeRound(this.code, q.def.qid, q.round, now);
        this.db.setRoomState(this.code, { ...this.stored(), qid: null });
      },
      () => (this.q = null),
    );
    return r;
  }

  private pushItem(item: PushItem): RoomError | null {
    const r = this.change(
      () => {
        if (item.challenge) this.db.putChallenge(this.code, item, Date.now());
        this.db.setRoomState(this.code, { ...this.stored(), push: item });
      },
      () => (this.push = item),
    );
    if (r) return r;
    if (item.challenge) {
      this.challenges.set(item.challenge.id, item.challenge);
      this.loadAttempts(item.challenge.id);
      this.sendHosts(JSON.stringify({ type: 'attempts', ...this.attempts!.toJson() }));
    }
    return null;
  }

  private open(def: Question): RoomError | null {
    const q = this.q;
    if (q && q.def.qid === def.qid && q.open) {
      this.broadcastState();
      this.sendHosts(this.tallyText());
      return null;
    }
    const now = Date.now();
    // A new qid opens round 1. A qid asked before becomes current again with its rounds and
    // tallies; its last round reopens unless it was revealed (then `revote` asks again).
    try {
      this.db.transaction(() => {
        if (q && q.open) this.db.closeRound(this.code, q.def.qid, q.round, now);
        const rows = this.db.questionRounds(this.code, def.qid);
        const last = rows[rows.length - 1];
        if (!last) this.db.openRound(this.code, def, 1, now);
        else if (!last.revealed && last.closedAt !== null)
          this.db.reopenRound(this.code, last.def, last.round, now);
        this.db.setRoomState(this.code, { ...this.stored(), qid: def.qid });
      });
    } catch (e) {
      return err('internal', `the question was not opened: ${(e as Error).message}`);
    }
    this.loadQuestion(def.qid);
    this.broadcastState();
    this.sendHosts(this.tallyText());
    return null;
  }

  private questionOp(
    m: Extract<ClientMessage, { type: 'revote' | 'close' | 'reveal' }>,
  ): RoomError | null {
    const q = this.q;
    if (!q || q.qid !== m.qid) return notCurrent(q, m.qid);
    const now = Date.now();
    if (m.type === 'close') {
      if (!q.open) {
        this.broadcastState();
        return null;
      }
      return this.change(
        () => this.db.closeRound(this.code, q.def.qid, q.round, now),
        () => (q.open = false),
      );
    }
    if (m.type === 'revote') {
      if (q.round >= LIMITS.maxRounds)
        return err(
          'closed',
          `"${m.qid}" has had ${LIMITS.maxRounds} rounds, the most there can be`,
        );
      const r = this.change(
        () => {
          if (q.open) this.db.closeRound(this.code, q.def.qid, q.round, now);
          this.db.openRound(this.code, q.def, q.round + 1, now);
        },
        () => q.nextRound(now),
      );
      if (!r) this.sendHosts(this.tallyText());
      return r;
    }
    const r = revealOf(q.def, m);
    if (!('reveal' in r)) return r;
    const reveal = r.reveal;
    return this.change(
      () => this.db.revealRound(this.code, q.def.qid, q.round, reveal, now),
      () => {
        q.open = false;
        q.revealed = reveal;
      },
    );
  }

  private answer(peer: Peer, m: AnswerMsg): RoomError | null {
    const q = this.q;
    const student = peer.student!;
    if (!q || q.qid !== m.qid) return notCurrent(q, m.qid);
    const bad =
      this.status === 'ended'
        ? err('ended', 'the class has ended: no more answers')
        : this.status === 'paused'
          ? err('paused', 'the class is paused: answers wait until the instructor resumes it')
          : q.checkAnswer(m.round, m.value);
    if (
      (bad?.code === 'closed' || bad?.code === 'paused' || bad?.code === 'ended') &&
      this.db.getAnswer(this.code, m.qid, m.round, student) === m.value
    ) {
      // A resent answer that is already stored (its ack was lost) is acknowledged again.
      sendJson(peer, { type: 'ack', seq: m.seq });
      return null;
    }
    if (bad) return bad;
    const qid = m.qid;
    const round = m.round;
    const value = m.value;
    this.commit.enqueue(
      () => this.db.putAnswer({ room: this.code, qid, round, student, value, at: Date.now() }),
      (e, old) => {
        if (e) {
          notSaved(peer, 'answer', e, m.seq);
          return;
        }
        if (this.q && this.q.def.qid === qid) this.q.tallies[round - 1]?.replace(old, value);
        sendJson(peer, { type: 'ack', seq: m.seq });
        this.scheduleTally();
      },
    );
    return null;
  }

  private attempt(peer: Peer, m: AttemptMsg): RoomError | null {
    const spec = this.challenges.get(m.challengeId);
    if (!spec)
      return err('no-challenge', `no challenge "${m.challengeId}" was pushed to this room`);
    const student = peer.student!;
    if (this.status === 'ended') {
      // A resend of an attempt stored before the end is acknowledged again; a new one is not.
      if (!this.db.attemptStored(this.code, m.challengeId, student, m.seq))
        return err('ended', 'the class has ended: no more attempts');
      sendJson(peer, { type: 'ack', seq: m.seq });
      return null;
    }
    this.commit.enqueue(
      () =>
        this.db.putAttempt({
          room: this.code,
          challengeId: m.challengeId,
          student,
          value: m.value,
          pass: m.pass,
          better: spec.better,
          at: Date.now(),
          seq: m.seq,
        }),
      (e, row) => {
        if (e || !row) {
          notSaved(peer, 'attempt', e, m.seq);
          return;
        }
        if (this.attempts?.challengeId === m.challengeId) {
          this.attempts.set(student, row.best);
          if (row.counted) this.attempts.add(m.value, m.pass);
          this.sendHosts(JSON.stringify({ type: 'attempts', ...this.attempts.toJson() }));
        }
        sendJson(peer, { type: 'ack', seq: m.seq });
      },
    );
    return null;
  }

  // ---- sending --------------------------------------------------------------------------

  private sendHosts(text: string): void {
    for (const h of this.hosts) h.send(text);
  }

  /** The open round's countdown, armed (or dropped) to match the current question. */
  private armCountdown(): void {
    const at = this.q?.open ? this.q.closesAt : null;
    if (at === this.countdownAt) return;
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
    this.countdownAt = at;
    if (at === null) return;
    this.countdown = setTimeout(() => this.countdownEnds(), Math.max(0, at - Date.now()));
    this.countdown.unref?.();
  }

  /** The countdown has run out: the round closes as of its end, as a host's "close" would. */
  private countdownEnds(): void {
    this.countdown = null;
    this.countdownAt = null;
    const q = this.q;
    if (!q || !q.open || q.closesAt === null) return;
    if (Date.now() < q.closesAt) return this.armCountdown();
    const at = q.closesAt;
    const r = this.change(
      () => this.db.closeRound(this.code, q.def.qid, q.round, at),
      () => (q.open = false),
    );
    if (!r) this.scheduleTally();
  }

  broadcastState(): void {
    this.armCountdown();
    const text = JSON.stringify({ type: 'state', room: this.state() });
    this.sendHosts(text);
    for (const set of this.students.values()) for (const p of set) p.send(text);
  }

  private tallyText(): string {
    return JSON.stringify(this.q!.tally(this.students.size));
  }

  /** The projector's tally (or presence, with no question), at most once per TALLY_INTERVAL_MS. */
  private scheduleTally(): void {
    if (this.hosts.size > 0) this.tally.request();
  }

  /** The room is deleted: every page connected to it is let go (it finds no room on its
   * next hello). */
  evict(): void {
    for (const p of [...this.hosts, ...[...this.students.values()].flatMap((s) => [...s])]) {
      this.leave(p);
      p.close(4004, 'room deleted');
    }
    this.dispose();
  }

  dispose(): void {
    this.tally.dispose();
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
  }
}
