// marginlab app — the per-frame sequence both hosts run (native/app/main.cpp, web/main.cpp), and the
// ImGui context with its platform and renderer backends. Both hosts use ImGui's GLFW and OpenGL 3
// backends; which build of them (Debian's libimgui natively, .deps/imgui compiled for WebGL2 in the web
// build) is chosen at link time by ml_imgui (app/CMakeLists.txt), so nothing here depends on the host.
// The hosts keep only what is theirs: the window, polling events, presenting, and their adjustments to
// ImGui's input (hooks).
#pragma once

#include <cstdint>
#include <functional>

#include "app/models/redraw_gate.h"

struct GLFWwindow;

namespace ml::app {

class App;

// The ImGui context and its GLFW + OpenGL 3 backends for one window. The context can come first, the
// backends once the window and its GL context exist (attach): the page builds its fonts and experiment in
// between, while the browser makes its WebGL2 context.
class ImGuiBackends {
 public:
  // Creates the ImGui context only (no GL context needed).
  ImGuiBackends();
  // Creates the context and attaches both backends to `window` (its GL context current).
  ImGuiBackends(GLFWwindow* window, const char* glsl_version) : ImGuiBackends() { attach(window, glsl_version); }
  // Initializes both backends for `window`, whose GL context is current; `glsl_version` is the renderer's
  // "#version ..." line. Once, before the first frame.
  void attach(GLFWwindow* window, const char* glsl_version);
  // Shuts the backends down (if attached) and destroys the context.
  ~ImGuiBackends();
  ImGuiBackends(const ImGuiBackends&) = delete;
  ImGuiBackends& operator=(const ImGuiBackends&) = delete;
  // Releases the renderer's GL objects (the font texture): call before rebuilding the font atlas outside
  // a frame; the next frame recreates them.
  void release_device_objects();

 private:
  bool attached_ = false;  // attach ran
};

// What a host adds to the shared frame.
struct FrameHooks {
  // After the backends' NewFrame, before ImGui::NewFrame: the host's adjustments to ImGuiIO (the page's
  // CSS-pixel layout, a headless run's parked pointer). May be empty.
  std::function<void()> before_new_frame;
  // The default framebuffer's size in device pixels.
  std::function<void(int* width, int* height)> framebuffer_size;
  // When set, a frame that shows what the last drawn one showed is not drawn (the default framebuffer keeps
  // the last picture: the page's canvas does; a double-buffered window would not).
  RedrawGate* redraw = nullptr;
};

// The size of the framebuffer a frame was rendered to.
struct FrameSize {
  int width = 0;      // device pixels
  int height = 0;     // device pixels
  bool drawn = true;  // false when hooks.redraw left the last picture on screen
};

// A hash of everything ImGui's renderer reads from the current draw data (vertices, indices, commands with
// their clip rectangles and textures, the display's place, size and scale).
uint64_t draw_data_signature();

// One frame of the app: the backends' NewFrame, hooks.before_new_frame, ImGui::NewFrame, App::frame,
// ImGui::Render, clear and draw into the default framebuffer (unless hooks.redraw finds nothing changed),
// App::after_render; then the frame's cost
// (App::last_frame_cost: the app's own work apart from training and GL calls). The host polls events
// before and presents (swaps buffers) after.
FrameSize run_frame(App& app, const FrameHooks& hooks);

}  // namespace ml::app
