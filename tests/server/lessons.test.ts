// A lesson of the instructor's own in the live class, on a real server over real sockets: the
// projector has the server keep its lesson file (PUT with the host token), its step names the
// file's reference, and a phone reads the file by the room's code. Wrong tokens, bad bodies,
// unknown references and a step naming a file the room does not keep are refused, each with
// what was wrong; deleting the room deletes its lessons.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/classroom/schemas';
import { lessonRef } from '../../src/server/api';
import { classServerFixture, createRoom, sid } from './client';

const cls = classServerFixture();

/** A lesson link's value (lz-string's URI alphabet); the server keeps it as it is. */
const FILE = 'N4IgzgpgTgLgBAcwIYFsCWA7WBGAFAWgGMALCAQwDsAaEAI2OoE8Ay';

const put = (code: string, token: string | null, body: unknown, origin?: string) =>
  fetch(`${cls.srv.url}/class/api/rooms/${code}/lessons`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(origin ? { Origin: origin } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = (code: string, ref: string) =>
  fetch(`${cls.srv.url}/class/api/rooms/${code}/lessons/${ref}`);

describe("a lesson of the instructor's own, kept by the class server", () => {
  it('is kept under the reference of its text, and a phone reads it by the room code', async () => {
    const room = await createRoom(cls.srv.url);
    const r = await put(room.code, room.hostToken, { file: FILE });
    expect(r.status).toBe(200);
    const { ref } = (await r.json()) as { ref: string };
    // The first 22 characters of the base64url SHA-256 of the text.
    expect(ref).toBe(lessonRef(FILE));
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Kept once: the same file again gives the same reference.
    expect(
      ((await (await put(room.code, room.hostToken, { file: FILE })).json()) as { ref: string })
        .ref,
    ).toBe(ref);
    const g = await get(room.code, ref);
    expect(g.status).toBe(200);
    expect(await g.text()).toBe(FILE);
    // Lower-case codes read as typed off the board.
    expect(await (await get(room.code.toLowerCase(), ref)).text()).toBe(FILE);
  });

  it('refuses a wrong token, a bad body, another origin and an unknown reference, saying why', async () => {
    const room = await createRoom(cls.srv.url);
    const other = await createRoom(cls.srv.url);
    const noToken = await put(room.code, null, { file: FILE });
    expect(noToken.status).toBe(401);
    const wrong = await put(room.code, other.hostToken, { file: FILE });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: string }).error).toBe(
      'wrong host token for this room',
    );
    for (const [body, field] of [
      [{}, 'file'],
      [{ file: '' }, 'file'],
      [{ file: 'not a lesson link <script>' }, 'file'],
      [{ file: 'A'.repeat(LIMITS.maxLessonFile + 1) }, 'file'],
      [{ file: FILE, extra: 1 }, '(body)'],
    ] as const) {
      const r = await put(room.code, room.hostToken, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = ((await r.json()) as { error: string }).error;
      expect(error).toContain(field);
    }
    const notJson = await put(room.code, room.hostToken, '{"file":');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toBe('the body is not JSON');
    const foreign = await put(room.code, room.hostToken, { file: FILE }, 'http://evil.example');
    expect(foreign.status).toBe(403);
    expect((await get(room.code, lessonRef('never kept'))).status).toBe(404);
    expect((await get(room.code, 'short')).status).toBe(400);
    expect((await get('ZZZZZ', lessonRef(FILE))).status).toBe(404);
    // Kept for one room, not read through another.
    await put(room.code, room.hostToken, { file: FILE });
    expect((await get(other.code, lessonRef(FILE))).status).toBe(404);
  });

  it('a step naming a file the room keeps reaches the phones; one it does not keep is refused', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await cls.student(room.code, sid(7));
    const unknown = lessonRef('a file nobody sent');
    const refused = await h.request(
      {
        type: 'follow',
        view: { query: 'preset=s0-testbed', lesson: 'own-x', lessonRef: unknown, step: 0 },
      },
      'error',
    );
    expect(refused).toMatchObject({ type: 'error', code: 'no-lesson' });
    expect(String(refused.message)).toContain(unknown);

    const { ref } = (await (await put(room.code, room.hostToken, { file: FILE })).json()) as {
      ref: string;
    };
    const mark = s.mark();
    h.send({
      type: 'follow',
      view: { query: 'preset=s0-testbed', lesson: 'own-x', lessonRef: ref, step: 1 },
    });
    const heard = await s.next(
      (m) =>
        m.type === 'state' &&
        (m.room as { view: { lessonRef?: string } | null }).view?.lessonRef === ref,
      mark,
    );
    expect((heard.room as { view: unknown }).view).toEqual({
      query: 'preset=s0-testbed',
      lesson: 'own-x',
      lessonRef: ref,
      step: 1,
    });
    // A malformed reference is a schema error naming the field.
    const bad = await h.request(
      { type: 'follow', view: { query: 'preset=s0-testbed', lessonRef: 'x' } },
      'error',
    );
    expect(bad).toMatchObject({ type: 'error', code: 'schema' });
    expect(String(bad.message)).toContain('view.lessonRef');

    // Deleting the room deletes its lessons.
    const del = await fetch(`${cls.srv.url}/class/api/rooms/${room.code}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${room.hostToken}` },
    });
    expect(del.status).toBe(200);
    expect(
      cls.readDb((db) =>
        db.prepare('SELECT COUNT(*) AS n FROM lesson_files WHERE room = ?').get(room.code),
      ),
    ).toEqual({ n: 0 });
  });
});
