// `npm run classroom` as a person runs it: what it prints (the projector's and the students'
// addresses, a QR code, each new room's join address and QR code), its usage errors, and a
// clean stop on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Child } from '../../src/server/spawn';
import { ENTRY, spawnServer } from '../../src/server/spawn';
import { createRoom, tmpDist } from './client';

const children: Child[] = [];
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
});

/** Runs the command to its end (for the usage errors, which exit before listening). */
const run = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', ENTRY, ...args], { encoding: 'utf8' });

/** Waits until the output contains `text`. */
async function printed(c: Child, text: string): Promise<void> {
  while (!c.output().includes(text)) {
    if (c.proc.exitCode !== null) throw new Error(`exited; printed:\n${c.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const QR_LINE = /^ {4}[█▀▄ ]{25,}$/m;

describe('npm run classroom', () => {
  it('prints the addresses and QR codes, a new room, and stops cleanly on Ctrl-C', async () => {
    const t = tmpDist();
    const c = await spawnServer([
      '--port',
      '0',
      '--db',
      t.db,
      '--dist',
      `${t.dir}/dist`,
      '--qr',
      'compact',
    ]);
    children.push(c);
    await printed(c, 'Ctrl-C stops the server.');
    const out = c.output();
    expect(out).toContain(
      `Projector (open on this laptop):  http://127.0.0.1:${c.port}/?class=host`,
    );
    // Bound to 127.0.0.1 here, so the students' address is that one (reachable from this machine only).
    expect(out).toContain(`Students (same network):          http://127.0.0.1:${c.port}/j\n`);
    expect(out).toContain('This laptop has no network address students can reach');
    expect(out).toMatch(QR_LINE);
    expect(out).toContain(`Answers are saved in ${t.db} (nothing leaves this laptop).`);

    const room = await createRoom(c.url);
    const joinUrl = `http://127.0.0.1:${c.port}/?join=${room.code}`;
    await printed(c, `Room ${room.code} is open. Students scan this or open ${joinUrl}`);
    const after = c.output().slice(c.output().indexOf(`Room ${room.code}`));
    expect(after).toMatch(QR_LINE);
    expect(c.output()).not.toContain(room.hostToken);

    const page = await fetch(`${c.url}/?class=host`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>lab</title>');

    c.proc.kill('SIGINT');
    expect(await c.exited).toEqual({ code: 0, signal: null });
    expect(c.output()).toContain(
      'SIGINT: stopping the class server...\nStopped; the database is closed.',
    );
  });

  it('names a wrong option and exits 2', () => {
    const bad = run(['--port', 'eighty']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('classroom: --port must be 0..65535, not "eighty"');
    const qr = run(['--qr', 'big']);
    expect(qr.status).toBe(2);
    expect(qr.stderr).toContain('--qr must be compact, ansi or none, not "big"');
    const dist = run(['--dist', '/nonexistent-dir']);
    expect(dist.status).toBe(2);
    expect(dist.stderr).toContain('--dist /nonexistent-dir: no index.html there');
    const origin = run(['--allow-origin', 'lab.example.org']);
    expect(origin.status).toBe(2);
    expect(origin.stderr).toContain(
      '--allow-origin must be an origin such as https://lab.example.org, not "lab.example.org"',
    );
    const unknown = run(['--colour']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--colour'");
  });
});
