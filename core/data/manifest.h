// marginlab — the manifest of a data folder (data/MANIFEST.tsv, data/README.md): every shipped file's path,
// shape and SHA-256, so a reader can refuse a file that is not the one the links were written for.
// Parses text only; the reader (command line, test, page) reads the files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace ml {

// The name of a data folder's manifest file, relative to the folder.
inline constexpr std::string_view kManifestFileName = "MANIFEST.tsv";

// One file of a data folder, as its manifest row describes it.
struct ManifestEntry {
  std::string path;    // relative to the data folder, '/'-separated, e.g. "ida/banana/banana_train_3.csv"
  int rows = 0;        // examples (header excluded)
  int features = 0;    // feature columns (label excluded)
  int classes = 0;     // distinct labels
  std::string sha256;  // 64 lowercase hex digits of the file's bytes
};

// A parsed manifest: its rows in file order.
struct DataManifest {
  std::vector<ManifestEntry> files;

  // The row of `path`, or null when the manifest does not list it.
  const ManifestEntry* find(std::string_view path) const;
};

// Parses MANIFEST.tsv text: a tab-separated header naming at least the columns path, rows, features, classes
// and sha256 (in any order, others ignored), then one row per file. Errors ("data.manifest") name
// `source` and the line: a missing column, a short row, a count that is not a positive integer, a hash that
// is not 64 lowercase hex digits, a path listed twice.
Result<DataManifest> parse_manifest(std::string_view text, const std::string& source);

// Checks the bytes of the file `path` of a data folder against the manifest: "data.not_in_manifest" when it
// lists no such file, "data.hash_mismatch" when the file's SHA-256 differs from the recorded one. Messages name
// the file and both hashes; the caller adds which data set and folder it was reading.
Status check_manifest_file(const DataManifest& manifest, const std::string& path, std::string_view bytes);

}  // namespace ml
