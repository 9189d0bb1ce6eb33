// marginlab page — the sweeps' Web Worker pools (issue 30). A sweep (app/models/sweep_model.h) asks the host
// for an executor; the page's (web/pool_executor.cpp) is a pool of classic workers here, each with its own
// instance of the core-only module (marginlab-worker.wasm, web/worker_main.cpp). The module is fetched and
// compiled once, when the first sweep starts (never for a single run), and the compiled WebAssembly.Module
// is posted to every worker. No SharedArrayBuffer: the page stays plain static files.
// A piece's rows, or its failure, go back to the module through ml_pool_ended(pool, id, failed, text). A
// worker that throws or dies reports its piece failed and is replaced (the module retries the piece once);
// stop() terminates every worker of the pool at once, and nothing of a stopped pool reaches the module.
'use strict';
(function () {
  const CLAMP = [1, 8];           // navigator.hardwareConcurrency is 2 to 8 in practice, or randomized
  const MAX_JOBS = 16;            // a link's jobs= above this still starts 16 workers
  let compiled = null;            // Promise of the WebAssembly.Module
  const pools = new Map();        // handle -> pool
  let nextHandle = 1;
  // For the tests and the benchmark (performance.now() times): the last pool's creation, its first worker
  // ready and its last piece ended.
  const record = { workers_started: 0, workers_replaced: 0, last_stop_ms: 0, crash_next: 0, created_ms: 0, ready_ms: 0,
                   last_end_ms: 0 };

  function compile() {
    if (!compiled) {
      compiled = fetch('marginlab-worker.wasm', { credentials: 'same-origin' }).then((response) => {
        if (!response.ok) throw new Error('marginlab-worker.wasm: HTTP ' + response.status);
        return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response)
                                            : response.arrayBuffer().then((b) => WebAssembly.compile(b));
      });
      compiled.catch(() => { compiled = null; });  // a later sweep tries again
    }
    return compiled;
  }
  function ended(pool, id, failed, text) {
    if (!pool.alive) return;
    Module.ccall('ml_pool_ended', null, ['number', 'number', 'number', 'string'], [pool.handle, id, failed ? 1 : 0, text]);
  }
  // How many pieces a worker holds at once: the one it runs and the next ones, queued in the worker itself,
  // so that it goes from one piece to the next without waiting for the page's main thread (whose frames
  // under a software renderer last tens of ms, and which alone could hand out the next piece). Enough
  // pieces for AHEAD_MS of work at the pool's mean piece time, few enough that the workers end together.
  const AHEAD_MS = 250;
  const MAX_HELD = 16;
  function held(pool) {
    if (!(pool.pieceMs > 0)) return 4;
    return 1 + Math.min(MAX_HELD - 1, Math.max(1, Math.ceil(AHEAD_MS / pool.pieceMs)));
  }
  function spawn(pool) {
    const slot = { worker: new Worker('worker.js'), jobs: [], heap: 0 };
    record.workers_started++;
    slot.worker.onmessage = (e) => message(pool, slot, e.data);
    // A script that throws fires an ErrorEvent; a worker script that could not be fetched fires a plain
    // error Event (HTML's "run a worker"), and would fail again in a new worker: the pool breaks down
    // instead of starting workers again and again.
    slot.worker.onerror = (e) => {
      e.preventDefault();
      if (e instanceof ErrorEvent) replace(pool, slot, 'the worker stopped: ' + (e.message || 'an error'));
      else breakDown(pool, 'the worker could not start: worker.js did not load');
    };
    compile().then((module) => {
      if (pool.alive && pool.slots.includes(slot)) slot.worker.postMessage({ type: 'init', module, script: 'marginlab-worker.js' });
    }, (err) => breakDown(pool, 'the worker module could not be loaded: ' + err.message));
    return slot;
  }
  // The pool cannot start a worker (the module did not load: no worker could run anything): every piece,
  // held, waiting or handed over later, fails with `why` (the sweep retries each once, then makes its
  // cells' error rows), instead of new workers fetching the module again and again.
  function breakDown(pool, why) {
    if (!pool.alive || pool.broken) return;
    pool.broken = why;
    const pieces = [];
    for (const slot of pool.slots) {
      slot.worker.terminate();
      pieces.push(...slot.jobs);
    }
    pool.slots = [];
    pieces.push(...pool.waiting.splice(0));
    for (const job of pieces) ended(pool, job.id, true, why);
  }
  // A worker that died or threw: terminated, a new one in its place. It runs its pieces in order, so the
  // first one it holds is the one that failed (reported so); the ones behind it never ran and go back to
  // the front of the queue as they were.
  function replace(pool, slot, why, failedId = null) {
    slot.worker.terminate();
    const i = pool.slots.indexOf(slot);
    if (!pool.alive || i < 0) return;
    record.workers_replaced++;
    pool.slots[i] = spawn(pool);
    const at = failedId === null ? 0 : slot.jobs.findIndex((job) => job.id === failedId);
    const failed = at >= 0 ? slot.jobs.splice(at, 1)[0] : null;
    pool.waiting.unshift(...slot.jobs);
    slot.jobs = [];
    if (failed) ended(pool, failed.id, true, why);
    dispatch(pool);
  }
  function message(pool, slot, m) {
    if (!pool.alive || !pool.slots.includes(slot)) return;
    if (m.heap) {
      slot.heap = m.heap;
      pool.heapMax = Math.max(pool.heapMax, m.heap);
    }
    if (m.type === 'ready') {
      if (!record.ready_ms) record.ready_ms = performance.now();
      return;
    }
    if (m.type === 'done') {
      const at = slot.jobs.findIndex((job) => job.id === m.id);
      if (at < 0) return;
      slot.jobs.splice(at, 1);
      pool.done++;
      record.last_end_ms = performance.now();
      pool.pieceMs = pool.pieceMs > 0 ? 0.8 * pool.pieceMs + 0.2 * m.ms : m.ms;
      ended(pool, m.id, false, m.text);
      dispatch(pool);
    } else {
      replace(pool, slot, m.message, m.id);  // its module may be broken (an abort): a fresh one runs the next piece
    }
  }
  // Hands the waiting pieces to the workers in turn, each up to held(pool).
  function dispatch(pool) {
    const most = held(pool);
    for (let gave = true; gave && pool.waiting.length;) {
      gave = false;
      for (const slot of pool.slots) {
        if (slot.jobs.length >= most || !pool.waiting.length) continue;
        const job = pool.waiting.shift();
        slot.jobs.push(job);
        const crash = record.crash_next > 0;
        if (crash) record.crash_next--;
        slot.worker.postMessage({ type: 'run', ...job, crash });
        gave = true;
      }
    }
  }

  window.marginlabPool = {
    // The pool size for a link's jobs= (0: the browser's cores, clamped).
    size(jobs) {
      if (jobs > 0) return Math.min(jobs, MAX_JOBS);
      return Math.min(CLAMP[1], Math.max(CLAMP[0], navigator.hardwareConcurrency || 2));
    },
    // A new pool of size(jobs) workers (started now; the module compiles once for all pools): its handle.
    create(jobs) {
      const pool = { handle: nextHandle++, alive: true, slots: [], waiting: [], heapMax: 0, done: 0, pieceMs: 0 };
      const n = this.size(jobs);
      Object.assign(record, { created_ms: performance.now(), ready_ms: 0, last_end_ms: 0 });
      for (let i = 0; i < n; i++) pool.slots.push(spawn(pool));
      pools.set(pool.handle, pool);
      return pool.handle;
    },
    // Runs the cells (comma list) of the experiment link on the pool's next free worker.
    run(handle, id, url, cells) {
      const pool = pools.get(handle);
      if (!pool) return;
      // A broken pool's answer comes after this call (the module is in the middle of handing out pieces).
      if (pool.broken) return void setTimeout(() => ended(pool, id, true, pool.broken), 0);
      pool.waiting.push({ id, url, cells });
      dispatch(pool);
    },
    // Terminates every worker of the pool at once.
    stop(handle) {
      const pool = pools.get(handle);
      if (!pool) return;
      pool.alive = false;
      for (const slot of pool.slots) slot.worker.terminate();
      pool.slots = [];
      pools.delete(handle);
      record.last_stop_ms = performance.now();
    },
    // The pool's live workers.
    workers(handle) {
      const pool = pools.get(handle);
      return pool ? pool.slots.length : 0;
    },
    // The largest heap a worker of the pool reported, in bytes.
    heapMax(handle) {
      const pool = pools.get(handle);
      return pool ? pool.heapMax : 0;
    },
    // For the tests and the benchmark: live workers of every pool, workers started and replaced, the heap.
    stats() {
      let alive = 0, heapMax = 0;
      for (const pool of pools.values()) {
        alive += pool.slots.length;
        heapMax = Math.max(heapMax, pool.heapMax);
      }
      return { pools: pools.size, alive, heap_max: heapMax, module_requested: compiled !== null, ...record };
    },
    // Test hook: the next n pieces make their worker die (an uncaught error) before they run.
    crashNext(n) { record.crash_next = n; },
  };
})();
