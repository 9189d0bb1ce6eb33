// marginlab app — panel contents and widget edits as Config transformations (see ui_model.h).
#include "app/models/ui_model.h"

#include <algorithm>
#include <cmath>

#include "core/config/url.h"
#include "core/data/generators.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/noise/noise_registry.h"

namespace ml::app {

int64_t gallery_speed(int64_t steps, int64_t current) {
  if (current == 0) return 0;  // already as fast as the frame allows
  for (const SpeedChoice& c : kSpeedChoices) {
    const bool reaches = c.steps_per_frame == 0 || c.steps_per_frame * kGalleryFrames >= steps;
    if (reaches && (c.steps_per_frame == 0 || c.steps_per_frame >= current)) return c.steps_per_frame;
  }
  return 0;
}

int parse_text_size(std::string_view text) {
  for (const int size : kTextSizes)
    if (text == std::to_string(size)) return size;
  return 100;
}

bool panel_visible(const Config& config, std::string_view panel) {
  for (const std::string& hidden : config.hidden_panels)
    if (hidden == panel) return false;
  return true;
}

std::vector<const Field*> panel_fields(std::string_view panel, const Config& config) {
  std::vector<const Field*> out;
  for (const Field& f : config_fields())
    if (f.panel == panel && field_in_effect(f, config)) out.push_back(&f);
  return out;
}

std::string setting_display_name(std::string_view key) {
  std::vector<std::string> learners;
  for (const LearnerSchema& l : learner_schemas()) learners.push_back(l.id);
  if (const std::optional<SettingRef> setting = resolve_url_key(key, learners)) return setting->setting().label;
  return std::string(key);
}

bool same_experiment(const Config& a, const Config& b) {
  Config x = a, y = b;
  for (const Field& f : config_fields()) {
    if (!f.view_only) continue;
    f.set(x, f.default_value);
    f.set(y, f.default_value);
  }
  return x == y;
}

std::vector<Choice> setting_choices(const Setting& field) {
  std::vector<Choice> out;
  if (field.type == SettingType::learner) {
    for (const LearnerEntry& e : learner_registry())
      out.push_back({e.schema.id, e.schema.name + (e.schema.multiclass ? "  (multiclass)" : ""), ""});
    return out;
  }
  for (size_t i = 0; i < field.choices.size(); ++i) {
    const std::string& label = i < field.choice_labels.size() ? field.choice_labels[i] : field.choices[i];
    out.push_back({field.choices[i], label, i < field.choice_help.size() ? field.choice_help[i] : std::string()});
  }
  return out;
}

int config_classes(const Config& config, int csv_classes) {
  if (config.use_csv) return csv_classes;
  return generator_is_multiclass(config.generator.kind) ? config.generator.classes : 2;
}

namespace {

// The registry schema with this id, or nullptr.
const LearnerSchema* find_schema(std::string_view id) {
  for (const LearnerSchema& s : learner_schemas())
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace

Config apply_field_edit(Config config, const Field& field, const SettingValue& value, std::vector<std::string>* notes) {
  const std::string old_learner = config.learner;
  field.set(config, value);
  if (field.type == SettingType::learner && config.learner != old_learner) {
    config.params.clear();  // the old learner's parameters mean nothing to the new one
    const LearnerSchema* schema = find_schema(config.learner);
    if (schema && !schema->multiclass && config_is_multiclass(config)) {
      config.generator.kind = generator_with_id("separable");
      if (notes)
        notes->push_back("'" + schema->name +
                         "' handles two classes: the data switched to the binary generator 'separable'");
    }
  }
  // Data that became multiclass under a binary learner: pick the first multiclass learner now rather
  // than letting validation do it silently.
  if (field.key == "data" || field.key == "q") {
    const LearnerSchema* schema = find_schema(config.learner);
    if (schema && !schema->multiclass && config_is_multiclass(config)) {
      for (const LearnerSchema& s : learner_schemas()) {
        if (!s.multiclass) continue;
        if (notes)
          notes->push_back("the data has " + std::to_string(config.generator.classes) + " classes and '" +
                           schema->name + "' handles two: the learner switched to '" + s.name + "'");
        config.learner = s.id;
        config.params.clear();
        break;
      }
    }
  }
  // Confusion noise needs a Q x Q matrix of the data's classes: start from the uniform one.
  if (noise_reads(config.noise.model, NoiseParam::confusion) && !config.use_csv) {
    const int q = config_classes(config, 0);
    if (config.noise.confusion.size() != static_cast<size_t>(q * q)) {
      config.noise.confusion = confusion_to_list(uniform_confusion(q, config.noise.rate));
      if (notes && field.key != "noise")
        notes->push_back("the confusion matrix was reset to uniform noise for " + std::to_string(q) + " classes");
    }
  }
  return config;
}

Config set_learner_param(Config config, const std::string& name, double value) {
  bool found = false;
  for (ParamValue& p : config.params) {
    if (p.name == name) {
      p.value = value;
      found = true;
    }
  }
  if (!found) config.params.push_back({name, value});
  std::sort(config.params.begin(), config.params.end(),
            [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
  return config;
}

double learner_param_value(const Config& config, const Setting& spec) {
  for (const ParamValue& p : config.params)
    if (p.name == spec.key) return p.value;
  return spec.default_value.number;
}

std::vector<std::string> learners_refusing_condition(const Config& config, double condition) {
  std::vector<std::string> out;
  for (const LearnerEntry& row : learner_registry()) {
    if (row.max_confusion_condition == nullptr) continue;
    const ParamValues values = row.schema.id == config.learner ? config.params : ParamValues{};
    if (condition > row.max_confusion_condition(values)) out.push_back(row.schema.name);
  }
  return out;
}

const std::vector<std::string>& confusion_preset_names() {
  static const std::vector<std::string> names = {"identity", "uniform eta", "next class", "random", "paper family"};
  return names;
}

Eigen::MatrixXd confusion_preset(ConfusionPreset preset, int classes, double eta, uint64_t seed, int family_index) {
  const int q = std::max(2, classes);
  switch (preset) {
    case ConfusionPreset::identity: return Eigen::MatrixXd::Identity(q, q);
    case ConfusionPreset::uniform: return uniform_confusion(q, eta);
    case ConfusionPreset::next_class: {
      Eigen::MatrixXd c = Eigen::MatrixXd::Zero(q, q);
      for (int t = 0; t < q; ++t) {
        c(t, t) = 1 - eta;
        c((t + 1) % q, t) += eta;
      }
      return c;
    }
    case ConfusionPreset::random: return random_confusion(q, 1 - eta, seed);
    case ConfusionPreset::family: return confusion_family(family_base_matrix(q, seed), std::max(0, family_index));
  }
  return Eigen::MatrixXd::Identity(q, q);
}

Eigen::MatrixXd confusion_matrix_of(const std::vector<double>& list, int classes) {
  const int q = std::max(2, classes);
  if (list.size() != static_cast<size_t>(q * q)) return Eigen::MatrixXd::Identity(q, q);
  Eigen::MatrixXd c(q, q);
  for (int r = 0; r < q; ++r)
    for (int col = 0; col < q; ++col) c(r, col) = list[static_cast<size_t>(r * q + col)];
  return c;
}

double confusion_column_error(const Eigen::MatrixXd& c) {
  double worst = 0;
  for (int col = 0; col < c.cols(); ++col) worst = std::max(worst, std::fabs(c.col(col).sum() - 1.0));
  return worst;
}

}  // namespace ml::app
