// marginlab app — the per-frame sequence both hosts run (see frame_loop.h).
#include "app/frame_loop.h"

#include "app/app.h"
#include "app/gl.h"
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "imgui.h"

namespace ml::app {

ImGuiBackends::ImGuiBackends(GLFWwindow* window, const char* glsl_version) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(glsl_version);
}

ImGuiBackends::~ImGuiBackends() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiBackends::release_device_objects() { ImGui_ImplOpenGL3_DestroyDeviceObjects(); }

FrameSize run_frame(App& app, const FrameHooks& hooks) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (hooks.before_new_frame) hooks.before_new_frame();
  ImGui::NewFrame();
  app.frame();
  ImGui::Render();
  FrameSize size;
  hooks.framebuffer_size(&size.width, &size.height);
  glViewport(0, 0, size.width, size.height);
  glClearColor(0.08f, 0.085f, 0.1f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  app.after_render(size.width, size.height);
  return size;
}

}  // namespace ml::app
