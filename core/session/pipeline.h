// marginlab — config -> data: generate or take the loaded CSV, split, normalize, add the bias
// coordinate, corrupt the training part (docs/pipeline.md; order in core/data/transform.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/data/dataset.h"
#include "core/noise/noise.h"
#include "core/util/rng.h"
#include "core/util/status.h"

namespace ml {

// The data of one experiment, ready for a learner.
struct PreparedData {
  Dataset train;                      // observed (noisy) labels in label, the truth in true_label
  Dataset test;                       // clean: label == true_label
  NoiseReport noise;                  // what the noise achieved on the training part
  std::vector<std::string> warnings;  // things the user should see (e.g. no test part)
};

// The files a data=csv config reads, relative to the folder its CSV names resolve in: {csv} when split = 0,
// {NAME_train_k.csv, NAME_test_k.csv} for split = k >= 1 (csv = NAME); empty for generated data. A reader
// (the command line's data folder, a test) reads them and hands the texts to csv_dataset. Errors
// ("pipeline.csv_name") for an empty name, an absolute path, a '..' component, or NAME ending in .csv when
// split >= 1 (the files would be NAME.csv_train_k.csv).
Result<std::vector<std::string>> csv_file_names(const Config& config);
// Parses the texts of the files csv_file_names(config) lists (same order; `sources` names each file in
// errors, e.g. its path) into the dataset prepare_data takes as `csv`, with the config's label column. Split
// k >= 1: the training file's rows, then the test file's, Dataset::given_test_from marking the test part; the
// test file's labels are mapped to the training file's classes (same text, or the same number: "1" and
// "1.0"), and its feature columns must match in number. Errors name the file ("pipeline.split_mismatch").
Result<Dataset> csv_dataset(const Config& config, const std::vector<std::string>& sources,
                            const std::vector<std::string_view>& texts);

// Builds the experiment's data: generate (or take the CSV), split, normalize, kernel features (kpca > 0),
// bias coordinate, noise (with noise_margin_notice), rough labels (rough > 0), point edits (apply_point_edits; the
// noise report is measured again when an edit applied). `csv` is the parsed user file when config.use_csv
// (else ignored, may be null); with split >= 1 it must carry its given test part (csv_dataset), which
// replaces the cut by test_fraction (and stratification). Fails with the generator's, the noise model's or the
// pipeline's error.
Result<PreparedData> prepare_data(const Config& config, const Dataset* csv);

// Pairs of training rows the median heuristic looks at.
inline constexpr int kMedianHeuristicPairs = 2000;
// The median heuristic for a Gaussian width: sigma = sqrt(median ||x_i - x_j||^2 / 2) over
// kMedianHeuristicPairs pairs (i, j) drawn from `rng` (pairs with i = j skipped; the upper median); 1
// when X has fewer than 2 rows.
double median_heuristic_sigma(const FeatureRef& X, Rng& rng);
// The pipeline's kernel features (fields kpca, ksigma; 004 §3.6 and §4.2): replaces the features of
// `train` and `test` by `dims` uncentred Gaussian kernel-PCA coordinates, fitted on train.X only (no
// labels) by the Nyström method with `landmarks` landmarks (0: `dims`; core/kernels/projection.h): with m > D
// the D leading principal axes of the kernel on the sample, with m = D every whitened direction of D random
// points. Every draw from Rng(seed, Stream::features): first the median-heuristic pairs when sigma is 0,
// then the landmarks. Clears the target (its direction means nothing in the new coordinates). Returns the
// sigma used; with dims <= 0 changes nothing. Errors: "pipeline.kpca_landmarks" (0 < landmarks < dims), the
// projection's, prefixed "field 'kpca': ".
Result<double> apply_kernel_features(int dims, int landmarks, double sigma, uint64_t seed, Dataset& train,
                                     Dataset& test);

// 004 §4.2's rough classifier and its predictions.
struct RoughLabels {
  std::vector<int> labelled;  // the training rows g learned from (m per true class, ascending)
  std::vector<int> labels;    // y = g(x) for every training row
  int64_t updates = 0;        // g's updates
};
// The rough classifier g of 004 §4.2 (footnote 1: UMA with C = I): min(m, n_q) rows of each true class
// q drawn from Rng(seed, Stream::rough) (class by class, Rng::choose), g = UMA (C = I, tol 0, error
// selection, pair updates, `updates` cap) trained on those rows with their true labels until done, then
// y = g(x) on every training row. Errors: fewer than 2 classes, g's reset.
Result<RoughLabels> rough_labels(const Dataset& train, int m, int64_t updates, uint64_t seed);
// With config.rough_m > 0 and no noise model (field rough applies when noise=none): sets train's observed labels to
// rough_labels' y (true labels kept, corruption `label` where y differs) and *report to measure_noise of the result.
// Nothing otherwise.
Status apply_rough_labels(const Config& config, Dataset& train, NoiseReport* report);

// The point edits of the View (field `edits`, core/config/point_edits.h), applied to the training part
// in order, last in the pipeline (after the noise and the rough labels), so noise never touches them: an
// added point (p<q>_<x...>) is appended as a clean row whose observed and true label are the class the
// user gave (coordinates are the features before the bias column; the constant 1 is appended when `bias`);
// a relabel (y<i>_<q>) sets row i's observed label to q and keeps its true label, so the row is marked
// corrupted (`label`) when q differs from it, clean when q restores it (a replaced or moved row stays
// so). Adding a point clears train.target_margin (the generator's margin no longer describes the clean
// data). An item the data cannot take (a class the data does not have, a row past the
// training part at that point of the list, a point of another dimension) is skipped with a warning
// naming it in *warnings. Returns the number of items applied; an empty list changes nothing.
int apply_point_edits(const std::vector<PointEdit>& edits, bool bias, Dataset& train,
                      std::vector<std::string>* warnings);

// The data as the `data` command writes it: x1..xd, label (observed), true_label, corrupted (0/1),
// corruption (none|label|replaced|moved), split (train|test); training rows first. Features in the
// shortest text that parses back to the same float, so the file is identical in every build.
std::string render_data_csv(const PreparedData& data);

}  // namespace ml
