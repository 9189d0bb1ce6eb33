// marginlab app — the per-frame sequence both hosts run (see frame_loop.h).
#include "app/platform/frame_loop.h"

#include "app/app.h"
#include "app/ui/gl.h"
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "core/util/hash.h"
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

uint64_t draw_data_signature() {
  const ImDrawData* data = ImGui::GetDrawData();
  if (data == nullptr) return 0;
  const float display[6] = {data->DisplayPos.x,  data->DisplayPos.y,       data->DisplaySize.x,
                            data->DisplaySize.y, data->FramebufferScale.x, data->FramebufferScale.y};
  uint64_t h = hash_bytes(static_cast<uint64_t>(data->CmdListsCount), display, sizeof display);
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    h = hash_bytes(h, list->VtxBuffer.Data, static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    h = hash_bytes(h, list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      const uint64_t fields[4] = {reinterpret_cast<uintptr_t>(cmd.TextureId),
                                  reinterpret_cast<uintptr_t>(cmd.UserCallback), cmd.VtxOffset,
                                  (static_cast<uint64_t>(cmd.IdxOffset) << 32) | cmd.ElemCount};
      h = hash_bytes(h, &cmd.ClipRect, sizeof cmd.ClipRect);
      h = hash_bytes(h, fields, sizeof fields);
    }
  }
  return h;
}

namespace {
// Whether this frame is drawn (always, without a gate).
bool frame_needs_draw(const App& app, const FrameHooks& hooks, const FrameSize& size) {
  if (hooks.redraw == nullptr) return true;
  const App::Offscreen offscreen = app.offscreen();
  const FrameFacts facts{size.width, size.height, offscreen.view_renders, offscreen.capture_pending};
  return hooks.redraw->needs_draw(facts, draw_data_signature);
}
}  // namespace

FrameSize run_frame(App& app, const FrameHooks& hooks) {
  // The frame's cost (App::finish_frame_cost): everything from here to the end of rendering, of which the
  // GL calls below and the training slice and the view's GL calls inside frame() are not the app's own.
  const double start = app.cost_clock();
  if (app.fonts_stale()) {  // a new text size: the atlas is rebuilt outside the frame, its texture made again
    ImGui_ImplOpenGL3_DestroyDeviceObjects();
    app.rebuild_fonts();
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (hooks.before_new_frame) hooks.before_new_frame();
  app.scale_io();
  ImGui::NewFrame();
  app.frame();
  ImGui::Render();
  FrameSize size;
  hooks.framebuffer_size(&size.width, &size.height);
  size.drawn = frame_needs_draw(app, hooks, size);  // the draw lists' hash is the app's own work
  const double built = app.cost_clock();
  if (size.drawn) {
    glViewport(0, 0, size.width, size.height);
    glClearColor(0.08f, 0.085f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    app.after_render(size.width, size.height);
  }
  const double end = app.cost_clock();
  app.finish_frame_cost(end - start, end - built);
  return size;
}

}  // namespace ml::app
