// One screenshot of the page (for screenshots.sh): opens build/web with a link, trains at full speed
// until the app pauses at the link's step budget (or the learner is done), moves the mouse out of the
// way and saves a 1280x800 PNG. Usage: node tools/e2e/screenshots_web.mjs '<link>' OUT.png
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildWeb = path.resolve(root, process.env.BUILD_WEB || 'build/web');
const [link = '', out = 'screenshot.png'] = process.argv.slice(2);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const p = new URL(req.url, 'http://x').pathname;
  const file = path.join(buildWeb, p === '/' ? 'index.html' : p);
  if (!file.startsWith(buildWeb) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
// DPR=2 renders as a high-DPI screen would (device pixels = 2 x CSS pixels).
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: Number(process.env.DPR || 1) });
await page.goto(`http://127.0.0.1:${server.address().port}/${link}`);
await page.waitForFunction(() => window.marginlab && window.marginlab.frames >= 2, null, { timeout: 300000 });
await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
await page.waitForFunction(() => { const s = window.marginlab.status(); return s.has_session && !s.playing; }, null,
                           { timeout: 600000, polling: 250 });
const frames = await page.evaluate(() => window.marginlab.frames);
await page.mouse.move(1279, 799);
await page.waitForFunction((n) => window.marginlab.frames >= n + 8, frames, { timeout: 300000 });
await page.screenshot({ path: out });
console.log(out);
await browser.close();
server.close();
