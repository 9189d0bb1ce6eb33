// marginlab — loading what a configuration refers to, for commands that run an experiment.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/config/config.h"
#include "core/data/dataset.h"
#include "core/experiment/experiment.h"
#include "core/util/status.h"
#include "native/cli/cli.h"
#include "nlohmann/json_fwd.hpp"

namespace ml::cli {

// A decoded configuration, its canonical URL, the CSV it refers to (when data=csv) and warnings.
struct LoadedExperiment {
  Config config;
  std::string canonical_url;
  std::optional<Dataset> csv;         // the data set when config.use_csv (--csv or the data folder)
  std::vector<std::string> warnings;  // URL warnings, CSV hash mismatch
};

// Reads and parses the CSV file at `path` for a configuration that reads one (its label column). When the
// configuration records a hash and the file's differs, *hash_mismatch (may be null) gets the sentence
// saying so; the caller decides whether that is a warning (run, data) or an error (sweep).
Result<Dataset> read_csv_dataset(const std::string& path, const Config& config, std::string* hash_mismatch);

// Decodes --url and loads the data set when the configuration reads one: --csv FILE (one file; the CSV
// hash recorded in the URL is compared with the file's, a mismatch is a warning), else the link's names
// read from the data folder (--data-dir, or found: data_folder.h; a file the folder's manifest or the link's
// csvhash does not match is an error). --csv or --data-dir with a link that reads no CSV, or both at once,
// is an error with code "cli.usage" (the caller exits 2).
Result<LoadedExperiment> load_experiment(const Args& args);
// load_experiment for a command: prints its error (setting *exit_code: 2 for a usage error, else 1) and
// returns nullopt, or prints its warnings and returns the experiment.
std::optional<LoadedExperiment> load_experiment_reporting(const Args& args, int* exit_code);

// What sweep, merge and report share (cmd_sweep.cpp, cmd_merge.cpp, cmd_report.cpp).

// A result object as one line of JSON (invalid UTF-8 replaced), as every command prints it.
std::string json_line(const nlohmann::ordered_json& j);
// Decodes --url as an experiment and prints its warnings.
Experiment decode_reporting(const std::string& url);
// Reads a rows file; an incomplete last line (an interrupted write) is dropped and reported in *dropped.
// *text_out (may be null) gets the file's text.
Result<std::vector<CellRow>> read_rows(const std::string& path, bool* dropped, std::string* text_out = nullptr);

}  // namespace ml::cli
