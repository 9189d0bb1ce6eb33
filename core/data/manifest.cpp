// marginlab — the manifest of a data folder.
#include "core/data/manifest.h"

#include <algorithm>
#include <array>
#include <set>

#include "core/util/format.h"
#include "core/util/sha256.h"

namespace ml {

namespace {

bool parse_count(std::string_view s, int* out) {
  if (s.empty() || s.size() > 9) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return v > 0;
}

bool is_sha256_hex(std::string_view s) {
  return s.size() == 64 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

Error manifest_error(const std::string& source, int line, const std::string& what) {
  Error e = make_error("data.manifest", source + ":" + std::to_string(line) + ": " + what);
  e.line = line;
  return e;
}

// The columns the manifest must have, in the order parse_row reads them.
constexpr std::array<std::string_view, 5> kColumns = {"path", "rows", "features", "classes", "sha256"};

// One row into `entry` given the column positions; an error sentence, or empty.
std::string parse_row(const std::vector<std::string_view>& cells, const std::array<size_t, 5>& at,
                      ManifestEntry* entry) {
  for (size_t k = 0; k < at.size(); ++k)
    if (at[k] >= cells.size()) return "the row has no '" + std::string(kColumns[k]) + "' cell";
  entry->path = std::string(cells[at[0]]);
  if (entry->path.empty()) return "empty path";
  int* counts[] = {&entry->rows, &entry->features, &entry->classes};
  for (size_t k = 0; k < 3; ++k)
    if (!parse_count(cells[at[k + 1]], counts[k]))
      return "'" + std::string(kColumns[k + 1]) + "' is not a positive integer: '" + std::string(cells[at[k + 1]]) +
             "'";
  entry->sha256 = std::string(cells[at[4]]);
  if (!is_sha256_hex(entry->sha256)) return "'sha256' is not 64 lowercase hex digits: '" + entry->sha256 + "'";
  return {};
}

}  // namespace

const ManifestEntry* DataManifest::find(std::string_view path) const {
  for (const ManifestEntry& e : files)
    if (e.path == path) return &e;
  return nullptr;
}

Result<DataManifest> parse_manifest(std::string_view text, const std::string& source) {
  DataManifest manifest;
  std::array<size_t, 5> at{};
  std::set<std::string> seen;
  int line_no = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const std::vector<std::string_view> cells = split(line, '\t');
    if (line_no == 1) {
      for (size_t k = 0; k < kColumns.size(); ++k) {
        const auto it = std::find(cells.begin(), cells.end(), kColumns[k]);
        if (it == cells.end())
          return manifest_error(source, 1, "the header has no column '" + std::string(kColumns[k]) + "'");
        at[k] = static_cast<size_t>(it - cells.begin());
      }
      continue;
    }
    ManifestEntry entry;
    const std::string problem = parse_row(cells, at, &entry);
    if (!problem.empty()) return manifest_error(source, line_no, problem);
    if (!seen.insert(entry.path).second) return manifest_error(source, line_no, "'" + entry.path + "' is listed twice");
    manifest.files.push_back(std::move(entry));
  }
  if (line_no == 0) return manifest_error(source, 1, "empty manifest");
  return manifest;
}

Status check_manifest_file(const DataManifest& manifest, const std::string& path, std::string_view bytes) {
  const ManifestEntry* entry = manifest.find(path);
  if (entry == nullptr)
    return make_error("data.not_in_manifest",
                      "the file " + path + " is not listed in the data folder's " + std::string(kManifestFileName));
  const std::string hash = sha256_hex(bytes);
  if (hash != entry->sha256)
    return make_error("data.hash_mismatch", "the file " + path + " has sha256 " + hash.substr(0, 16) +
                                                "..., but the data folder's " + std::string(kManifestFileName) +
                                                " records " + entry->sha256.substr(0, 16) +
                                                "...: it is not the file the links were written for");
  return Status{};
}

}  // namespace ml
