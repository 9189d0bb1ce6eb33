// marginlab app — what the panels show and what their widgets do to the Config, without ImGui.
//
// The panels (app/panels.cpp) draw widgets for the rows of the config field table (core/config/
// fields.h) and the registry's parameter tables; every edit goes through the functions here, so the
// tests can walk every learner, noise model and generator exactly the way a click does. Nothing here
// lists fields or learners by hand: the lists come from config_fields() and learner_registry().
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/fields.h"

namespace ml::app {

// A choice of the toolbar's speed menu: steps per frame (0: as many as the frame's time budget allows).
struct SpeedChoice {
  int64_t steps_per_frame;
  const char* name;
};
// The speed menu, slowest first.
inline constexpr SpeedChoice kSpeedChoices[] = {{1, "1"},     {2, "2"},     {5, "5"},       {20, "20"},
                                                {100, "100"}, {1000, "1k"}, {10000, "10k"}, {0, "max"}};
// Frames a gallery entry is given to reach its step budget: 10 s at 15 frames per second (headless Chromium's
// software renderer draws 15 to 20; a phone 30 to 60), so that what its text claims is on screen by then. The
// frame's time budget caps a fast speed, so a costly learner may take longer (shipped_data_test measures it).
inline constexpr int64_t kGalleryFrames = 150;
// The speed a gallery entry opens at: the slowest of kSpeedChoices that reaches `steps` within kGalleryFrames
// frames, never slower than `current` (a visitor's faster choice stays).
int64_t gallery_speed(int64_t steps, int64_t current);

// The app's text sizes, in percent of the default (the 15 px font and every size with it): its own zoom, for
// hosts whose zoom does not reflow (a phone's pinch magnifies the page as drawn) or has none (the desktop window).
inline constexpr int kTextSizes[] = {100, 125, 150, 175, 200};
// A stored text size ("150") when it is one of kTextSizes, else 100 (nothing stored, or not one of ours).
int parse_text_size(std::string_view text);

// True unless the link hides this panel (Config::hidden_panels; names from kPanelNames).
bool panel_visible(const Config& config, std::string_view panel);
// The field-table rows a panel shows under this config, in table order: the rows of that panel in
// effect (field_in_effect: they apply, and the chosen generator reads them), without the URL version.
std::vector<const Field*> panel_fields(std::string_view panel, const Config& config);
// True when two configs give the same run: equal but for the fields declared view_only (hidden panels and
// the step budget, which only says where the app pauses).
bool same_experiment(const Config& a, const Config& b);
// A URL key's display name, for plot titles and axes: the field's label ("eta" -> "Noise rate"), a learner
// parameter's ("l.confusion" -> its label in the learner that has it), else the key itself.
std::string setting_display_name(std::string_view key);

// One entry of a choice widget.
struct Choice {
  std::string id;     // URL spelling
  std::string label;  // what the widget shows
  std::string help;   // its tooltip ("" for none)
};
// The choices of a setting's widget: its choices for choice and name_list settings (with the setting's
// choice labels and help: a generator's or noise model's row name, description and citation), every
// registry learner (display name, "(multiclass)" marked) for the learner field.
std::vector<Choice> setting_choices(const Setting& setting);

// Applies one widget edit: writes `value` with the field's setter, then keeps the experiment runnable
// the way a user expects (a new learner starts from its default parameters; a binary learner chosen on
// multiclass data switches the data to a binary generator; noise=confusion gets a matrix of the data's
// size). What was adjusted is appended to *notes. The caller validates the result.
Config apply_field_edit(Config config, const Field& field, const SettingValue& value, std::vector<std::string>* notes);
// Sets one learner parameter (config.params holds the non-default ones, sorted by name).
Config set_learner_param(Config config, const std::string& name, double value);
// The value of a learner parameter under this config (the default when not listed).
double learner_param_value(const Config& config, const Setting& spec);
// The display names of the learners that refuse a confusion matrix of this condition number (their registry
// rows' max_confusion_condition): the configured learner with the link's values, the others at their defaults.
std::vector<std::string> learners_refusing_condition(const Config& config, double condition);

// Number of classes of the data the config asks for: the loaded CSV's (csv_classes, 0 = none loaded)
// or the generator's.
int config_classes(const Config& config, int csv_classes);

// --- confusion-matrix editor (convention C_pq = P(noisy label = p | true class = q): columns sum to 1) ---

// The editor's preset buttons.
enum class ConfusionPreset : int {
  identity,    // no noise
  uniform,     // 1 - eta on the diagonal, eta / (Q - 1) elsewhere
  next_class,  // class q flips to q + 1 (mod Q) with probability eta: asymmetric, still invertible for eta < 1/2
  random,      // random_confusion with diagonal >= 1 - eta, seeded
  family,      // 004 §4.1: C_i from family_base_matrix (transposed to our convention), i in 0..20
};
// Display names of the presets, in enum order.
const std::vector<std::string>& confusion_preset_names();
// The preset as a Q x Q column-stochastic matrix.
Eigen::MatrixXd confusion_preset(ConfusionPreset preset, int classes, double eta, uint64_t seed, int family_index);
// The matrix of a row-by-row list (Q*Q values), or the identity when the list has the wrong size.
Eigen::MatrixXd confusion_matrix_of(const std::vector<double>& list, int classes);
// Largest |column sum - 1| of a matrix (0 for a column-stochastic one).
double confusion_column_error(const Eigen::MatrixXd& c);

}  // namespace ml::app
