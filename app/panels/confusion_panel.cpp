// marginlab app — the Confusion panel (see confusion_panel.h).
#include "app/panels/confusion_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/models/plot_axis.h"
#include "app/models/ui_model.h"
#include "app/ui/plot.h"
#include "core/noise/noise.h"
#include "core/noise/noise_registry.h"

namespace ml::app {

namespace {
// The panel's matrices: true C, achieved (or estimated) C, learned C-hat.
constexpr int kMatrices = 3;
}  // namespace

void ConfusionPanel::draw(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Confusion", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_HorizontalScrollbar);
  const Session* s = ctx_.state.session();
  if (!s) {
    ImGui::TextUnformatted("No run.");
    ImGui::End();
    return;
  }
  learned_.refresh(s, ctx_.state.session_version(), ctx_.platform.now_seconds());
  const LearnedConfusionValue& learned = learned_.value();
  const Config& config = ctx_.state.config();
  const Dataset& train = s->data().train;
  const int q = std::max(2, train.num_classes());
  // True C: the configured process, when the model is one (uniform noise is the matrix of eta) — the same
  // matrix UMA's "given" C is (noise_confusion_matrix, Problem::known_confusion).
  std::vector<double> true_c;
  std::string true_title = "True C (configured)";
  const Result<Eigen::MatrixXd> known = noise_confusion_matrix(config.noise, q);
  if (known.ok()) {
    true_c = confusion_to_list(known.value());
    const std::string& caption = noise_row(config.noise.model).matrix_caption;
    if (!caption.empty()) true_title += ": " + caption;
  } else if (known.error().code == "noise.not_a_matrix") {
    true_title = std::string("True C: '") + std::string(noise_model_name(config.noise.model)) + "' is not a matrix";
  } else {
    true_title = "True C: " + known.error().message;
  }
  std::vector<double> achieved;
  const NoiseReport& r = s->data().noise;
  if (r.achieved_confusion.rows() == q && r.achieved_confusion.cols() == q)
    achieved = confusion_to_list(r.achieved_confusion);
  const float fs = ImGui::GetFontSize();
  what_line("Which labels turn into which: configured noise, noise on the training labels, the learner's predictions.",
            "C_pq = P(noisy = p | true = q), columns sum to 1. \xC4\x88_pq = #(predicted p, true q) / #(true q); "
            "confusion rate = ||off-diagonal \xC4\x88||_F / \xE2\x88\x9AQ (004 \xC2\xA7"
            "4).");
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = fs * 1.5f;
  // Three matrices side by side when each gets the width of its shortest title line (15 font sizes,
  // matrix_plot's least width), else two in a row and the third under them, or one a row (a tablet in
  // portrait, a phone): none runs past the panel's right edge.
  int per_row = kMatrices;
  while (per_row > 1 && static_cast<float>(per_row) * (fs * 15.0f + gap) - gap > avail.x) --per_row;
  const int rows = (kMatrices + per_row - 1) / per_row;
  // Cell size: the matrices of a row side by side with their row labels (the longest class name, or the class
  // index when names are long: matrix_plot), and the title and caption lines.
  const float label_room = matrix_row_label_width(train.class_names, q) + 8;
  const float across = static_cast<float>(per_row);
  // Height: a title line, the column labels, the cells, a caption line (matrix_plot wraps longer ones); wrapped
  // rows keep 8 font sizes at least each (a phone's short sheet then scrolls to the next one).
  const float row_h = rows > 1 ? std::max(avail.y / static_cast<float>(rows), fs * 8.0f) : avail.y;
  float cell =
      std::floor(std::min((avail.x - across * label_room - across * gap) / (across * q), (row_h - fs * 4.6f) / q));
  cell = std::clamp(cell, 6.0f, fs * 4.2f);
  int drawn = 0;
  auto next_place = [&] {
    if (++drawn % per_row != 0) ImGui::SameLine(0, gap);
  };
  char learned_title[160];
  // A fast run moves on between two measurements of Ĉ: the title then names the step it is from.
  const bool trailing = s && learned_.step() != s->steps();
  const std::string measured_at = trailing ? ", step " + std::to_string(learned_.step()) : std::string();
  std::snprintf(learned_title, sizeof learned_title, "Learned \xC4\x88 (%s%s): rate %s",
                learned_.on_test() ? "test" : "train", measured_at.c_str(), format_readout(learned.rate).c_str());
  matrix_plot("true", true_title, true_c, q, train.class_names, cell, "noisy", "true");
  next_place();
  // The middle matrix: the C the learner estimated itself (UMA with l.confusion=estimated), else the noise
  // the simulation achieved on the training part (counted from the true labels the learner never sees).
  bool learner_estimated = false;
  int oracle_labels = 0;
  const Eigen::MatrixXd* in_use = s->learner().confusion_in_use(&learner_estimated, &oracle_labels);
  std::string middle_title = "Achieved C (counted on train)";
  if (learner_estimated && in_use != nullptr && in_use->rows() == q && in_use->cols() == q) {
    achieved = confusion_to_list(*in_use);
    middle_title = "Estimated C (learner, " + std::to_string(oracle_labels) + " oracle labels)";
  }
  matrix_plot("achieved", middle_title, achieved, q, train.class_names, cell, "noisy", "true");
  next_place();
  matrix_plot("learned", learned_title, learned.matrix, q, train.class_names, cell, "predicted", "true");
  ImGui::End();
}

}  // namespace ml::app
