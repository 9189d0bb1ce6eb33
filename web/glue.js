// marginlab page glue: checks the browser (WebAssembly SIMD, the module's compilation that index.html started
// before this file loaded; main() makes the WebGL2 context through index.html's createContext), loads the module's script, and connects
// the page to the app — the URL hash (history.pushState for each deliberate edit and for a navigation such
// as opening a sweep's cell, so that Back undoes and Forward redoes; history.replaceState for the link the
// page opened and its canonical form; hashchange and popstate in), the file input and
// drag-and-drop (files are read here and never uploaded), the clipboard, downloads, page visibility,
// and the loading and error screens. The app calls window.marginlab.*; the page calls the module's
// exported ml_* functions (web/main.cpp).
(function () {
  'use strict';
  const overlay = document.getElementById('overlay');
  const overlayBox = document.getElementById('overlay-box');
  const fileInput = document.getElementById('file');
  const drop = document.getElementById('drop');
  const kMaxFileBytes = 256 * 1024 * 1024;  // the CSV reader's cap (core/data/csv.h)
  let ready = false;
  let failed = false;
  let lastOpened = null;  // the hash the module has (opened or written): Back fires popstate and hashchange
  let markedFirstFrame = false, markedFirstRun = false;  // the start's last two marks were made
  // Address bar and title changes wait for the first frame: each makes the browser redraw its own toolbar,
  // which under a software renderer competes with the page's first frame for the GPU process.
  const addressWrites = [];
  function toAddressBar(write) {
    if (markedFirstFrame) write();
    else addressWrites.push(write);
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  }
  function showBox(html, kind) {
    overlayBox.className = 'box' + (kind === 'error' ? ' error' : '');
    overlayBox.innerHTML = html;
    overlay.className = kind === 'busy' ? 'translucent' : '';
  }
  function hideOverlay() { overlay.className = 'hidden'; }

  performance.mark('ml:glue');
  const api = {
    frames: 0,
    lastCost: null,  // the last frame's cost (frameDone)
    // A fatal problem: a readable screen instead of a blank canvas.
    fail(message) {
      if (failed) return;  // the first failure is the cause; later ones follow from it
      failed = true;
      showBox('<h1>marginlab cannot run here</h1><p>' + escapeHtml(message) + '</p>', 'error');
      document.body.dataset.error = message;
    },
    // The module runs: hand over the page's address and its hash.
    started() {
      performance.mark('ml:started');
      Module.ccall('ml_set_page_base', null, ['string'], [location.origin + location.pathname]);
      Module.ccall('ml_open_url', null, ['string'], [location.hash || '']);
      Module.ccall('ml_set_visible', null, ['number'], [document.hidden ? 0 : 1]);
    },
    // The app's canonical URL changed: a deliberate edit adds a history entry (`push`, decided by the
    // module: web/main.cpp push_this_change), anything else replaces the current one.
    urlChanged(url, push) {
      lastOpened = url;
      toAddressBar(() => {
        if (location.hash !== url) {
          if (push) history.pushState(null, '', url);
          else history.replaceState(null, '', url);
        }
        api.setTitle(url);
      });
    },
    // A navigation (a sweep's cell opened as a single run): a new history entry, so Back returns.
    pushUrl(url) {
      lastOpened = url;
      toAddressBar(() => {
        if (location.hash !== url) history.pushState(null, '', url);
        api.setTitle(url);
      });
    },
    setTitle(url) {
      const short = url.replace(/^#v=1&/, '').replace(/&/g, ' ');
      document.title = 'marginlab \u2014 ' + (short.length > 80 ? short.slice(0, 77) + '...' : short);
    },
    // A frame was drawn: its number, its cost (app_ms: the app's own work, train_ms: the training slice,
    // gl_ms: issuing GL calls; App::last_frame_cost) and whether it shows a built run. The first frame and
    // the first one with a run are marked on the Performance timeline (ml:first-frame, ml:first-run-frame).
    frameDone(n, cost, hasSession) {
      api.frames = n;
      api.lastCost = cost;
      if (!cost.drawn) return;  // the canvas still shows an earlier frame (nothing changed): no mark
      // The two marks stand for a frame drawn, not merely issued: a one-pixel read waits until the GPU
      // process has run the frame's commands (compiles, draws), where WebGL's finish() only flushes in
      // Chromium. Two reads in the whole life of the page.
      if ((!markedFirstFrame || (hasSession && !markedFirstRun)) && start.gl) {
        start.gl.readPixels(0, 0, 1, 1, start.gl.RGBA, start.gl.UNSIGNED_BYTE, new Uint8Array(4));
      }
      if (!markedFirstFrame) performance.mark('ml:first-frame');
      if (hasSession && !markedFirstRun) performance.mark('ml:first-run-frame');
      markedFirstFrame = true;
      markedFirstRun = markedFirstRun || hasSession;
      for (const write of addressWrites.splice(0)) write();
      if (!ready && !failed) {
        ready = true;
        hideOverlay();
        document.body.dataset.ready = '1';
      }
      fetchWantedData();
    },
    copyText(text) {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).catch(() => legacyCopy(text));
        return 1;
      }
      return legacyCopy(text) ? 1 : 0;
    },
    download(name, bytes, mime) {
      const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    },
    openFilePicker() { fileInput.value = ''; fileInput.click(); },
    // Reads a File into the module (also used by the tests through the file input). Reading shows its
    // progress and can be cancelled (button or Esc): nothing changes then. The parse that follows is
    // synchronous (about 1 s per 150 MB) and announced before it starts.
    loadFile(file) {
      if (!file) return;
      if (file.size > kMaxFileBytes) {
        alert(file.name + ' is ' + (file.size / 1048576).toFixed(0) + ' MB; marginlab reads CSV files up to 256 MB.');
        return;
      }
      const megabytes = (file.size / 1048576).toFixed(1) + ' MB';
      showBox('<h1><span class="spinner turning"></span>Reading ' + escapeHtml(file.name) + '</h1><p>' + megabytes +
              ', read in this browser, never uploaded.</p><p><progress id="file-progress" max="1" value="0"></progress> ' +
              '<span id="file-percent">0 %</span></p><p><button id="file-cancel">Cancel</button> (Esc)</p>', 'busy');
      const reader = new FileReader();
      const onKey = (e) => { if (e.key === 'Escape') { e.stopPropagation(); reader.abort(); } };
      const done = () => document.removeEventListener('keydown', onKey, true);
      document.addEventListener('keydown', onKey, true);
      document.getElementById('file-cancel').onclick = () => reader.abort();
      reader.onprogress = (e) => {
        if (!e.lengthComputable || e.total === 0) return;
        document.getElementById('file-progress').value = e.loaded / e.total;
        document.getElementById('file-percent').textContent = Math.floor(100 * e.loaded / e.total) + ' %';
      };
      reader.onabort = () => {
        done();
        showBox('<h1>Reading cancelled</h1><p>' + escapeHtml(file.name) + ' was not loaded; nothing changed.</p>', 'busy');
        setTimeout(hideOverlay, 1500);
      };
      reader.onerror = () => { done(); hideOverlay(); alert('Could not read ' + file.name + ': ' + reader.error); };
      reader.onload = () => {
        done();
        showBox('<h1><span class="spinner turning"></span>Parsing ' + escapeHtml(file.name) + '</h1><p>' + megabytes +
                '</p>', 'busy');
        // Let the notice paint before the synchronous parse.
        setTimeout(() => {
          const bytes = new Uint8Array(reader.result);
          const ptr = Module._malloc(Math.max(1, bytes.length));
          Module.HEAPU8.set(bytes, ptr);
          Module.ccall('ml_load_csv', null, ['string', 'number', 'number'], [file.name, ptr, bytes.length]);
          Module._free(ptr);
          hideOverlay();
        }, 30);
      };
      reader.readAsArrayBuffer(file);
    },
    status() { return JSON.parse(Module.ccall('ml_status', 'string', [], [])); },
    traceSha256() { return Module.ccall('ml_trace_sha256', 'string', [], []); },
    sweepRows() { return Module.ccall('ml_sweep_rows', 'string', [], []); },
    // The next frame is drawn even if it shows nothing new (a test reading the drawing buffer in that frame).
    redraw() { Module.ccall('ml_redraw', null, [], []); },
  };
  window.marginlab = api;

  // --- a link's data, fetched from the site's data/ folder when a link names it (data/README.md) ---
  // The module says which files the link waits for (ml_wanted_data); they are fetched here with progress and
  // Cancel (button or Esc), never as part of the first download, and handed to the module, which checks them
  // against data/MANIFEST.tsv and the link's csvhash (core/session/linked_data.h) before training on them.
  let dataFetch = null;      // the fetch under way: { want, controller }
  let refusedWant = null;    // files whose fetch failed or was cancelled: not fetched again for the same link
  let siteManifest = null;   // data/MANIFEST.tsv's bytes, once fetched
  // Calls the module's fn(ptr, size) with a copy of `bytes` in its memory (freed after the call).
  function callWithBytes(fn, returnType, bytes) {
    const ptr = Module._malloc(Math.max(1, bytes.length));
    Module.HEAPU8.set(bytes, ptr);
    try {
      return Module.ccall(fn, returnType, ['number', 'number'], [ptr, bytes.length]);
    } finally {
      Module._free(ptr);
    }
  }
  // Fetches one file of data/ as bytes, reporting its progress (0..1) to `progress`.
  async function fetchDataFile(name, signal, progress) {
    const response = await fetch('data/' + name, { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error('HTTP ' + response.status + ' ' + response.statusText);
    const total = Number(response.headers.get('Content-Length')) || 0;
    if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const bytes = new Uint8Array(total);
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (loaded + value.length > total) throw new Error('more bytes than its Content-Length');
      bytes.set(value, loaded);
      loaded += value.length;
      progress(loaded / total);
    }
    return loaded === total ? bytes : bytes.slice(0, loaded);
  }
  function showDataError(message) {
    document.body.dataset.dataError = message;
    overlayBox.className = 'box error';
    overlayBox.innerHTML = '<h1>The link\'s data could not be opened</h1><p id="data-error">' + escapeHtml(message) +
      '</p><p><button id="data-close">Close</button></p>';
    overlay.className = 'translucent';
    document.getElementById('data-close').onclick = hideOverlay;
  }
  function fetchWantedData() {
    if (dataFetch || !(window.Module && Module.calledRun)) return;
    const want = Module.ccall('ml_wanted_data', 'string', [], []);
    if (want !== refusedWant) refusedWant = null;
    if (!want || want === refusedWant) return;
    const files = want.split('\n');
    const controller = new AbortController();
    dataFetch = { want, controller };
    delete document.body.dataset.dataError;
    showBox('<h1><span class="spinner turning"></span>Fetching the link\'s data</h1><p id="data-file"></p>' +
            '<p><progress id="data-progress" max="1" value="0"></progress> <span id="data-percent">0 %</span></p>' +
            '<p><button id="data-cancel">Cancel</button> (Esc)</p>', 'busy');
    const onKey = (e) => { if (e.key === 'Escape') { e.stopPropagation(); controller.abort(); } };
    document.addEventListener('keydown', onKey, true);
    document.getElementById('data-cancel').onclick = () => controller.abort();
    let current = 'MANIFEST.tsv';
    const show = (i, fraction) => {
      const done = (i + fraction) / (files.length + 1);
      document.getElementById('data-file').textContent = 'data/' + current + (i > 0 ? ' (' + i + ' of ' + files.length + ')' : '');
      document.getElementById('data-progress').value = done;
      document.getElementById('data-percent').textContent = Math.floor(100 * done) + ' %';
    };
    (async () => {
      if (!siteManifest) {
        show(0, 0);
        siteManifest = await fetchDataFile('MANIFEST.tsv', controller.signal, (f) => show(0, f));
      }
      const unlisted = callWithBytes('ml_set_data_manifest', 'string', siteManifest);
      if (unlisted) return unlisted;
      for (let i = 0; i < files.length; i++) {
        current = files[i];
        show(i + 1, 0);
        const bytes = await fetchDataFile(files[i], controller.signal, (f) => show(i + 1, f));
        callWithBytes('ml_data_file', null, bytes);
      }
      current = '';
      return Module.ccall('ml_load_data', 'string', [], []);
    })().catch((e) => {
      if (controller.signal.aborted) {
        Module.ccall('ml_data_cancelled', null, [], []);
        return null;
      }
      return Module.ccall('ml_data_failed', 'string', ['string', 'string'], [current, String(e.message || e)]);
    }).then((error) => {
      document.removeEventListener('keydown', onKey, true);
      dataFetch = null;
      if (error || controller.signal.aborted) refusedWant = want;
      if (error) showDataError(error);
      else hideOverlay();
    });
  }

  function legacyCopy(text) {
    const t = document.createElement('textarea');
    t.value = text;
    t.style.position = 'fixed';
    t.style.opacity = '0';
    document.body.appendChild(t);
    t.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    t.remove();
    return ok;
  }

  // --- what the browser must support ---
  const start = window.marginlabStart || {};  // what index.html started: the module's compilation; the context
  function hasWasmSimd() {
    // A module whose one function uses v128 (i8x16.splat, i8x16.popcnt): valid only with SIMD.
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0,
                                  253, 15, 253, 98, 11]);
    try { return typeof WebAssembly === 'object' && WebAssembly.validate(bytes); } catch (e) { return false; }
  }
  if (typeof WebAssembly !== 'object') {
    api.fail('This browser has no WebAssembly. Use a current Chrome, Firefox, Safari or Edge.');
    return;
  }
  if (!hasWasmSimd()) {
    api.fail('This browser does not support WebAssembly SIMD, which marginlab\'s numerical core is compiled ' +
             'with (so that results match the desktop bit for bit). Chrome 91+, Firefox 89+ and Safari 16.4+ have it.');
    return;
  }

  // --- the module ---
  // index.html began compiling it while it streams in; its script instantiates it (instantiateWasm).
  const compiled = start.compiled || Promise.reject(new Error('index.html did not start compiling it'));
  window.Module = {
    canvas: document.getElementById('canvas'),
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => api.fail('The module stopped: ' + what),
    setStatus: (text) => {
      // Not emscripten's "Running..." just before main(): the loading screen already says the experiment is
      // being started, and every change of it costs the browser a frame while the module starts.
      if (!ready && !failed && text && text !== 'Running...') document.getElementById('overlay-text') &&
        (document.getElementById('overlay-text').textContent = text);
    },
    // The module compiled by index.html, instantiated with the imports of the module's script.
    instantiateWasm: (imports, receiveInstance) => {
      compiled.then((module) => WebAssembly.instantiate(module, imports)).then((instance) => {
        if (!failed) receiveInstance(instance);
      }).catch((e) => api.fail('marginlab-app.wasm could not be loaded: ' + e + ' (build the web target: cmake --build --preset web).'));
      return {};  // the exports arrive later, through receiveInstance
    },
    // Compiled and instantiated; main() comes next and makes the page's WebGL2 context (start.createContext)
    // once it has built what needs no GL.
    preRun: [() => performance.mark('ml:wasm-ready')],
  };
  window.addEventListener('error', (e) => { if (!ready) api.fail(String(e.message || e)); });
  const script = document.createElement('script');
  script.src = 'marginlab-app.js';
  script.onerror = () => api.fail('marginlab-app.js could not be loaded: build the web target (cmake --build --preset web).');
  document.body.appendChild(script);

  // --- page events ---
  // A hash the user typed, or Back/Forward through the history of edits: the module opens it (once, though
  // both events fire for one step of Back).
  function openHash() {
    if (!(ready || window.Module && Module.calledRun)) return;
    if (location.hash === lastOpened) return;
    lastOpened = location.hash;
    Module.ccall('ml_open_url', null, ['string'], [location.hash]);
  }
  window.addEventListener('hashchange', openHash);
  window.addEventListener('popstate', openHash);
  // A key pressed and released between two frames (a quick tap while a frame takes long, e.g. during a kernel
  // fit) would never be seen: ImGui 1.86 reads the keys' state once a frame. Such a keyup is held back until a
  // frame has seen the key down, then sent again (emscripten's GLFW reads keyCode, so the copy carries it).
  const keyDownFrame = new Map();  // KeyboardEvent.code -> api.frames when it went down
  window.addEventListener('keydown', (e) => { if (!e.repeat) keyDownFrame.set(e.code, api.frames); }, true);
  window.addEventListener('keyup', (e) => {
    if (e.marginlabReplay) return;
    const downAt = keyDownFrame.get(e.code);
    keyDownFrame.delete(e.code);
    if (downAt === undefined || api.frames > downAt) return;
    e.stopImmediatePropagation();
    const target = e.target;
    const replay = () => {
      if (api.frames <= downAt) { requestAnimationFrame(replay); return; }
      const again = new KeyboardEvent('keyup', { key: e.key, code: e.code, location: e.location, ctrlKey: e.ctrlKey,
                                                 shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey,
                                                 bubbles: true, cancelable: true });
      Object.defineProperty(again, 'keyCode', { get: () => e.keyCode });
      Object.defineProperty(again, 'which', { get: () => e.which });
      again.marginlabReplay = true;
      target.dispatchEvent(again);
    };
    requestAnimationFrame(replay);
  }, true);
  document.addEventListener('visibilitychange', () => {
    if (window.Module && Module.calledRun) Module.ccall('ml_set_visible', null, ['number'], [document.hidden ? 0 : 1]);
  });
  fileInput.addEventListener('change', () => api.loadFile(fileInput.files[0]));
  let dragDepth = 0;
  window.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; drop.className = 'visible'; });
  window.addEventListener('dragleave', (e) => { e.preventDefault(); if (--dragDepth <= 0) { dragDepth = 0; drop.className = ''; } });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    drop.className = '';
    if (e.dataTransfer && e.dataTransfer.files.length) api.loadFile(e.dataTransfer.files[0]);
  });

})();
