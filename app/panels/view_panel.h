// marginlab app — the View panel: the 2-D scatter with decision regions (app/ui/view.h), its options, the
// margin histogram beside a projection, and a preparation overlay. In Compare, every learner's decision
// boundary as a line in its colour (app/models/boundary.h) over the regions of the one in focus.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/models/boundary.h"
#include "app/panels/panel.h"
#include "app/ui/view.h"

namespace ml::app {

// The View panel (main area, top left). It owns GL objects: start_gl and draw need the GL context current.
class ViewPanel : public Panel {
 public:
  // What a click in the view does: nothing (hover read-outs only), add a training point of the chosen
  // class, or give the training point under the cursor the next class. Edits go into the link (`edits`).
  enum class ClickMode : int { look = 0, add = 1, flip = 2 };

  // The panel works on the shared context; the view's GL calls are timed on the host's cost clock.
  explicit ViewPanel(PanelContext ctx) : Panel(ctx) {
    view_.cost_clock = [this] { return ctx_.platform.thread_cpu_seconds(); };
  }
  ViewPanel(const ViewPanel&) = delete;  // the view's cost clock points at this panel
  ViewPanel& operator=(const ViewPanel&) = delete;
  // Seconds the view spent issuing GL calls since the last call (FrameCost).
  double take_gl_seconds() { return view_.take_gl_seconds(); }
  // Drawings of the view's texture so far (View::texture_renders).
  int64_t texture_renders() const { return view_.texture_renders(); }
  // Starts the GL work the view's first drawing needs (View::start_gl).
  void start_gl() { view_.start_gl(); }
  // Brings the view's caches up to date (once per frame, within budget_seconds); needs no GL context.
  void update(double budget_seconds);
  // Draws the panel as a fixed window at pos/size; without `title` (a phone's sheet, where the tabs name it) no title
  // bar; with `fold` (a touch screen's sheet or column, where the image needs the room) the view's controls fold
  // behind a "View options" button.
  void draw(ImVec2 pos, ImVec2 size, bool title = true, bool fold = false);
  // The last drawn image with its legend, on screen (the Export panel's view PNG).
  ImVec2 image_min() const { return view_.image_min(); }
  ImVec2 image_max() const { return view_.image_max(); }
  // The panel's height above and below the image (title, the view's controls, padding) at the last draw: a
  // phone's layout adds it to the image's share of the screen (app/models/layout.h).
  float chrome_height() const { return chrome_h_; }
  // The rectangle shown, in data coordinates (x then y): lo and hi (status JSON, the touch tests).
  const double* view_lo() const { return view_.view_lo(); }
  const double* view_hi() const { return view_.view_hi(); }

 private:
  void draw_compare_legend();  // Compare: a colour per learner; a click puts its regions in the view
  void draw_toolbar(const Session& session);
  void draw_folded_toolbar(const Session& session);  // the "View options" button, the hint beside it while folded
  std::string hint(float room) const;                // how to pan and zoom with the input in use, fitted to `room`
  void draw_axes_choice();
  void apply_click(const ViewClick& click, const Session& session);

  ClickMode click_mode_ = ClickMode::look;
  int add_class_ = 1;                   // the class an added point gets
  bool options_open_ = false;           // the sheet's "View options" are unfolded
  std::string edit_status_;             // what the last click did (or why not)
  std::optional<Config> pending_edit_;  // applied at the end of draw(): it rebuilds the session

  View view_;
  float chrome_h_ = 0;                       // chrome_height()
  std::vector<BoundaryTracker> boundaries_;  // Compare: one per learner
  uint64_t boundaries_version_ = 0;          // the comparison they belong to
};

}  // namespace ml::app
