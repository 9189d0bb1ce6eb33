// marginlab app — the per-frame sequence both hosts run (see frame_loop.h).
#include "app/frame_loop.h"

#include "app/app.h"
#include "app/gl.h"
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "imgui.h"

namespace ml::app {

ImGuiBackends::ImGuiBackends() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
}

void ImGuiBackends::attach(GLFWwindow* window, const char* glsl_version) {
  IM_ASSERT(!attached_ && "the backends are attached once");
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(glsl_version);
  attached_ = true;
}

ImGuiBackends::~ImGuiBackends() {
  if (attached_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
  }
  ImGui::DestroyContext();
}

void ImGuiBackends::release_device_objects() { ImGui_ImplOpenGL3_DestroyDeviceObjects(); }

FrameSize run_frame(App& app, const FrameHooks& hooks) {
  // The frame's cost (App::finish_frame_cost): everything from here to the end of rendering, of which the
  // GL calls below and the training slice and the view's GL calls inside frame() are not the app's own.
  const double start = app.cost_clock();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (hooks.before_new_frame) hooks.before_new_frame();
  ImGui::NewFrame();
  app.frame();
  ImGui::Render();
  const double built = app.cost_clock();
  FrameSize size;
  hooks.framebuffer_size(&size.width, &size.height);
  glViewport(0, 0, size.width, size.height);
  glClearColor(0.08f, 0.085f, 0.1f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  app.after_render(size.width, size.height);
  const double end = app.cost_clock();
  app.finish_frame_cost(end - start, end - built);
  return size;
}

}  // namespace ml::app
