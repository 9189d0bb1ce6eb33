// marginlab app — the Plots panel (see plots_panel.h).
#include "app/panels/plots_panel.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>

#include <cctype>
#include <string>

#include "app/models/plot_axis.h"
#include "app/models/plot_model.h"
#include "app/models/results_line.h"
#include "app/ui/plot.h"
#include "core/learners/registry.h"
#include "core/metrics/metrics.h"
#include "core/session/trace.h"

namespace ml::app {

namespace {
// Below this panel width (in font sizes) the four plots are stacked in one column.
constexpr float kOneColumnWidth = 34.0f;
// The least height of a plot in a scrolled column (font sizes): its title, legend, ticks and a readable curve.
constexpr float kScrolledPlotHeight = 14.0f;
// What the margin plot's quantile curve is called.
std::string quantile_name() { return std::to_string(static_cast<int>(kMarginQuantile * 100 + 0.5)) + " % quantile"; }
}  // namespace

ImVec2 PlotsPanel::cell_size(ImVec2 avail) const {
  const float gap_x = ImGui::GetStyle().ItemSpacing.x, gap_y = ImGui::GetStyle().ItemSpacing.y;
  if (one_column_) {
    const float h = std::floor((avail.y - 3 * gap_y) * 0.25f);
    return ImVec2(std::floor(avail.x), scroll_column_ ? std::max(h, ImGui::GetFontSize() * kScrolledPlotHeight) : h);
  }
  return ImVec2(std::floor((avail.x - gap_x) * 0.5f), std::floor((avail.y - gap_y) * 0.5f));
}

// What the four plots of a single run share: the run, the trace's columns, the cell size and the plot call
// (a line plot, or a card of values for a one-step learner).
struct PlotsPanel::RunPlots {
  const Session& session;
  const Learner& learner;
  const std::vector<std::vector<double>>& cols;  // the trace's columns
  const std::vector<double>* x;                  // the step column
  ImVec2 cell;
  std::function<void(const char*, const PlotOptions&, const std::vector<PlotSeries>&)> plot;
};

void PlotsPanel::draw(ImVec2 pos, ImVec2 size, bool scroll_column) {
  begin_panel("Plots", pos, size, ImGuiWindowFlags_NoScrollbar);
  // One column only where it leaves each plot as tall as the grid would (the stacked layout), or where the
  // column scrolls (a phone's sheet, where a 2 x 2 grid squeezed each plot under its own legend).
  scroll_column_ = scroll_column;
  one_column_ =
      scroll_column || (size.x < ImGui::GetFontSize() * kOneColumnWidth && size.y > ImGui::GetFontSize() * 48.0f);
  plots_min_ = ImGui::GetCursorScreenPos();
  if (ctx_.state.mode() == RunMode::compare && ctx_.state.compare().active()) {
    draw_compare();
    ImGui::End();
    return;
  }
  series_.refresh(ctx_.state.session(), ctx_.state.session_version());
  const Session* session = ctx_.state.session();
  if (!session || !series_.ready()) {
    ImGui::TextUnformatted("No run.");
    ImGui::End();
    return;
  }
  const std::vector<std::vector<double>>& cols = series_.columns();
  const std::vector<double>* x = &cols[kTraceStep];
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 cell = cell_size(avail);
  auto next = [&] {
    if (!one_column_) ImGui::SameLine();
  };
  ImGui::PushFont(*ctx_.font_small);
  const Learner& learner = session->learner();
  // A learner that finds its hypothesis in one step (A_mu) has no curve: each plot shows its values after that
  // step as numbers, with a sentence saying why, instead of lines from the untrained start to step 1.
  const bool one_step = one_step_run(*x, session->done());
  const LearnerEntry* entry = find_learner(ctx_.state.config().learner);
  // The first card says why; the others only what their numbers are.
  const std::string one_step_sentence =
      (entry ? entry->schema.name : std::string("The learner")) +
      " finds its hypothesis in a single step, so there is no curve: the values after that step.";
  bool first_card = true;
  auto plot = [&](const char* id, const PlotOptions& o, const std::vector<PlotSeries>& s) {
    if (!one_step) return line_plot(id, cell, o, s);
    value_card(id, cell, o, s, first_card ? one_step_sentence : "After its single step:");
    first_card = false;
  };
  const RunPlots r{*session, learner, cols, x, cell, plot};
  draw_mistakes_plot(r);
  next();
  draw_margin_plot(r);
  draw_error_plot(r);
  next();
  draw_fourth_plot(r);
  ImGui::PopFont();
  plots_max_ = ImVec2(plots_min_.x + avail.x, plots_min_.y + avail.y);
  ImGui::End();
}

// 1. What the bound counts (mistakes, or updates for the learners whose bound is on updates) against it.
void PlotsPanel::draw_mistakes_plot(const RunPlots& r) {
  const std::vector<double>* x = r.x;
  const std::vector<std::vector<double>>& cols = r.cols;
  const Learner& learner = r.learner;
  const CountedQuantity counted = counted_quantity(learner.bound_label());
  const Session* session = &r.session;
  const double bound = session->trace().size() ? session->trace().at(session->trace().size() - 1, kTraceBound) : NAN;
  PlotOptions o;
  const bool noisy = noise_corrupts(ctx_.state.config().noise.model);
  const BoundKind kind = learner.bound_kind();
  std::string what = counted.source == CountSource::counter ? "mistakes and updates" : counted.word;
  what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
  o.title = !std::isfinite(bound)           ? what + " (no bound applies here)"
            : kind == BoundKind::order_rate ? what + " vs O() rate"
                                            : what + " vs bound";
  o.x_label = "step";
  o.y_max_cap = series_.mistakes_y_cap(bound);
  o.help =
      "How many " + std::string(counted.source == CountSource::counter ? "mistakes and updates" : counted.word) +
      " the learner has made so far. " +
      (kind == BoundKind::order_rate ? "The dashed line is the paper's O() size with our constant: a rate, not a limit."
       : kind == BoundKind::noise_aware
           ? "The dashed line is the theory's bound, which allows for the noise."
           : std::string("The dashed line is the most the theory allows on clean, separable data") +
                 (noisy ? "; noise can push the count past it." : "."));
  o.reference =
      "Perceptron: (R/\xCE\xB4)\xC2\xB2 mistakes (001 Thm 1.1); Bylander / RP: 16/(\xCE\xB5\xCE\xB3)\xC2\xB2 updates "
      "(000 Thm 3); ultraconservative / UMA: 2/\xCE\xB8\xC2\xB2 (004 Thm 1); coresets: 002 Lemma 4.2.";
  // Updates are drawn only where they differ from mistakes (for the perceptron they coincide).
  const bool same = series_.updates_equal_mistakes();
  std::vector<PlotSeries> s;
  if (!same)
    s.push_back({"updates", x, &cols[kTraceUpdates], series_color(2), false,
                 counted.source == CountSource::updates ? 2.2f : 1.4f});
  s.push_back({same ? "mistakes = updates" : "mistakes", x, &cols[kTraceMistakes], series_color(0), false,
               counted.source == CountSource::updates && !same ? 1.4f : 2.2f});
  if (std::isfinite(bound)) {
    // "mistakes" is what the y axis shows anyway; name what the bound counts only when it differs.
    const std::string counts =
        std::string(learner.bound_label()) == "mistakes" ? "" : std::string(" on ") + learner.bound_label();
    s.push_back({bound_kind_name(learner.bound_kind(), learner.bound_constant()) + counts + " " + format_readout(bound),
                 x, &cols[kTraceBound], series_color(6), true});
  }
  r.plot("mistakes", o, s);
}

// 2. Margin on the training sample: every linear learner (binary halfspaces, and UMA / ultraconservative
// by 004 Def. 2); under noise the clean points' minimum and a quantile, since one corrupted point sets
// the plain minimum (the trace's margin columns, core/session/trace.h).
void PlotsPanel::draw_margin_plot(const RunPlots& r) {
  const Session* session = &r.session;
  const Learner& learner = r.learner;
  PlotOptions o;
  const bool noisy = session->data().train.corrupted_count() > 0;
  const bool multiclass = learner.weights() == nullptr;
  o.title = (noisy ? "Margin of the clean points" : "Margin on the training sample") + subsample_title(*session);
  o.x_label = "step";
  o.include_zero = true;
  o.empty_text = std::isnan(learner.hypothesis_norm()) ? "no margin: the hypothesis is not a linear classifier"
                                                       : "no margin yet (W = 0)";
  o.help =
      std::string("How far the training points sit on the right side of the learner's boundary, relative to the "
                  "weights' size (positive: correct with room to spare). ") +
      (noisy ? "Under noise the plain minimum is set by a corrupted point, so the solid line is the minimum over the "
               "points noise left alone, and the other the margin 10 % of all points fall below."
             : "The line is the smallest margin over the training points.");
  o.reference = multiclass ? "004 Def. 2: (\xE2\x9F\xA8w_y,x\xE2\x9F\xA9 \xE2\x88\x92 max_{k\xE2\x89\xA0y} "
                             "\xE2\x9F\xA8w_k,x\xE2\x9F\xA9) / ||W||_F "
                             "(Assumption 1: ||W*||_F = 1)."
                           : "y\xE2\x9F\xA8w,x\xE2\x9F\xA9/||w|| (docs/algorithms.md); the bound's \xCE\xB4 is "
                             "the target's margin (001 Thm 1.1).";
  std::vector<PlotSeries> s;
  if (noisy) {
    s.push_back({"clean, min", r.x, &r.cols[kTraceMarginClean], series_color(0), false, 2.2f});
    s.push_back({quantile_name(), r.x, &r.cols[kTraceMarginQuantile], series_color(1)});
    s.push_back({"all, min", r.x, &r.cols[kTraceMargin], series_color(7), true, 1.2f});
  } else {
    s.push_back({"min over the points", r.x, &r.cols[kTraceMargin], series_color(0), false, 2.2f});
  }
  r.plot("margin", o, s);
}

// 3. Errors.
void PlotsPanel::draw_error_plot(const RunPlots& r) {
  const std::vector<double>* x = r.x;
  const std::vector<std::vector<double>>& cols = r.cols;
  PlotOptions o;
  o.title = "Error" + subsample_title(r.session);
  o.x_label = "step";
  o.help = "Fraction of points the learner gets wrong: on the training labels it saw (noisy), on their true labels, "
           "and on held-out test points. A noise-tolerant learner keeps the true and test errors low while the "
           "noisy error stays near the noise rate.";
  o.reference = "Uniform classification noise and the PAC goal: 000 \xC2\xA7"
                "2; malicious noise: 003 \xC2\xA7"
                "1.";
  r.plot("errors", o,
         {{"train (noisy)", x, &cols[kTraceTrainErrorNoisy], series_color(3)},
          {"train (true)", x, &cols[kTraceTrainErrorTrue], series_color(2)},
          {"test (true)", x, &cols[kTraceTestError], series_color(1), false, 2.2f}});
}

// 4. The learner's counters (all, or one chosen in the corner), or the perceptron's invariants.
void PlotsPanel::draw_fourth_plot(const RunPlots& r) {
  const std::vector<double>* x = r.x;
  const std::vector<std::vector<double>>& cols = r.cols;
  const Session* session = &r.session;
  const ImVec2 cell = r.cell;
  const size_t counters = series_.num_counters();
  const std::vector<std::string>& names = session->trace().columns();
  const bool invariants_known = series_.invariants_known();
  const int mode = series_.fourth_plot_mode(plot4_mode_);
  const std::vector<std::string> counter_names(names.begin() + kTraceStandardColumns, names.end());
  const std::vector<size_t> shown = series_.shown_counters(counter_names, counter_choice_);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  PlotOptions o;
  o.x_label = "step";
  std::vector<PlotSeries> s;
  if (mode == 0) {
    o.title = counters > 1 ? "Counter" : "Learner counter";
    o.empty_text = "this learner has no counters";
    o.help = "A number the learner keeps about itself (see docs/learners.md for each counter).";
    for (size_t c : shown)
      s.push_back(
          {names[kTraceStandardColumns + c], x, &cols[kTraceStandardColumns + c], series_color(static_cast<int>(c))});
  } else {
    o.title = "Invariants: \xE2\x9F\xA8w,v\xE2\x9F\xA9 \xE2\x89\xA5 \xCE\xB4M,  ||w||\xC2\xB2 \xE2\x89\xA4 MR\xC2\xB2";
    o.empty_text = "needs a known target v (generated data, linear learner)";
    o.help = "The two facts the perceptron's bound is proved from: each mistake moves w toward the target v by at "
             "least \xCE\xB4, and grows ||w||\xC2\xB2 by at most R\xC2\xB2. Noise breaks the first.";
    o.reference = "001 Thm 1.1, Claims 1.2-1.4.";
    s = {{"\xE2\x9F\xA8w,v\xE2\x9F\xA9", x, &cols[kTraceWDotV], series_color(0)},
         {"\xCE\xB4M", x, &series_.delta_m(), series_color(0), true},
         {"||w||\xC2\xB2", x, &cols[kTraceWNorm2], series_color(1)},
         {"MR\xC2\xB2", x, &series_.m_r2(), series_color(1), true}};
  }
  // The counters/invariants switch sits at the right end of the title line: the title leaves room for it.
  if (counters > 0 && invariants_known)
    o.title_reserve =
        ImGui::CalcTextSize(mode == 0 ? "invariants" : "counters").x + ImGui::GetStyle().FramePadding.x * 2 + 10;
  r.plot("fourth", o, s);
  // Switches on the title line: which counter (after the title), counters <-> invariants (right).
  const ImVec2 after = ImGui::GetCursorScreenPos();
  float right = p.x + cell.x - 4;
  if (counters > 0 && invariants_known) {
    const char* label = mode == 0 ? "invariants" : "counters";
    right -= ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorScreenPos(ImVec2(right, p.y + 2));
    // Small on every screen: the title line has a text's height (a touch target would cover the plot above).
    if (ImGui::SmallButton(label)) plot4_mode_ = 1 - mode;
    right -= 6;
  }
  if (mode == 0 && counters > 1) {
    // After the title and its "(?)" (line_plot draws them there).
    const float help_w = o.help.empty() ? 0.0f : ImGui::CalcTextSize("(?)").x + 6;
    const float left = p.x + 6 + ImGui::CalcTextSize(o.title.c_str()).x + help_w + 8;
    // Where the title line leaves too little room for a name, the combo is its arrow alone (the choice on hover).
    const bool roomy = right - left >= ImGui::GetFontSize() * 4.0f;
    const float w = roomy ? std::min(ImGui::GetFontSize() * 9.0f, right - left) : ImGui::GetFrameHeight();
    ImGui::SetCursorScreenPos(ImVec2(left, p.y + 1));
    ImGui::SetNextItemWidth(w);
    const std::string preview = shown.size() == 1 ? names[kTraceStandardColumns + shown[0]] : "all";
    if (fitted_combo("##counter", preview, roomy ? 0 : ImGuiComboFlags_NoPreview)) {
      if (ImGui::Selectable("all", shown.size() > 1)) counter_choice_ = "all";
      for (size_t c = 0; c < counters; ++c)
        if (ImGui::Selectable(names[kTraceStandardColumns + c].c_str(), shown.size() == 1 && shown[0] == c))
          counter_choice_ = names[kTraceStandardColumns + c];
      ImGui::EndCombo();
    }
  }
  ImGui::SetCursorScreenPos(after);
}

void PlotsPanel::draw_compare() {
  CompareModel& cm = ctx_.state.compare();
  cm.refresh_series();
  const float full_width = ImGui::GetContentRegionAvail().x;
  // One legend for the four plots: a colour per learner; a click shows that learner's regions in the view.
  ImGui::PushFont(*ctx_.font_small);
  const int clicked = compare_legend(cm, "");
  if (clicked >= 0) cm.set_focus(clicked);
  // A learner that finds its hypothesis in one step (A_mu) has no curve: its values after that step are drawn as
  // a dashed level from step 1 to the last step of the longest run, so they can be compared with the others'.
  std::vector<bool> one_step(cm.size(), false);
  double last_step = 1;
  std::string one_step_names;
  for (size_t i = 0; i < cm.size(); ++i) {
    const ComparedRun& r = cm.run(i);
    if (!r.series.ready()) continue;
    const std::vector<double>& steps = r.series.column(kTraceStep);
    if (!steps.empty()) last_step = std::max(last_step, steps.back());
    one_step[i] = one_step_run(steps, r.session && r.session->done());
    if (one_step[i]) one_step_names += (one_step_names.empty() ? "" : ", ") + r.name;
  }
  const std::vector<double> level_x = {1, last_step};
  std::deque<std::vector<double>> levels;  // the levels' y values (the plot series point at them)
  auto series_of = [&](size_t i, const std::string& name, const std::vector<double>& y, float thickness) -> PlotSeries {
    const ComparedRun& r = cm.run(i);
    const ImU32 color = learner_color(static_cast<int>(i));
    if (!one_step[i]) return {name, &r.series.column(kTraceStep), &y, color, false, thickness};
    const double v = final_value(y);
    levels.push_back({v, v});
    return {name + " (one step)", &level_x, &levels.back(), color, true, thickness};
  };
  std::string caption = "solid: mistakes or updates (what each bound counts); dashed: bound";
  if (!one_step_names.empty())
    caption += "; " + one_step_names + " finishes in one step: its values are a dashed level from step 1";
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", caption.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 cell = cell_size(avail);
  ImGui::PushFont(*ctx_.font_small);
  // Nested stripes: the first learner's curve widest, each next one narrower on top, so that curves that
  // coincide (two learners with the same test error) both stay visible.
  auto width = [&](size_t i) { return 1.5f + 1.1f * static_cast<float>(cm.size() - 1 - i); };
  // Series of one trace column per learner.
  auto per_learner = [&](size_t column) {
    std::vector<PlotSeries> s;
    for (size_t i = 0; i < cm.size(); ++i) {
      const ComparedRun& r = cm.run(i);
      if (!r.series.ready()) continue;
      s.push_back(series_of(i, r.name, r.series.column(column), width(i)));
    }
    return s;
  };
  // 1. What each learner's bound counts (mistakes, or updates for the learners whose bound is on updates).
  {
    PlotOptions o;
    o.title = "Mistakes or updates vs bound";
    o.x_label = "step";
    o.legend = false;
    o.y_max_cap = cm.mistakes_y_cap();
    std::vector<PlotSeries> s;
    for (size_t i = 0; i < cm.size(); ++i) {
      const ComparedRun& r = cm.run(i);
      if (!r.series.ready() || !r.session) continue;
      const std::string counts = r.session->learner().bound_label();
      const size_t column = counts == "updates" ? kTraceUpdates : kTraceMistakes;
      const ImU32 color = learner_color(static_cast<int>(i));
      s.push_back(series_of(i, r.name + " " + counts, r.series.column(column), width(i)));
      const std::vector<double>& bound = r.series.column(kTraceBound);
      const Learner& learner = r.session->learner();
      const std::string bound_name =
          r.name + " " + bound_kind_name(learner.bound_kind(), learner.bound_constant()) + " on " + counts;
      if (!bound.empty() && std::isfinite(bound.back())) {
        if (one_step[i])
          s.push_back(series_of(i, bound_name, bound, 1.4f));
        else
          s.push_back({bound_name, &r.series.column(kTraceStep), &bound, color, true, 1.4f});
      }
    }
    line_plot("compare_mistakes", cell, o, s);
  }
  if (!one_column_) ImGui::SameLine();
  // 2. Margin on the training sample (observed labels).
  {
    PlotOptions o;
    o.title = "Margin (training, observed labels)";
    o.x_label = "step";
    o.legend = false;
    o.empty_text = "no margin for these learners";
    line_plot("compare_margin", cell, o, per_learner(kTraceMargin));
  }
  // 3. Test error.
  {
    PlotOptions o;
    o.title = "Test error (true labels)";
    o.x_label = "step";
    o.legend = false;
    line_plot("compare_test", cell, o, per_learner(kTraceTestError));
  }
  if (!one_column_) ImGui::SameLine();
  // 4. Training error against the labels the learners saw.
  {
    PlotOptions o;
    o.title = "Training error (noisy labels)";
    o.x_label = "step";
    o.legend = false;
    line_plot("compare_train", cell, o, per_learner(kTraceTrainErrorNoisy));
  }
  ImGui::PopFont();
  plots_max_ = ImVec2(plots_min_.x + full_width, ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y);
}

}  // namespace ml::app
