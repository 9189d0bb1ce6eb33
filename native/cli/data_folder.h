// marginlab — the data folder: where the command line reads the files a data=csv link names (data/README.md).
// The folder is --data-dir when given, else the data/ folder of the source tree the program was built from
// (ML_DATA_DIR), else data/ in the current folder. When the folder has a MANIFEST.tsv (the shipped data/
// does), every file read from it must be listed there with the same SHA-256 (core/data/manifest.h).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/config/config.h"
#include "core/data/dataset.h"
#include "core/data/manifest.h"
#include "core/session/linked_data.h"
#include "core/util/status.h"
#include "native/cli/cli.h"

namespace ml::cli {

// A data folder and, when it has one, its parsed manifest.
struct DataFolder {
  std::string dir;                       // as given or found, without a trailing '/'
  std::optional<DataManifest> manifest;  // its MANIFEST.tsv; nullopt: a folder of the user's own files
};

// Opens `dir` as a data folder: it must be a folder (errors call it `named`, e.g. "--data-dir"); its
// MANIFEST.tsv is read when present (a malformed manifest is an error naming its line).
Result<DataFolder> open_data_folder(const std::string& dir, const std::string& named);

// The data folder of a command that reads the data files of `reading` (e.g. "the link's data set
// 'ida/banana/banana'"): --data-dir when given, else the first folder of ML_DATA_DIR and ./data that exists.
// When none does, the error ("cli.no_data_dir") names where it looked and says to pass --data-dir DIR.
Result<DataFolder> find_data_folder(const Args& args, const std::string& reading);

// The data set a data=csv config names, read from the folder: the files of csv_file_names (one, or a
// benchmark split's two), each checked against the folder's manifest, and a single file against the link's
// csvhash (check_data_files, core/session/linked_data.h). Every error names the data set, the file and the
// folder: a missing file, a file the manifest does not list ("data.not_in_manifest"), a hash that differs
// ("data.hash_mismatch", "data.csv_hash").
Result<Dataset> read_data_set(const DataFolder& folder, const Config& config);

// The data sets of many cells or steps, each read once (read_data_set) from a folder opened on first use. A
// config's data set is named by everything read_data_set reads: the file, the split, the hash and the label
// column. Callable as a CsvProvider (core/experiment/experiment.h); not thread-safe (callers lock).
class DataSetCache {
 public:
  // Opens the folder when a first data set is asked for; its error is every request's error.
  using FolderOpener = std::function<Result<DataFolder>(const Config&)>;
  explicit DataSetCache(FolderOpener open) : open_(std::move(open)) {}

  // The data set `config` reads (shared by every config that names the same one).
  Result<std::shared_ptr<const Dataset>> operator()(const Config& config);

 private:
  FolderOpener open_;
  std::optional<DataFolder> folder_;
  std::map<std::string, std::shared_ptr<const Dataset>> cache_;
};

}  // namespace ml::cli
