// marginlab — config -> data: generate or take the loaded CSV, split, normalize, add the bias
// coordinate, corrupt the training part (DESIGN.md "Session"; order in core/data/transform.h).
#pragma once

#include <string>
#include <vector>

#include "core/config/config.h"
#include "core/data/dataset.h"
#include "core/noise/noise.h"
#include "core/util/status.h"

namespace ml {

// The data of one experiment, ready for a learner.
struct PreparedData {
  Dataset train;                      // observed (noisy) labels in label, the truth in true_label
  Dataset test;                       // clean: label == true_label
  NoiseReport noise;                  // what the noise achieved on the training part
  std::vector<std::string> warnings;  // things the user should see (e.g. no test part)
};

// Builds the experiment's data. `csv` is the parsed user file when config.use_csv (else ignored, may
// be null). Fails with the generator's, the noise model's or the pipeline's error.
Result<PreparedData> prepare_data(const Config& config, const Dataset* csv);

// The data as the `data` command writes it: x1..xd, label (observed), true_label, corrupted (0/1),
// corruption (none|label|replaced|moved), split (train|test); training rows first. Features in the
// shortest text that parses back to the same float, so the file is identical in every build.
std::string render_data_csv(const PreparedData& data);

}  // namespace ml
