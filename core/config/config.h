// marginlab — the experiment configuration: everything a URL holds (docs/url.md).
//
// The struct is plain data. Its single field table (config/fields.h) drives the URL codec, the UI
// widgets, validation, docs/url.md and the round-trip tests; never list the fields anywhere else.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/config/point_edits.h"
#include "core/data/generators.h"
#include "core/data/transform.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/settings/limits.h"
#include "core/settings/params.h"

namespace ml {

// At most this many cells of a sweep at once (the `jobs` setting, marginlab sweep --jobs).
inline constexpr int kMaxSweepJobs = 256;

// A complete experiment.
struct Config {
  // --- data ---
  bool use_csv = false;         // false: generator below; true: a CSV loaded by the user
  GeneratorSpec generator;      // generator and its parameters
  std::string csv_name;         // file name of the CSV (reference only; content is never in the URL)
  int split = 0;                // k >= 1: csv_name names a benchmark, split k is NAME_train_k.csv + NAME_test_k.csv
  std::string csv_hash;         // first 16 hex digits of the CSV's sha256, "" = not recorded
  std::string csv_label;        // label column, name or 0-based index, "" = one named label/class/target/y, else last
  double test_fraction = 0.25;  // part held out for test error (true labels)
  bool stratified = false;      // stratified split
  Normalization normalization = Normalization::none;  // feature normalization
  bool bias = false;                                  // append the constant coordinate 1
  int kpca_dims = 0;       // kernel features: D Gaussian kernel-PCA coordinates (0 = the raw features)
  double kpca_sigma = 0;   // their Gaussian width sigma (0 = the median heuristic)
  int kpca_landmarks = 0;  // their Nyström landmarks m >= D (0 = D: every whitened direction, no principal axes)
  // --- noise ---
  NoiseSpec noise;               // model and parameters, applied to the training part only
  int rough_m = 0;               // rough labels (004 §4.2, noise=none): m true labels per class train g (0 = off)
  int64_t rough_updates = 3000;  // g's update cap
  // --- edits ---
  std::vector<PointEdit>
      point_edits;  // examples added or relabelled in the View (config/point_edits.h), after the noise
  // --- learner ---
  std::string learner = std::string(default_learner_id());  // registry id
  ParamValues params;  // the learner's parameters that differ from their defaults, sorted by name
  // --- run ---
  uint64_t seed = 1;                // master seed; streams data/noise/split/learner derive from it
  int64_t steps = 1000;             // step budget of a run (CLI default, UI stop point)
  int trace = kTraceDefaultPoints;  // trace resolution: rows aimed at (session.h "Recording schedule"); 0: off
  // --- view (not part of the result) ---
  std::vector<std::string> hidden_panels;  // panels a teaching link hides
  int jobs = 0;  // a sweep's cells at once (the page's Web Workers); 0: the machine's cores, clamped

  // Member-by-member equality (defaulted: a member added later is compared without another list).
  bool operator==(const Config&) const = default;
};

}  // namespace ml
