// marginlab — the noise-model registry: one row per model, the one list every consumer reads.
//
// A row holds a model's URL id, display name, one-line description and citation, which NoiseSpec settings
// it reads (the config fields eta, theta, sampling, ... apply exactly when the chosen row reads them), its
// properties, and its functions: validate, apply, and its confusion matrix when it has one. The URL codec
// and field table (config/fields.cpp), apply_noise, validate_noise_spec, noise_confusion_matrix, the app's
// Noise panel and `marginlab url --doc` (docs/url.md) read the rows; nothing else lists noise models. The
// built-in rows come first, in the order of the enumerators of noise_ids.h (private to core/noise;
// noise.cpp, builtin_noise_rows), so every link and golden hash keeps its meaning; register_noise_model
// appends a row (a test's model, tests/unit/test_only_noise.cpp) whose NoiseModel value is its position.
// Registration is a start-up action: it is not thread-safe, and a reference to a row stays valid until
// that row is unregistered.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/data/dataset.h"
#include "core/noise/noise.h"
#include "core/util/rng.h"
#include "core/util/row_table.h"
#include "core/util/status.h"

namespace ml {

// The NoiseSpec settings a model may read (each is one config field: eta, theta, sampling, cm, fam,
// famseed, adv, strategy, k, omode).
enum class NoiseParam : int {
  rate,
  malicious_rate,
  sampling,
  confusion,
  family,
  family_seed,
  adversary,
  strategy,
  outliers,
  outlier_mode
};
// A set of NoiseParam, one bit each.
using NoiseParams = unsigned;
// The bits of several settings.
constexpr NoiseParams noise_params(std::initializer_list<NoiseParam> ps) {
  NoiseParams bits = 0;
  for (NoiseParam p : ps) bits |= 1u << static_cast<unsigned>(p);
  return bits;
}

// What apply_noise hands a model besides the spec: the noise stream and the attacked direction.
struct NoiseInput {
  Rng& noise_rng;                    // Rng(seed, Stream::noise), untouched
  const Eigen::VectorXd& direction;  // adversary_direction of the clean data when the row needs it, else empty
  bool proxy = false;                // the direction is the class-mean proxy (no known target)
  uint64_t seed = 0;                 // the run's seed, for the model's other streams
};

// One noise model.
struct NoiseRow {
  std::string id;           // URL name ("uniform", "mixed", ...), unique
  std::string name;         // display name for the app's Noise panel
  std::string description;  // one line for tooltips and docs
  std::string citation;     // where it comes from, in the project's style ("000 Def. 5", "003 Thm 3")
  NoiseParams reads = 0;    // the settings it reads
  // Checks the spec against the data ("noise.*" errors naming the field); nullptr: always acceptable.
  Status (*validate)(const NoiseSpec& spec, const Dataset& data) = nullptr;
  // True when apply needs the attacked direction (computed on the clean data first); nullptr: never.
  bool (*needs_direction)(const NoiseSpec& spec) = nullptr;
  // Corrupts clean, validated data in place, recording Dataset::corruption; nullptr: changes nothing.
  void (*apply)(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) = nullptr;
  // The model's Q x Q confusion matrix (noise_confusion_matrix); nullptr: it is no matrix.
  Result<Eigen::MatrixXd> (*matrix)(const NoiseSpec& spec, int num_classes) = nullptr;
  // What the Confusion panel's title of the configured matrix adds ("no noise", "uniform"); empty: nothing.
  std::string matrix_caption{};
  // The base matrix M of the confusion family its matrices come from (UMA's grid of C_j,
  // Problem::confusion_family_base); nullptr: the model is no family.
  Eigen::MatrixXd (*family_base)(const NoiseSpec& spec, int num_classes) = nullptr;
  // A notice when the data's margin (0: unknown) voids the model's guarantee (noise_margin_notice); nullptr: none.
  std::string (*margin_notice)(const NoiseSpec& spec, double margin) = nullptr;
};

// The built-in rows in enumerator order (defined in noise.cpp).
std::deque<NoiseRow> builtin_noise_rows();
// How many rows builtin_noise_rows() holds: the position the first registered row takes.
int builtin_noise_model_count();

// Every row: the built-ins in enumerator order, then the registered ones in registration order.
const std::deque<NoiseRow>& noise_rows();
// The row of a model; m must be a row's position (assert).
const NoiseRow& noise_row(NoiseModel m);
// The row with this id, or nullptr.
const NoiseRow* find_noise_row(std::string_view id);
// True when model m reads setting p.
bool noise_reads(NoiseModel m, NoiseParam p);
// The NoiseModel value of a row position.
inline NoiseModel noise_model_at(size_t index) { return static_cast<NoiseModel>(static_cast<int>(index)); }
// Changes each time a row is registered or unregistered (the field table refreshes its choices).
int noise_registry_version();

// Appends a row; returns its NoiseModel value (its position). "noise.bad_row" when the id is empty or holds
// characters outside [a-z0-9_]; "noise.duplicate_id" when a row already has the id.
Result<NoiseModel> register_noise_model(NoiseRow row);
// Removes the row registered last; m must be it (assert), and no built-in row is ever removed.
void unregister_noise_model(NoiseModel m);

// Registers a row for the lifetime of the object (a test's scope); the constructor asserts success.
using ScopedNoiseRow = ScopedRow<NoiseRow, NoiseModel, &register_noise_model, &unregister_noise_model>;

}  // namespace ml
