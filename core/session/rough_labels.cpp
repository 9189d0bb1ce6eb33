// marginlab — the data pipeline's rough labels (see pipeline.h): 004 §4.2's noisy labels y = g(x).
#include <algorithm>
#include <vector>

#include "core/data/transform.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/session/pipeline.h"

namespace ml {

Result<RoughLabels> rough_labels(const Dataset& train, int m, int64_t updates, uint64_t seed) {
  RoughLabels out;
  const int q_count = train.num_classes();
  if (q_count < 2) {
    return make_error("pipeline.rough_classes",
                      "field 'rough': rough labels need at least 2 classes; the data has " + std::to_string(q_count));
  }
  // m examples of each true class, drawn class by class (in class order) from the rough stream.
  std::vector<std::vector<int>> rows_of_class(static_cast<size_t>(q_count));
  for (int i = 0; i < train.rows(); ++i)
    rows_of_class[static_cast<size_t>(train.true_label[static_cast<size_t>(i)])].push_back(i);
  Rng rng(seed, Stream::rough);
  for (const std::vector<int>& rows : rows_of_class) {
    const int take = std::min<int>(m, static_cast<int>(rows.size()));
    for (int k : rng.choose(static_cast<int>(rows.size()), take)) out.labelled.push_back(rows[static_cast<size_t>(k)]);
  }
  std::sort(out.labelled.begin(), out.labelled.end());
  Dataset small = select_rows(train, out.labelled);
  small.label = small.true_label;  // g learns from true labels (the expert's m per class)
  Problem problem;
  problem.train = &small;
  problem.num_classes = q_count;
  problem.seed = seed;
  ToolLearner g = rough_labeller(updates);
  if (Status s = g.learner->reset(problem, g.params); !s.ok()) {
    Error e = s.error();
    e.message = "field 'rough': the rough classifier g: " + e.message;
    return e;
  }
  out.updates = 0;
  while (!g.learner->done()) out.updates += g.learner->step().updated ? 1 : 0;
  g.learner->predict_batch(train.X, &out.labels);
  return out;
}

Status apply_rough_labels(const Config& config, Dataset& train, NoiseReport* report) {
  if (config.rough_m <= 0 || noise_corrupts(config.noise.model)) return Status::Ok();  // field rough applies
  Result<RoughLabels> rough = rough_labels(train, config.rough_m, config.rough_updates, config.seed);
  if (!rough.ok()) return rough.error();
  train.reset_labels_clean();
  for (int i = 0; i < train.rows(); ++i) {
    const size_t k = static_cast<size_t>(i);
    train.label[k] = rough->labels[k];
    if (train.label[k] != train.true_label[k]) train.corruption[k] = Corruption::label;
  }
  *report = measure_noise(train);
  return Status::Ok();
}

}  // namespace ml
