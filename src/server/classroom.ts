/**
 * `npm run classroom [-- --port 8080] [--host 0.0.0.0] [--db classroom.sqlite] [--dist DIR]
 * [--qr compact|ansi|none]`: one laptop runs the class. Builds the app if dist/ is missing or
 * stale, then serves it with the live room on one origin, on every network address of the
 * laptop; prints the students' address with a QR code, and the projector's address. Ctrl-C
 * stops it cleanly (the database is closed; every acknowledged answer is already on disk).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderANSI, renderUnicodeCompact } from 'uqr';
import { PROJECT_ROOT, staleReason, viteBuild } from './build';
import { shortJoinPath } from '../classroom/protocol';
import { startClassServer } from './server';

const HELP = `Usage: npm run classroom [-- options]

Serves the lab and a live class room from this laptop (no internet needed).
  --port N        port to listen on (default 8080; 0 picks a free one)
  --host ADDR     address to listen on (default 0.0.0.0: every network address)
  --db FILE       SQLite file for the class's answers (default classroom.sqlite here)
  --dist DIR      serve this build instead of building dist/ (no build step)
  --qr KIND       terminal QR code: compact (default), ansi (coloured), none
  --allow-origin URL
                  also accept pages from this origin (e.g. a tunnel's https://...); repeatable
  --help          this text`;

type QrKind = 'compact' | 'ansi' | 'none';

function qr(text: string, kind: QrKind): string {
  if (kind === 'none') return '';
  const out =
    kind === 'ansi' ? renderANSI(text, { border: 2 }) : renderUnicodeCompact(text, { border: 2 });
  return out.replace(/^/gm, '    ') + '\n';
}

function fail(message: string): never {
  console.error(`classroom: ${message}\n\n${HELP}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '0.0.0.0' },
        db: { type: 'string', default: 'classroom.sqlite' },
        dist: { type: 'string' },
        qr: { type: 'string', default: 'compact' },
        'allow-origin': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  if (args.help) {
    console.log(HELP);
    return;
  }
  const port = Number(args.port);
  if (!/^\d{1,5}$/.test(args.port) || port > 65535)
    fail(`--port must be 0..65535, not "${args.port}"`);
  const qrKind = args.qr as QrKind;
  if (!['compact', 'ansi', 'none'].includes(qrKind))
    fail(`--qr must be compact, ansi or none, not "${args.qr}"`);

  const allowOrigins = args['allow-origin'].map((o) => {
    try {
      const u = new URL(o);
      if (u.origin === 'null' || u.href.replace(/\/$/, '') !== u.origin) throw new Error();
      return u.origin;
    } catch {
      return fail(`--allow-origin must be an origin such as https://lab.example.org, not "${o}"`);
    }
  });

  let distDir = path.join(PROJECT_ROOT, 'dist');
  if (args.dist !== undefined) {
    distDir = path.resolve(args.dist);
    const why = staleReason(PROJECT_ROOT, distDir);
    if (why?.endsWith('has no build')) fail(`--dist ${args.dist}: no index.html there`);
  } else {
    const why = staleReason(PROJECT_ROOT, distDir);
    if (why) {
      console.log(`Building the app (${why})...`);
      await viteBuild(PROJECT_ROOT, distDir);
    }
  }

  const dbPath = path.resolve(args.db);
  const server = await startClassServer({
    host: args.host,
    port,
    dbPath,
    distDir,
    quiet: true,
    allowOrigins,
    onRoomCreated: (room) => {
      console.log(`\nRoom ${room.code} is open. Students scan this or open ${room.joinUrl}\n`);
      process.stdout.write(qr(room.joinUrl, qrKind));
    },
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE')
      fail(`port ${port} is in use on ${args.host}: try --port ${port + 1}`);
    if (e.code === 'EADDRNOTAVAIL') fail(`--host ${args.host} is not an address of this machine`);
    throw e;
  });

  const info = server.info();
  // The students' address opens the join page (a code field), not the instructor's app.
  const studentsUrl = `${info.studentBase}/j`;
  const loopbackOnly = /\/\/(127\.|\[::1\]|localhost)/.test(info.studentBase);
  console.log(`
TCP-over-ATM Lab: class server on port ${server.port}

  Projector (open on this laptop):  ${info.projectorUrl}
  Students (same network):          ${studentsUrl}
${info.addresses.length > 1 ? `  Other addresses of this laptop:   ${info.addresses.slice(1).join('  ')}\n` : ''}`);
  if (loopbackOnly)
    console.log(
      "  ! This laptop has no network address students can reach: join the room's Wi-Fi or\n" +
        '    start a hotspot, then restart this command.\n',
    );
  process.stdout.write(qr(studentsUrl, qrKind));
  const open = server.rooms().filter((r) => r.status !== 'ended');
  const SHOWN = 10;
  if (open.length > 0) {
    console.log(
      `\n  Open rooms (resume one on the projector page, in the browser that started it):\n` +
        open
          .slice(0, SHOWN)
          .map(
            (r) =>
              `    ${r.code}  ${r.status === 'paused' ? 'paused' : 'open  '}  started ${r.created.slice(0, 16).replace('T', ' ')} UTC, ` +
              `${r.questions} question${r.questions === 1 ? '' : 's'}, ${r.answers} answer${r.answers === 1 ? '' : 's'}  ` +
              `${info.studentBase}${shortJoinPath(r.code)}`,
          )
          .join('\n') +
        (open.length > SHOWN ? `\n    … and ${open.length - SHOWN} more` : ''),
    );
  }
  console.log(`
  ${open.length > 0 ? 'Resume a room or start a class' : 'Start a class'} on the projector page; its join code and QR code appear there and here.
  Answers are saved in ${dbPath} (nothing leaves this laptop). Ctrl-C stops the server.
`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the class server...`);
    server.close().then(
      () => {
        console.log('Stopped; the database is closed.');
        process.exit(0);
      },
      (e: unknown) => {
        console.error('classroom: error while stopping:', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // For a parent process (tests, the benchmark): the port and memory over IPC.
  if (process.send) {
    process.send({ type: 'listening', port: server.port, url: server.url });
    process.on('message', (m: { type?: string }) => {
      if (m?.type !== 'memory') return;
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'memory', ...process.memoryUsage(), stats: server.stats() });
    });
    process.on('disconnect', () => stop('parent gone'));
  }
}

main().catch((e: unknown) => {
  console.error(`classroom: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
