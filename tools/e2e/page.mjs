// What every headless-browser script shares: a static server for build/web on 127.0.0.1 and Debian's
// chromium launched through playwright-core with WebGL2 on SwiftShader (TOOLCHAIN.md).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png',
                '.css': 'text/css', '.json': 'application/json' };

// The page's files a browser test needs in the site folder (the web build assembles them).
const kSiteFiles = ['index.html', 'glue.js', 'marginlab-app.js', 'marginlab-app.wasm'];

// What an end-to-end script needs before it starts, else it exits 1 naming what is missing: playwright-core
// (tools/setup.sh), the page's files in `site` (the web preset) and, when given, the native command line `cli`
// (the reference for trace hashes). Resolves to playwright-core's chromium.
export async function requirePrerequisites(script, { site, cli = null }) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    console.log(`${script}: playwright-core is missing: run tools/setup.sh (npm install in tools/e2e)`);
    process.exit(1);
  }
  for (const f of kSiteFiles) {
    if (!fs.existsSync(path.join(site, f))) {
      console.log(`${script}: ${path.join(site, f)} is missing: build the web preset first`);
      process.exit(1);
    }
  }
  if (cli && !fs.existsSync(cli)) {
    console.log(`${script}: ${cli} is missing: build the native preset first (the reference for trace hashes)`);
    process.exit(1);
  }
  return chromium;
}

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
