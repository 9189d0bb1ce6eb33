// marginlab page worker (a classic Web Worker started by web/pool.js): instantiates the core-only module
// (marginlab-worker.js/.wasm, web/worker_main.cpp) from the WebAssembly.Module the page compiled once, then
// runs one piece of a sweep per message and posts its rows back with the module's heap size and the piece's
// time. The pool sends a worker several pieces at once: they wait in this worker's message queue and run one
// after the other, without a round trip through the page's main thread between them.
//   in:  {type: 'init', module: WebAssembly.Module, script: 'marginlab-worker.js'}
//        {type: 'run', id, url, cells: '3,4', crash}   (crash: the tests' dying worker)
//   out: {type: 'ready'} | {type: 'done', id, text, heap, ms} | {type: 'failed', id, message, heap}
'use strict';
// The module's script (importScripts) shares this global scope: these names must not be emscripten's (it
// has a global run()).
let pending = [];  // runs that arrived before the module was ready
function heap() { return self.Module && Module.HEAP8 ? Module.HEAP8.length : 0; }
function runPiece(m) {
  let text;
  const start = performance.now();
  try {
    text = Module.ccall('ml_worker_run', 'string', ['string', 'string'], [m.url, m.cells]);
  } catch (err) {
    // An exception or an abort (out of memory): this module may be broken now; the pool replaces the worker.
    postMessage({ type: 'failed', id: m.id, message: String(err && err.message || err), heap: heap() });
    return;
  }
  if (text.startsWith('!')) postMessage({ type: 'failed', id: m.id, message: text.slice(1), heap: heap() });
  else postMessage({ type: 'done', id: m.id, text, heap: heap(), ms: performance.now() - start });
}
self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'init') {
    self.Module = {
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(m.module, imports).then((instance) => receive(instance, m.module));
        return {};
      },
      onRuntimeInitialized() {
        postMessage({ type: 'ready' });
        const waiting = pending;
        pending = null;
        waiting.forEach(runPiece);
      },
      print() {},
      printErr() {},
      noExitRuntime: true,
    };
    importScripts(m.script);
  } else if (m.type === 'run') {
    // The pool's test hook (marginlabPool.crashNext): this worker fails in this piece as a broken one would.
    if (m.crash) throw new Error('a crash the test asked for');
    else if (pending) pending.push(m);
    else runPiece(m);
  }
};
