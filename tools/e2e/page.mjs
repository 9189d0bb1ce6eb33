// What every headless-browser script shares: a static server for build/web on 127.0.0.1 and Debian's
// chromium launched through playwright-core with WebGL2 on SwiftShader (TOOLCHAIN.md).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png',
                '.css': 'text/css', '.json': 'application/json' };

// Serves the files of `dir` on a free port of 127.0.0.1; resolves to { server, base } (base ends in '/').
export async function serveDirectory(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const file = path.join(dir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}

// Headless chromium ($CHROMIUM or /usr/bin/chromium) with WebGL2 through SwiftShader.
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
}
