/**
 * Serves the built app (`dist/`): files with their MIME types, the app's page for any other
 * path without an extension (its scenarios are query strings on one page), 404 otherwise.
 * Hashed assets are cached for good; the page and the service worker are revalidated so a
 * new build reaches the phones.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under `root` for a URL path, or null if it escapes `root` or is not a file. */
function resolveFile(root: string, urlPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    const st = fs.statSync(file);
    if (st.isDirectory()) {
      const idx = path.join(file, 'index.html');
      return fs.existsSync(idx) ? idx : null;
    }
    return st.isFile() ? file : null;
  } catch {
    return null;
  }
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, urlPath: string): void {
  const st = fs.statSync(file);
  const immutable = urlPath.startsWith('/assets/') || /\/workbox-[0-9a-f]+\.js$/.test(urlPath);
  res.writeHead(200, {
    'Content-Type': mimeType(file),
    'Content-Length': st.size,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** Handles GET/HEAD of the built app. */
export function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
): void {
  const file = resolveFile(root, urlPath);
  if (file) return sendFile(req, res, file, urlPath);
  // Paths without an extension are the app's routes: its one page.
  if (path.posix.extname(urlPath) === '') {
    const index = path.join(root, 'index.html');
    if (fs.existsSync(index)) return sendFile(req, res, index, '/index.html');
  }
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`Not found: ${urlPath}\n`);
}
