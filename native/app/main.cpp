// marginlab-app — the desktop playground: a GLFW window with an OpenGL 3.3 core context running the
// shared front end (app/). Everything the app needs from the desktop is the Platform below.
//
// Usage: marginlab-app [--url '#v=1&...'] [--csv FILE.csv | --data-dir DIR] [--steps N] [--frames N]
//                      [--screenshot FILE.png] [--print-trace-hash] [--print-status] [--stats] [--size WxH]
//                      [--speed N] [--export-dir DIR] [--share-base URL]
//   --url            the experiment to open (default: the welcome experiment)
//   --csv            a CSV file to train on (what the page's file picker does)
//   --data-dir DIR   without --csv, a data=csv link's csv= file (or a split's two) is read from this folder,
//                    by default the source tree's data/ (the data that ships with marginlab, data/README.md), checked
//                    against the folder's MANIFEST.tsv and the link's csvhash, as the command line does
//   --steps N        train exactly N steps before the first frame, then stay paused (a reproducible
//                    picture and trace: the hash equals `marginlab run --url U --steps N`'s)
//   --frames N       quit after N frames (headless runs under Xvfb)
//   --screenshot F   save the last frame as PNG
//   --print-trace-hash  print {"steps":..,"trace_sha256":..,"url":..} on stdout at exit
//   --print-status   print the app's status JSON (App::status_json: mode, sweep progress, rows_sha256, ...)
//                    on stdout at exit; with --steps a sweep link runs every cell before the first frame
//   --stats          print frame-time statistics as JSON on stdout at exit (bench/frontend.sh): the time
//                    between frames, and the app's own CPU time per frame apart from the training slice and
//                    the GL calls (app_cpu_*; FrameCost), with those two beside it
//   --speed N        steps per frame (0 = as many as the 8 ms frame budget allows; default 5)
//   --share-base URL the page's address that Copy link puts before the link (default: $MARGINLAB_SHARE_BASE,
//                    else kDefaultShareBase, the page as tools/serve_site.sh serves it)
// Exit codes: 0 success, 1 the window or a file failed, 2 usage error.
#include <GLFW/glfw3.h>
#include <time.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/platform/frame_loop.h"
#include "app/ui/gl.h"
#include "app/ui/png.h"
#include "core/data/manifest.h"
#include "core/session/linked_data.h"
#include "core/session/pipeline.h"
#include "imgui.h"
#include "thread_executor.h"

namespace {

// Where Copy link points when neither --share-base nor $MARGINLAB_SHARE_BASE says: the page as
// tools/serve_site.sh serves it by default, so a copied link opens the same experiment in a browser.
constexpr const char* kDefaultShareBase = "http://127.0.0.1:8080/";

// The desktop's services for the app.
class DesktopPlatform : public ml::app::Platform {
 public:
  GLFWwindow* window = nullptr;
  std::string export_dir = ".";
  std::string share_base;

  void url_changed(const std::string& url) override {
    std::string title = "marginlab  " + url;
    if (title.size() > 160) title = title.substr(0, 157) + "...";
    if (window) glfwSetWindowTitle(window, title.c_str());
  }
  std::string share_link(const std::string& url) const override { return share_base + url; }
  bool copy_text(const std::string& text) override {
    if (!window) return false;
    glfwSetClipboardString(window, text.c_str());
    return true;
  }
  std::string save_file(const std::string& name, const std::string& bytes, const char*) override {
    const std::string path = export_dir + "/" + name;
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) return "could not write " + path;
    return "saved " + path;
  }
  bool can_read_paths() const override { return true; }
  bool read_path(const std::string& path, std::string* out) override {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      *out = "cannot open " + path;
      return false;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    *out = ss.str();
    return true;
  }
  bool list_folder(const std::string& folder, std::vector<std::string>* entries, std::string* error) override {
    entries->clear();
    std::error_code ec;
    std::filesystem::directory_iterator it(folder.empty() ? "." : folder, ec);
    if (ec) {
      *error = "cannot list " + folder + ": " + ec.message();
      return false;
    }
    for (const std::filesystem::directory_entry& e : it) {
      std::error_code kind;
      const std::string name = e.path().filename().string();
      if (name.empty() || name[0] == '.') continue;  // hidden files
      entries->push_back(e.is_directory(kind) ? name + "/" : name);
    }
    std::sort(entries->begin(), entries->end());
    return true;
  }
  double now_seconds() const override { return glfwGetTime(); }
  // The main thread's CPU time: Mesa's rasterizer threads and the time the thread waits are not in it.
  double thread_cpu_seconds() const override {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
  }
  const char* host_name() const override { return "desktop"; }
};

ml::app::App* g_app = nullptr;
DesktopPlatform* g_platform = nullptr;

// Files dropped on the window are read as CSV, like the page's drag-and-drop.
void on_drop(GLFWwindow*, int count, const char** paths) {
  if (!g_app || count < 1) return;
  std::string text;
  if (g_platform->read_path(paths[0], &text)) {
    std::string name = paths[0];
    const size_t slash = name.find_last_of('/');
    if (slash != std::string::npos) name = name.substr(slash + 1);
    g_app->load_csv(name, std::move(text));
  }
}

int usage() {
  std::fprintf(stderr, "usage: marginlab-app [--url '#v=1&...'] [--csv FILE.csv | --data-dir DIR] [--steps N] "
                       "[--frames N] [--screenshot FILE.png]\n"
                       "                     [--print-trace-hash] [--print-status] [--stats] [--speed N] [--size WxH]\n"
                       "                     [--export-dir DIR] [--share-base URL]\n");
  return 2;
}

// The first frames build fonts and caches: the steady-state figures of --stats leave out this many.
constexpr long long kWarmupFrames = 10;

// The command line (see the header comment).
struct Options {
  std::string url, csv_path, screenshot, export_dir = ".", share_base;
  std::string data_dir = ML_DATA_DIR;  // --data-dir
  long long frames = 0, steps = -1, speed = -1;
  int width = 1280, height = 800;
  bool print_hash = false, print_status = false, stats = false;
};

// Reads the command line into *o; returns the exit code when the program ends here (usage, --help).
std::optional<int> parse_options(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--url") {
      if (!value(&o->url)) return usage();
    } else if (a == "--csv") {
      if (!value(&o->csv_path)) return usage();
    } else if (a == "--data-dir") {
      if (!value(&o->data_dir)) return usage();
    } else if (a == "--screenshot") {
      if (!value(&o->screenshot)) return usage();
    } else if (a == "--export-dir") {
      if (!value(&o->export_dir)) return usage();
    } else if (a == "--share-base") {
      if (!value(&o->share_base)) return usage();
    } else if (a == "--frames") {
      if (!value(&v)) return usage();
      o->frames = std::atoll(v.c_str());
    } else if (a == "--steps") {
      if (!value(&v)) return usage();
      o->steps = std::atoll(v.c_str());
    } else if (a == "--speed") {
      if (!value(&v)) return usage();
      o->speed = std::atoll(v.c_str());
    } else if (a == "--size") {
      if (!value(&v) || std::sscanf(v.c_str(), "%dx%d", &o->width, &o->height) != 2 || o->width < 200 ||
          o->height < 200)
        return usage();
    } else if (a == "--print-trace-hash")
      o->print_hash = true;
    else if (a == "--print-status")
      o->print_status = true;
    else if (a == "--stats")
      o->stats = true;
    else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else
      return usage();
  }
  return std::nullopt;
}

// The files a data=csv link names (one, or a benchmark split's two), read from the data folder when no --csv is
// given and checked as the command line and the page check them (core/session/linked_data.h): listed in the
// folder's MANIFEST.tsv with the same SHA-256 (when the folder has one) and matching the link's csvhash.
// False after an error naming the data set, the file and the folder.
bool load_linked_data(ml::app::App& app, DesktopPlatform& platform, const std::string& dir) {
  const ml::Config& config = app.state().config();
  if (!config.use_csv || config.csv_name.empty()) return true;
  const std::string set = ml::data_set_name(config) + " (data folder " + dir + ")";
  auto fail = [&](const std::string& why) {
    std::fprintf(stderr, "error: %s: %s\n", set.c_str(), why.c_str());
    return false;
  };
  ml::Result<std::vector<std::string>> names = ml::csv_file_names(config);
  if (!names.ok()) return fail(names.error().message);
  std::vector<std::string> texts(names.value().size());
  for (size_t i = 0; i < texts.size(); ++i)
    if (!platform.read_path(dir + "/" + names.value()[i], &texts[i])) return fail(texts[i]);
  std::optional<ml::DataManifest> manifest;
  const std::string manifest_path = dir + "/" + std::string(ml::kManifestFileName);
  if (std::ifstream(manifest_path).good()) {
    std::string manifest_text;
    if (!platform.read_path(manifest_path, &manifest_text)) return fail(manifest_text);
    ml::Result<ml::DataManifest> parsed = ml::parse_manifest(manifest_text, manifest_path);
    if (!parsed.ok()) return fail(parsed.error().message);
    manifest = std::move(parsed).value();
  }
  // An error is the state's notice, which start_app prints.
  return app.state().load_data_files(manifest ? &*manifest : nullptr, dir, std::move(texts)).ok();
}

// GLFW and a window with an OpenGL 3.3 core context, current; null (after the message) when there is none.
GLFWwindow* open_window(const Options& o) {
  if (!glfwInit()) {
    std::fprintf(stderr, "error: GLFW could not initialize (no display? run under xvfb-run)\n");
    return nullptr;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, "marginlab", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "error: no OpenGL 3.3 core context\n");
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(o.frames > 0 ? 0 : 1);  // headless runs measure the app, not the display
  return window;
}

// The app's fonts, the link, the CSV file, the speed and the steps before the first frame. Returns the
// exit code so far (1 when the CSV file cannot be read).
int start_app(ml::app::App& app, DesktopPlatform& platform, GLFWwindow* window, const Options& o) {
  int exit_code = 0;
  const char* fonts[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                         "/usr/share/matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf"};
  std::string font;
  for (const char* f : fonts)
    if (std::ifstream(f).good()) {
      font = f;
      break;
    }
  // Where the window system scales windows (macOS Retina, Wayland), the framebuffer has more pixels
  // than the window: rasterize the font for the framebuffer so text stays sharp.
  int win_w = 0, win_h = 0, fb_w = 0, fb_h = 0;
  glfwGetWindowSize(window, &win_w, &win_h);
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  app.setup_imgui(font, win_w > 0 ? static_cast<float>(fb_w) / static_cast<float>(win_w) : 1.0f);
  app.open_url(o.url);
  if (!o.csv_path.empty()) {
    std::string text;
    if (!platform.read_path(o.csv_path, &text)) {
      std::fprintf(stderr, "error: %s\n", text.c_str());
      exit_code = 1;
    } else {
      const size_t slash = o.csv_path.find_last_of('/');
      app.load_csv(slash == std::string::npos ? o.csv_path : o.csv_path.substr(slash + 1), std::move(text));
    }
  } else if (!load_linked_data(app, platform, o.data_dir)) {
    exit_code = 1;
  }
  if (o.speed >= 0) app.state().steps_per_tick = o.speed;
  if (o.steps >= 0) {
    app.state().run_to(o.steps);
    app.state().pause();
  }
  for (const ml::app::Notice& n : app.state().notices())
    std::fprintf(stderr, "%s: %s\n", n.error ? "error" : "warning", n.text.c_str());
  return exit_code;
}

// What --stats reports of the frames: steady-state frames (after kWarmupFrames), intervals, and each
// frame's cost part by part.
struct FrameStats {
  explicit FrameStats(size_t measured) : frame_ms(measured), costs(measured) {}
  ml::app::FrameTimes frame_ms;
  ml::app::FrameCostStats costs;
  double first_frame_ms = 0, first_run_frame_ms = -1;  // first frame; first frame showing the built run
  long long count = 0;
};

// Draws frames until the window closes (or --frames have been drawn), the last saved with --screenshot.
// Returns the exit code (1 when the screenshot cannot be written).
int run_frames(ml::app::App& app, GLFWwindow* window, const Options& o,
               std::chrono::steady_clock::time_point process_start, FrameStats& st) {
  int exit_code = 0;
  double last = glfwGetTime();
  ml::app::FrameHooks hooks;
  // Headless runs: Xvfb parks the pointer mid-screen; keep hover read-outs out of the pictures.
  if (o.frames > 0) hooks.before_new_frame = [] { ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX); };
  hooks.framebuffer_size = [window](int* w, int* h) { glfwGetFramebufferSize(window, w, h); };
  while (exit_code == 0 && !glfwWindowShouldClose(window)) {
    glfwPollEvents();
    const ml::app::FrameSize fb = ml::app::run_frame(app, hooks);
    const int fbw = fb.width, fbh = fb.height;
    ++st.count;
    const bool last_frame = o.frames > 0 && st.count >= o.frames;
    if (last_frame && !o.screenshot.empty()) {
      const std::string png = ml::app::capture_png(0, 0, fbw, fbh, fbh);
      std::ofstream out(o.screenshot, std::ios::binary);
      out.write(png.data(), static_cast<std::streamsize>(png.size()));
      if (!out || png.empty()) {
        std::fprintf(stderr, "error: could not write %s\n", o.screenshot.c_str());
        exit_code = 1;
      }
    }
    glfwSwapBuffers(window);
    if (o.stats) glFinish();  // frame time includes the GPU's work
    const double now = glfwGetTime();
    const double since_start =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - process_start).count();
    if (st.count == 1) st.first_frame_ms = since_start;
    if (st.count > kWarmupFrames + 1) st.frame_ms.add((now - last) * 1000.0);
    if (st.count > kWarmupFrames) st.costs.add(app.last_frame_cost());
    if (st.first_run_frame_ms < 0 && app.state().session()) st.first_run_frame_ms = since_start;
    last = now;
    if (last_frame) break;
  }
  return exit_code;
}

// --print-trace-hash, --print-status and --stats on stdout.
void print_results(ml::app::App& app, const Options& o, const FrameStats& st) {
  if (o.print_hash) {
    const ml::Session* s = app.state().session();
    std::printf("{\"steps\":%lld,\"trace_sha256\":\"%s\",\"url\":\"%s\"}\n", static_cast<long long>(s ? s->steps() : 0),
                app.trace_sha256().c_str(), app.state().url().c_str());
  }
  if (o.print_status) std::printf("%s\n", app.status_json().c_str());
  if (o.stats) {
    // Medians and 95th percentiles by nearest rank, as tools/e2e/measure_frames.mjs takes them in the browser.
    std::printf(
        "{\"frames\":%lld,\"first_frame_ms\":%.1f,\"first_run_frame_ms\":%.1f,\"median_ms\":%.2f,\"p95_ms\":%.2f,"
        "\"app_cpu_median_ms\":%.3f,\"app_cpu_p95_ms\":%.3f,\"train_median_ms\":%.3f,\"gl_median_ms\":%.3f,"
        "\"steps\":%lld}\n",
        st.count, st.first_frame_ms, st.first_run_frame_ms, st.frame_ms.percentile_ms(0.5),
        st.frame_ms.percentile_ms(0.95), st.costs.app().percentile_ms(0.5), st.costs.app().percentile_ms(0.95),
        st.costs.train().percentile_ms(0.5), st.costs.gl().percentile_ms(0.5),
        static_cast<long long>(app.state().session() ? app.state().session()->steps() : 0));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto process_start = std::chrono::steady_clock::now();
  Options o;
  if (std::optional<int> end = parse_options(argc, argv, &o)) return *end;
  GLFWwindow* window = open_window(o);
  if (!window) return 1;

  DesktopPlatform platform;
  platform.window = window;
  platform.export_dir = o.export_dir;
  if (o.share_base.empty()) {
    const char* from_env = std::getenv("MARGINLAB_SHARE_BASE");
    o.share_base = from_env && *from_env ? from_env : kDefaultShareBase;
  }
  platform.share_base = o.share_base;
  g_platform = &platform;
  int exit_code = 0;
  {
    ml::app::ImGuiBackends imgui(window, "#version 330 core");
    ml::desktop::install_thread_executor();  // sweeps run their cells on threads
    ml::app::App app(platform);
    app.start_gl();
    g_app = &app;
    glfwSetDropCallback(window, on_drop);
    exit_code = start_app(app, platform, window, o);
    const size_t measured = o.frames > kWarmupFrames ? static_cast<size_t>(o.frames - kWarmupFrames) : 1;
    FrameStats st(measured);
    if (exit_code == 0) exit_code = run_frames(app, window, o, process_start, st);
    print_results(app, o, st);
    g_app = nullptr;
  }
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}
