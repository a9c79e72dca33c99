// The live class's pieces that need no browser: its URL keys (read, written back, bad ones
// named), the links students can open (the class server's address, loopback detection), and
// what "Send to class" sends for a scenario and for a challenge.
import { describe, expect, it } from 'vitest';
import { PushItem } from '../../../../src/classroom/protocol';
import { navQuery, readNav } from '../../../../src/ui/urlState';
import { encodeChallenge } from '../../../../src/ui/challenges/challenge';
import { READY_CHALLENGES } from '../../../../src/ui/challenges/library';
import { challengeId, pushItemFor, rankedValue } from '../../../../src/ui/class/pushItem';
import { isLoopbackHost, onThisProjector, shareLink } from '../../../../src/ui/share/links';
import { normalizeRoomCode } from '../../../../src/classroom/roomCode';

describe('the class URL keys', () => {
  it('a student link: join=CODE, any case, kept when the app rewrites its URL', () => {
    const { nav, issues } = readNav('?preset=s0-testbed&join=ab2cd');
    expect(issues).toEqual([]);
    expect(nav.classroom).toEqual({ role: 'student', room: 'AB2CD' });
    const q = navQuery({ ...nav, lesson: 'cells', step: 1 }, false);
    expect(q).toMatch(/&lesson=cells&step=2&join=AB2CD$/);
    expect(readNav(q).nav.classroom).toEqual({ role: 'student', room: 'AB2CD' });
  });

  it("the students' address: join= with no code opens the join page, and stays one", () => {
    const { nav, issues } = readNav('?join=');
    expect(issues).toEqual([]);
    expect(nav.classroom).toEqual({ role: 'student', room: null });
    expect(navQuery(nav, false)).toMatch(/(\?|&)join=$/);
    expect(readNav(navQuery(nav, false)).nav.classroom).toEqual({ role: 'student', room: null });
  });

  it('room codes as typed: any case, stray spaces; else null', () => {
    expect(normalizeRoomCode(' ab 2cd ')).toBe('AB2CD');
    expect(normalizeRoomCode('xy3z9')).toBe('XY3Z9');
    expect(normalizeRoomCode('AB1CD')).toBeNull(); // no 1 in a code
    expect(normalizeRoomCode('abc')).toBeNull();
    expect(normalizeRoomCode('')).toBeNull();
  });

  it('the projector and the results page: class=host|results with room=CODE', () => {
    const host = readNav('?class=host&room=XY3Z9').nav;
    expect(host.classroom).toEqual({ role: 'host', room: 'XY3Z9' });
    expect(navQuery(host, false)).toMatch(/&class=host&room=XY3Z9$/);
    expect(readNav('?class=host').nav.classroom).toEqual({ role: 'host', room: null });
    expect(readNav('?class=results&room=xy3z9').nav.classroom).toEqual({
      role: 'results',
      room: 'XY3Z9',
    });
    // Not scenario keys: no issue from the model's codec either.
    expect(readNav('?class=host&room=XY3Z9&preset=s0-testbed').issues).toEqual([]);
  });

  it('a bad value is named and ignored', () => {
    // Still a student's page: the join page, its field empty.
    const a = readNav('?join=no!good');
    expect(a.nav.classroom).toEqual({ role: 'student', room: null });
    expect(a.issues).toEqual([
      {
        key: 'join',
        message: 'join: "no!good" is not a room code (4 to 6 letters and digits); ignored',
      },
    ]);
    const b = readNav('?class=teacher');
    expect(b.nav.classroom).toBeNull();
    expect(b.issues.map((i) => i.key)).toEqual(['class']);
  });
});

describe('links students can open', () => {
  it("a link followed on the projector keeps its class and presenter mode, and nothing else of the page's", () => {
    const here = '?class=host&room=XY3Z9&presenter=1&preset=s0-testbed';
    expect(onThisProjector('?lesson=cells&step=1', here)).toBe(
      '?lesson=cells&step=1&class=host&room=XY3Z9&presenter=1',
    );
    expect(onThisProjector('?preset=s0-testbed&challenge=N4Ig', '?preset=x')).toBe(
      '?preset=s0-testbed&challenge=N4Ig',
    );
  });

  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'app.localhost', '[::1]', '0.0.0.0'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['192.168.1.20', '10.0.0.5', 'lab.example', '128.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it("uses the class server's student address, and flags a loopback one", () => {
    expect(shareLink('?preset=s0-testbed', 'http://192.168.1.20:8080')).toEqual({
      url: 'http://192.168.1.20:8080/?preset=s0-testbed',
      loopback: false,
    });
    expect(shareLink('join=AB2CD', 'http://127.0.0.1:8080')).toEqual({
      url: 'http://127.0.0.1:8080/?join=AB2CD',
      loopback: true,
    });
  });
});

describe('Send to class', () => {
  it('a scenario', () => {
    const item = pushItemFor('v=1&sources=8', null, 'S0 testbed');
    expect(item).toEqual({ kind: 'scenario', title: 'S0 testbed', query: 'v=1&sources=8' });
    expect(PushItem.safeParse(item).success).toBe(true);
  });

  it('a challenge: its id, the value attempts are ranked by and which way is better', () => {
    const ready = READY_CHALLENGES[0];
    const encoded = encodeChallenge(ready.challenge);
    const item = pushItemFor('v=1&sources=8', encoded, 'ignored');
    expect(item).toEqual({
      kind: 'challenge',
      title: 'How small can the buffer be?',
      query: `v=1&sources=8&challenge=${encoded}`,
      challenge: {
        id: challengeId(encoded),
        metric: 'bufferCells',
        better: 'lower',
        unit: 'cells',
      },
    });
    expect(PushItem.safeParse(item).success).toBe(true);
    expect(challengeId(encoded)).toMatch(/^c[0-9a-z]+$/);
    // The smallest buffer found is what the projector's distribution shows.
    expect(
      rankedValue(ready.challenge, { pass: true, value: 0.9026, keyValue: 553, query: '' }),
    ).toBe(553);
  });
});
