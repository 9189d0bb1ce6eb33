// marginlab page — touch: the fingers on the canvas go to the app's own gestures (app/models/touch_gestures.h through
// web/main.cpp's ml_touch), not to emscripten's GLFW emulation, which presses the button at the cursor's last
// position and never scrolls; the browser's compatibility mouse events after a touch are dropped. And the
// phone's keyboard: it opens only for a focused DOM input (on iOS only when focused inside the touch handler),
// so a hidden <input> stands in for the ImGui text field being edited, its value and caret mirrored both ways.
// Loaded before the module (index.html), so its window listeners run before GLFW's.
(function () {
  'use strict';
  const canvas = document.getElementById('canvas');
  const input = document.getElementById('text-proxy');
  let lastTouch = -1e9;          // performance.now() of the last touch event
  let hoverText = false;         // the app's last frame had the cursor over a text field
  let editing = false;           // an ImGui text field takes the keyboard
  let mirrored = null;           // the field's text and selection last copied into the input
  let typedAt = -1e9;            // performance.now() of the last edit in the input
  const ready = () => window.Module && Module.calledRun && typeof Module._ml_touch === 'function';

  function forward(kind) {
    return (e) => {
      if (e.target !== canvas) return;
      e.preventDefault();         // no compatibility mouse events, no page zoom or scroll
      e.stopPropagation();        // and none for GLFW's listeners on the canvas
      lastTouch = performance.now();
      if (!ready()) return;
      const r = canvas.getBoundingClientRect();
      for (const t of e.changedTouches) Module._ml_touch(kind, t.identifier, t.clientX - r.left, t.clientY - r.top);
      // A tap on a text field: the keyboard opens only for an input focused inside this handler (iOS).
      if (kind === 2 && hoverText && e.touches.length === 0) input.focus({ preventScroll: true });
    };
  }
  const options = { capture: true, passive: false };
  window.addEventListener('touchstart', forward(0), options);
  window.addEventListener('touchmove', forward(1), options);
  window.addEventListener('touchend', forward(2), options);
  window.addEventListener('touchcancel', (e) => {
    if (e.target !== canvas) return;
    e.stopPropagation();
    if (ready()) Module._ml_touch(3, 0, 0, 0);
  }, options);

  // Mouse events right after a touch are the browser's emulation of it: dropped. A real mouse takes the pointer back.
  for (const type of ['mousedown', 'mouseup', 'mousemove', 'click', 'dblclick']) {
    window.addEventListener(type, (e) => {
      if (performance.now() - lastTouch < 1000) {
        e.stopImmediatePropagation();
        e.preventDefault();
      }
    }, { capture: true, passive: false });
  }
  window.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse' && performance.now() - lastTouch >= 1000 && ready()) Module._ml_touch_mouse();
  }, { capture: true, passive: true });

  // The hidden input: what is typed goes to the field whole (the app replaces the field's text with it); Enter
  // commits. Its keys never reach GLFW, which would type them a second time.
  for (const type of ['keydown', 'keypress', 'keyup']) {
    window.addEventListener(type, (e) => {
      if (e.target !== input) return;
      e.stopImmediatePropagation();
      if (e.key === 'Enter') {
        e.preventDefault();
        if (type === 'keydown' && ready()) Module._ml_text_enter();
      }
    }, true);
  }
  input.addEventListener('input', () => {
    typedAt = performance.now();
    if (ready()) Module.ccall('ml_text_input', null, ['string', 'number'], [input.value, input.selectionEnd || 0]);
  });

  // Called by the app after each frame (web/main.cpp): whether a field is edited (its text and selection),
  // whether the cursor is over one, and whether that one is a number without a sign (the phone's decimal pad; it
  // must be set before the focus that opens the keyboard, so it follows the field under the finger).
  window.marginlabTouch = {
    frame(isEditing, isHoverText, text, start, end, isDecimal) {
      hoverText = isHoverText;
      const mode = isDecimal ? 'decimal' : 'text';
      if ((isHoverText || isEditing) && input.inputMode !== mode) input.inputMode = mode;
      if (isEditing) {
        if (document.activeElement !== input) input.focus({ preventScroll: true });
        // The field's changes (a new field, a selection by the app) go to the input, not while typing goes the other way.
        const now = { text, start, end };
        const changed = !mirrored || mirrored.text !== text || mirrored.start !== start || mirrored.end !== end;
        if (changed && performance.now() - typedAt > 300) {
          if (input.value !== text) input.value = text;
          try { input.setSelectionRange(start, end); } catch (e) { /* not every input type has a selection */ }
          mirrored = now;
        }
      } else if (editing || document.activeElement === input) {
        mirrored = null;
        if (document.activeElement === input) input.blur();  // the field lost the keyboard: it closes
      }
      editing = isEditing;
    },
    // What the touch tests read: whether the hidden input has the focus, and its value.
    proxy() { return { focused: document.activeElement === input, value: input.value, inputMode: input.inputMode }; },
  };
})();
