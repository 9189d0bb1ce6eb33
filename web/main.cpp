// marginlab page — the browser main: GLFW-on-emscripten with a WebGL2 context running the shared front
// end (app/), and the functions the page's JavaScript (web/glue.js) calls. Everything the app needs from
// the browser is the Platform below; the page owns the URL hash, the file input, drag-and-drop, the
// clipboard and visibility, and calls in through the EMSCRIPTEN_KEEPALIVE functions at the end.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/platform/frame_loop.h"
#include "app/platform/touch_input.h"
#include "backends/imgui_impl_glfw.h"
#include "core/data/manifest.h"
#include "core/session/linked_data.h"
#include "imgui.h"
#include "pool_executor.h"

// The page records each wheel event's deltaMode (see on_scroll).
// The body is JavaScript: clang-format would split its arrow (=>) into "= >".
// clang-format off
EM_JS(void, install_wheel_mode_listener, (), {
  Module.wheelDeltaMode = 0;
  window.addEventListener('wheel', (e) => { Module.wheelDeltaMode = e.deltaMode; }, {capture : true, passive : true});
});
// clang-format on
EM_JS(int, last_wheel_delta_mode, (), { return Module.wheelDeltaMode || 0; });
// A named moment of the page's start on the Performance timeline (tools/e2e/measure_frames.mjs reads them).
EM_JS(void, mark_start, (const char* name), { performance.mark(UTF8ToString(name)); });
// 1 on a touch screen (a coarse primary pointer, or touch without hover): the app's touch style and layout.
EM_JS(int, is_touch_screen, (), {
  const coarse = window.matchMedia && matchMedia('(pointer: coarse)').matches;
  const no_hover = window.matchMedia && !matchMedia('(hover: hover)').matches;
  return coarse || (navigator.maxTouchPoints > 0 && no_hover) ? 1 : 0;
});
// Makes the canvas's WebGL2 context (index.html, window.marginlabStart.createContext): 1 when it exists.
EM_JS(int, create_page_context, (), {
  const start = window.marginlabStart;
  return start && start.createContext && start.createContext() ? 1 : 0;
});

// The lessons' progress in the browser's localStorage (Platform::load_progress): read and written on this
// machine only. A browser that refuses storage (private mode, blocked cookies) keeps none: "" and no write.
// clang-format off
EM_JS(char*, read_lesson_progress, (), {
  let text = "";
  try { text = window.localStorage.getItem("marginlab.lessons") || ""; } catch (e) { text = ""; }
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(void, write_lesson_progress, (const char* text), {
  try { window.localStorage.setItem("marginlab.lessons", UTF8ToString(text)); } catch (e) {}
});
// The viewer's preferences (Platform::load_preference), under "marginlab.<key>" in the same storage.
EM_JS(char*, read_preference, (const char* key), {
  let text = "";
  try { text = window.localStorage.getItem("marginlab." + UTF8ToString(key)) || ""; } catch (e) { text = ""; }
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
EM_JS(void, write_preference, (const char* key, const char* value), {
  try { window.localStorage.setItem("marginlab." + UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
});
// clang-format on


namespace {

ml::app::App* g_app = nullptr;
ml::app::TouchInput g_touch;  // the page's touch (web/touch.js calls ml_touch and ml_text_*)
// The canvas keeps its last picture when a frame is not drawn: frames that show what it shows are skipped
// (SwiftShader and the sweeps' workers share the CPU; a phone's GPU its battery).
ml::app::RedrawGate g_redraw;

// Browser history as undo/redo of settings: every deliberate edit adds a history entry (Back undoes it,
// Forward redoes it); the link the page opened (its first hash, a pasted link, Back/Forward themselves)
// and its canonical rewriting replace the entry instead. A drag (a slider, a pan) changes the link every
// frame: the first change of a press adds the entry, the later ones of the same press replace it, so one
// drag is one step of Back.
uint64_t g_opened_version = 0;     // the app's url_version() right after the page opened a link
bool g_pushed_this_press = false;  // the left button is held and its edit already has its entry

// True when the link change that url_changed reports should add a history entry. The app reports a
// change in the frame after it was made, so the last change of a drag may arrive in the frame that
// released the button: the flag is reset only after that frame (frame()), and such a change replaces.
bool push_this_change() {
  if (!g_app || g_app->state().url_version() <= g_opened_version) return false;
  if (g_pushed_this_press) return false;  // the press (held, or released this frame) has its entry
  if (ImGui::GetIO().MouseDown[0]) g_pushed_this_press = true;
  return true;
}

// The browser's services, through web/glue.js (window.marginlab).
class WebPlatform : public ml::app::Platform {
 public:
  std::string page_base;  // location.origin + location.pathname, set by the page

  void url_changed(const std::string& url) override {
    const int push = push_this_change() ? 1 : 0;
    EM_ASM(
        {
          if (window.marginlab) window.marginlab.urlChanged(UTF8ToString($0), $1 != 0);
        },
        url.c_str(), push);
  }
  bool push_url(const std::string& url) override {
    EM_ASM(
        {
          if (window.marginlab) window.marginlab.pushUrl(UTF8ToString($0));
        },
        url.c_str());
    return true;
  }
  bool has_history() const override { return true; }
  std::string share_link(const std::string& url) const override { return page_base + url; }
  bool copy_text(const std::string& text) override {
    return EM_ASM_INT({ return window.marginlab ? window.marginlab.copyText(UTF8ToString($0)) : 0; }, text.c_str()) !=
           0;
  }
  std::string save_file(const std::string& name, const std::string& bytes, const char* mime) override {
    EM_ASM(
        {
          if (window.marginlab)
            window.marginlab.download(UTF8ToString($0), HEAPU8.slice($1, $1 + $2), UTF8ToString($3));
        },
        name.c_str(), bytes.data(), bytes.size(), mime);
    return "downloaded " + name;
  }
  bool has_file_picker() const override { return true; }
  void open_file_picker() override {
    EM_ASM({
      if (window.marginlab) window.marginlab.openFilePicker();
    });
  }
  std::string load_progress() override {
    char* text = read_lesson_progress();
    std::string out = text ? text : "";
    std::free(text);
    return out;
  }
  void save_progress(const std::string& text) override { write_lesson_progress(text.c_str()); }
  std::string load_preference(const std::string& key) override {
    char* text = read_preference(key.c_str());
    std::string out = text ? text : "";
    std::free(text);
    return out;
  }
  void save_preference(const std::string& key, const std::string& value) override {
    write_preference(key.c_str(), value.c_str());
  }
  double now_seconds() const override { return emscripten_get_now() / 1000.0; }
  const char* host_name() const override { return "browser"; }
};

GLFWwindow* g_window = nullptr;
WebPlatform* g_platform = nullptr;
ml::app::ImGuiBackends* g_imgui = nullptr;
int g_width = 0, g_height = 0;    // the canvas's drawing buffer, in device pixels
double g_css_w = 0, g_css_h = 0;  // its size on the page, in CSS pixels: ImGui lays out in these
double g_ratio = 1;               // device pixels per CSS pixel (window.devicePixelRatio)
float g_font_ratio = 1;           // the ratio the font atlas was built for
const char* const kFontPath = "/fonts/DejaVuSans.ttf";

// A link's data from the site's data/ folder (web/glue.js fetches it when ml_wanted_data names files): the
// site's manifest and the files fetched so far, handed to the app's check and load (ml_load_data).
const char* const kSiteDataFolder = "data/ of this site";
std::optional<ml::DataManifest> g_site_manifest;
std::vector<std::string> g_fetched;

// The canvas's size on the page and the screen's pixel ratio (g_css_w, g_css_h, g_ratio).
void read_canvas_size() {
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  if (w > 0 && h > 0) {
    g_css_w = w;
    g_css_h = h;
    g_ratio = std::clamp(emscripten_get_device_pixel_ratio(), 1.0, 4.0);
  }
}

// The canvas follows the window: its CSS size is the viewport, its drawing buffer that many device
// pixels (devicePixelRatio x CSS size), so text and lines are sharp on high-DPI screens.
void fit_canvas() {
  read_canvas_size();
  const int iw = static_cast<int>(std::lround(g_css_w * g_ratio)),
            ih = static_cast<int>(std::lround(g_css_h * g_ratio));
  if (iw > 0 && ih > 0 && (iw != g_width || ih != g_height)) {
    g_width = iw;
    g_height = ih;
    // Not glfwSetWindowSize: emscripten's GLFW asks for fullscreen when the size equals the screen's
    // (a page as large as the screen), which the browser refuses without a user gesture ("Permissions
    // check failed"). The drawing buffer is all the page needs; the frame reads its size from g_width.
    emscripten_set_canvas_element_size("#canvas", iw, ih);
  }
}

// GLFW in the browser knows only device pixels; ImGui works in CSS pixels at a framebuffer scale.
void apply_pixel_ratio() {
  ImGuiIO& io = ImGui::GetIO();
  if (g_css_w <= 0 || g_css_h <= 0) return;
  const float sx = static_cast<float>(g_width / g_css_w), sy = static_cast<float>(g_height / g_css_h);
  io.DisplaySize = ImVec2(static_cast<float>(g_css_w), static_cast<float>(g_css_h));
  io.DisplayFramebufferScale = ImVec2(sx, sy);
  if (io.MousePos.x > -FLT_MAX / 2) io.MousePos = ImVec2(io.MousePos.x / sx, io.MousePos.y / sy);
}

// emscripten's GLFW hands the scroll callback the browser's raw WheelEvent deltas: pixels (about 100 per
// notch in Chromium), lines or pages, positive downwards. GLFW, and so ImGui, count notches, positive up.
// The page records each wheel event's deltaMode (capture phase, before GLFW's listener runs) so the
// callback can convert: one notch becomes one ImGui wheel step (about three lines of the sidebar).
void on_scroll(GLFWwindow* window, double dx, double dy) {
  const int mode = last_wheel_delta_mode();
  const double per_notch = mode == 0 ? 100.0 : mode == 1 ? 3.0 : 1.0;  // DOM_DELTA_PIXEL, _LINE, _PAGE
  ImGui_ImplGlfw_ScrollCallback(window, -dx / per_notch, -dy / per_notch);
}

// The mouse backend's values in CSS pixels, then touch over them while a finger was the last to point
// (app/platform/touch_input.h). A drag outside any scrolling window scrolls the stacked column by wheel notches
// (App::draw_stacked: five lines of the font per notch).
void apply_pointer() {
  apply_pixel_ratio();
  const float unit = g_app->text_scale();  // page pixels per ImGui unit (the app's text size)
  g_touch.set_unit(unit);
  g_touch.set_pan_area(g_app->view_image_min(), g_app->view_image_max());
  g_touch.set_column(g_app->stacked(), ImGui::GetFontSize() * 5.0f * unit);
  g_touch.apply(emscripten_get_now() / 1000.0);
}

// Tells web/touch.js what the frame left: a text field taking the keyboard (its text and selection, for the
// hidden input), or the cursor over one (a tap there focuses the hidden input inside the touch handler), and
// whether that field is a number that takes no sign (the decimal pad).
void report_text_field() {
  std::string text;
  int start = 0, end = 0;
  const bool editing = ImGui::GetIO().WantTextInput && ml::app::active_text(&text, &start, &end);
  EM_ASM(
      {
        if (window.marginlabTouch)
          window.marginlabTouch.frame($0 != 0, $1 != 0, $0 ? UTF8ToString($2) : "", $3, $4, $5 != 0);
      },
      editing ? 1 : 0, ml::app::text_field_hovered() ? 1 : 0, text.c_str(), start, end,
      ml::app::decimal_field_now() ? 1 : 0);
}

void frame() {
  fit_canvas();
  // A new ratio (zoom, another screen): the font atlas is rebuilt for it, outside any ImGui frame.
  if (static_cast<float>(g_ratio) != g_font_ratio) {
    g_font_ratio = static_cast<float>(g_ratio);
    g_imgui->release_device_objects();
    g_app->setup_imgui(kFontPath, g_font_ratio);
    g_redraw.invalidate();
  }
  glfwPollEvents();
  static const ml::app::FrameHooks hooks{apply_pointer,
                                         [](int* w, int* h) {
                                           if (g_width > 0 && g_height > 0) {
                                             *w = g_width;
                                             *h = g_height;
                                           } else {
                                             glfwGetFramebufferSize(g_window, w, h);
                                           }
                                         },
                                         &g_redraw};
  const bool drawn = ml::app::run_frame(*g_app, hooks).drawn;
  report_text_field();
  if (!ImGui::GetIO().MouseDown[0]) g_pushed_this_press = false;  // the press ended: the next edit is a new step
  const double frames = static_cast<double>(g_app->frames());
  const ml::app::FrameCost& cost = g_app->last_frame_cost();
  const int has_session = g_app->state().session() ? 1 : 0;
  EM_ASM(
      {
        if (window.marginlab)
          window.marginlab.frameDone($0, {app_ms : $1, train_ms : $2, gl_ms : $3, drawn : $5 != 0}, $4 != 0);
      },
      frames, cost.app_ms(), cost.train_ms, cost.gl_ms, has_session, drawn ? 1 : 0);
}

}  // namespace

extern "C" {

// Opens a link (the page calls it at start, on hashchange and on popstate — Back and Forward; the app
// ignores an echo of its own URL). The change it makes replaces the history entry (push_this_change).
EMSCRIPTEN_KEEPALIVE void ml_open_url(const char* url) {
  if (!g_app) return;
  g_app->open_url(url);
  g_opened_version = g_app->state().url_version();
}

// Trains on a CSV file's bytes (file input or drop); `data` is freed by the caller.
EMSCRIPTEN_KEEPALIVE void ml_load_csv(const char* name, const char* data, int size) {
  if (g_app) g_app->load_csv(name, std::string(data, static_cast<size_t>(size)));
}

// The data-folder files the link waits for, one per line ("" when none): the page fetches them from its data/
// folder (web/glue.js), not as part of the first download.
EMSCRIPTEN_KEEPALIVE const char* ml_wanted_data() {
  static std::string s;
  s.clear();
  if (g_app)
    for (const std::string& f : g_app->state().wanted_data_files()) s += (s.empty() ? "" : "\n") + f;
  return s.c_str();
}

// The site's data/MANIFEST.tsv: parsed, and every wanted file must be listed in it before any is fetched.
// Returns "" or the error (naming the data set and the file), which the app shows as well.
EMSCRIPTEN_KEEPALIVE const char* ml_set_data_manifest(const char* text, int size) {
  static std::string error;
  error.clear();
  g_fetched.clear();
  if (!g_app) return error.c_str();
  ml::Result<ml::DataManifest> manifest =
      ml::parse_manifest(std::string_view(text, static_cast<size_t>(size)), "data/MANIFEST.tsv");
  ml::Status status = manifest.ok() ? ml::Status{} : ml::Status(manifest.error());
  if (manifest.ok()) {
    g_site_manifest = std::move(manifest).value();
    status = ml::check_listed(g_app->state().config(), *g_site_manifest, g_app->state().wanted_data_files(),
                              kSiteDataFolder);
  }
  if (!status.ok()) {
    error = status.error().message;
    g_app->state().data_failed(error);
  }
  return error.c_str();
}

// One fetched file's bytes, in the order ml_wanted_data named them; `data` is freed by the caller.
EMSCRIPTEN_KEEPALIVE void ml_data_file(const char* data, int size) {
  g_fetched.emplace_back(data, static_cast<size_t>(size));
}

// Checks the fetched files against the manifest (and the link's csvhash) and trains on them. Returns "" or the
// error naming the data set and the file.
EMSCRIPTEN_KEEPALIVE const char* ml_load_data() {
  static std::string error;
  error.clear();
  if (!g_app) return error.c_str();
  const ml::Status loaded = g_app->state().load_data_files(g_site_manifest ? &*g_site_manifest : nullptr,
                                                           kSiteDataFolder, std::move(g_fetched));
  g_fetched.clear();
  if (!loaded.ok()) error = loaded.error().message;
  return error.c_str();
}

// A wanted file could not be fetched (`reason`: an HTTP status or the network's error): the error, naming the
// data set and the file, is returned and shown by the app.
EMSCRIPTEN_KEEPALIVE const char* ml_data_failed(const char* file, const char* reason) {
  static std::string error;
  error.clear();
  if (!g_app) return error.c_str();
  error = ml::data_set_name(g_app->state().config()) + " (data folder " + kSiteDataFolder + "): the file " + file +
          " could not be fetched: " + reason;
  g_app->state().data_failed(error);
  return error.c_str();
}

// The user cancelled fetching the link's data (AppState::data_cancelled).
EMSCRIPTEN_KEEPALIVE void ml_data_cancelled() {
  g_fetched.clear();
  if (g_app) g_app->state().data_cancelled();
}

// The page is hidden (0) or visible (1): training pauses while hidden.
EMSCRIPTEN_KEEPALIVE void ml_set_visible(int visible) {
  if (g_app) g_app->set_visible(visible != 0);
}

// Steps per frame (0 = as many as the frame budget allows).
EMSCRIPTEN_KEEPALIVE void ml_set_speed(int steps_per_frame) {
  if (g_app) g_app->state().steps_per_tick = steps_per_frame;
}

// Sets the page's address (origin + path) that share links start with.
EMSCRIPTEN_KEEPALIVE void ml_set_page_base(const char* base) {
  if (g_platform) g_platform->page_base = base;
}

// A finger on the canvas (web/touch.js): kind 0 touched, 1 moved, 2 lifted, 3 every touch cancelled; x and y
// in CSS pixels of the canvas.
EMSCRIPTEN_KEEPALIVE void ml_touch(int kind, int id, float x, float y) {
  ml::app::TouchGestures& g = g_touch.gestures();
  if (kind == 0) g.start(id, x, y);
  if (kind == 1) g.move(id, x, y);
  if (kind == 2) g.end(id, x, y);
  if (kind == 3) g.cancel_all();
}

// A real mouse moved over the page: the mouse drives the pointer again.
EMSCRIPTEN_KEEPALIVE void ml_touch_mouse() { g_touch.gestures().mouse_used(); }

// The hidden input's value and caret (web/touch.js): they replace the active text field's.
EMSCRIPTEN_KEEPALIVE void ml_text_input(const char* value, int caret) { g_touch.set_text(value, caret); }

// Enter or Done in the hidden input: the active text field commits.
EMSCRIPTEN_KEEPALIVE void ml_text_enter() { g_touch.press_enter(); }

// The next frame is drawn whatever it shows (RedrawGate::invalidate).
EMSCRIPTEN_KEEPALIVE void ml_redraw() { g_redraw.invalidate(); }

// The state as JSON (frames, steps, playing, url, ...): what the end-to-end tests wait on.
EMSCRIPTEN_KEEPALIVE const char* ml_status() {
  static std::string s;
  s = g_app ? g_app->status_json() : std::string("{}");
  return s.c_str();
}

// SHA-256 of the trace CSV: equals `marginlab run --url U --steps N`'s trace_sha256.
EMSCRIPTEN_KEEPALIVE const char* ml_trace_sha256() {
  static std::string s;
  s = g_app ? g_app->trace_sha256() : std::string();
  return s.c_str();
}

// The sweep's rows as JSON lines ("" without a sweep): the bytes `marginlab sweep --out` writes.
EMSCRIPTEN_KEEPALIVE const char* ml_sweep_rows() {
  static std::string s;
  s = g_app ? g_app->sweep_rows() : std::string();
  return s.c_str();
}

// The canonical URL of the current config.
EMSCRIPTEN_KEEPALIVE const char* ml_url() {
  static std::string s;
  s = g_app ? g_app->state().url() : std::string();
  return s.c_str();
}

}  // extern "C"

int main() {
  mark_start("ml:main");
  // Making the WebGL2 context blocks this thread until the browser's GPU process answers; in a browser
  // that has just started that is hundreds of ms away (it draws the browser's own first frames first).
  // So everything that needs no GL comes first: ImGui's context, the font atlas, the experiment and the
  // view's caches; then the context, the window on it and the first frame.
  if (!glfwInit()) {
    EM_ASM({
      if (window.marginlab) window.marginlab.fail('GLFW could not start.');
    });
    return 1;
  }
  static ml::app::ImGuiBackends imgui;  // static: the page's main loop outlives main()
  g_imgui = &imgui;
  static WebPlatform platform;
  g_platform = &platform;
  ml::web::install_cell_pool();  // sweeps run their cells on Web Workers (web/pool.js)
  static std::unique_ptr<ml::app::App> app;
  app = std::make_unique<ml::app::App>(platform);
  g_app = app.get();
  read_canvas_size();  // the drawing buffer is sized once the window exists (glfwCreateWindow sets it)
  g_font_ratio = static_cast<float>(g_ratio);
  app->set_touch_screen(is_touch_screen() != 0);
  app->setup_imgui(kFontPath, g_font_ratio);
  mark_start("ml:fonts");
  // The page hands over its address and hash (window.marginlab.started), which opens the link.
  EM_ASM({
    if (window.marginlab) window.marginlab.started();
  });
  app->prepare_first_frame();
  mark_start("ml:prepared");

  if (!create_page_context()) {
    EM_ASM({
      if (window.marginlab)
        window.marginlab.fail('WebGL2 is not available (disabled, blocked, or no GPU driver). ' +
                              'The playground draws with WebGL2: enable hardware acceleration or try another browser.');
    });
    return 1;
  }
  // The framebuffer hints stay GLFW's defaults (alpha, depth, stencil, no multisampling): index.html made
  // the canvas's WebGL2 context with those attributes, and glfwCreateWindow gets it.
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  double w = 1280, h = 800;
  emscripten_get_element_css_size("#canvas", &w, &h);
  g_window = glfwCreateWindow(static_cast<int>(w), static_cast<int>(h), "marginlab", nullptr, nullptr);
  if (!g_window) {
    EM_ASM({
      if (window.marginlab)
        window.marginlab.fail('WebGL2 is not available: the browser could not create a WebGL2 context.');
    });
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  fit_canvas();
  mark_start("ml:webgl");
  imgui.attach(g_window, "#version 300 es");
  install_wheel_mode_listener();
  glfwSetScrollCallback(g_window, on_scroll);  // replaces the backend's: the deltas need converting first
  app->start_gl();
  emscripten_set_main_loop(frame, 0, false);
  // The first frame now rather than at the next animation frame: the browser schedules that one after its
  // compositor's next frame, which under a software renderer can be hundreds of ms away while it composites
  // the loading screen; this one is on screen with the compositor's next frame. The loop draws the rest.
  frame();
  return 0;
}
