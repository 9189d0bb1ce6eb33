// marginlab — the data a data=csv link reads from a data folder (see linked_data.h).
#include "core/session/linked_data.h"

#include <cassert>

#include "core/util/sha256.h"

namespace ml {

namespace {

// The error of one file of a data set, with the set and the folder named in front.
Error in_data_set(const Config& config, std::string_view folder, Error e) {
  e.message = data_set_name(config) + " (data folder " + std::string(folder) + "): " + e.message;
  return e;
}

}  // namespace

std::string data_set_name(const Config& config) {
  std::string name = "data set '" + config.csv_name + "'";
  if (config.split > 0) name += " split " + std::to_string(config.split);
  return name;
}

bool reads_data_folder(const Config& config) {
  return config.use_csv && (config.split > 0 || config.csv_name.find('/') != std::string::npos);
}

Status check_listed(const Config& config, const DataManifest& manifest, const std::vector<std::string>& names,
                    std::string_view folder) {
  for (const std::string& name : names)
    if (manifest.find(name) == nullptr)
      return in_data_set(
          config, folder,
          make_error("data.not_in_manifest",
                     "the file " + name + " is not listed in the data folder's " + std::string(kManifestFileName)));
  return Status{};
}

Status check_data_files(const Config& config, const DataManifest* manifest, std::string_view folder,
                        const std::vector<std::string>& names, const std::vector<std::string_view>& texts) {
  assert(names.size() == texts.size());
  for (size_t i = 0; i < names.size() && manifest != nullptr; ++i) {
    Status listed = check_manifest_file(*manifest, names[i], texts[i]);
    if (!listed.ok()) return in_data_set(config, folder, listed.error());
  }
  if (config.split == 0 && !config.csv_hash.empty() && texts.size() == 1) {
    const std::string hash = sha256_hex(texts[0]).substr(0, 16);
    if (hash != config.csv_hash)
      return in_data_set(config, folder,
                         make_error("data.csv_hash", "the file " + names[0] + " has sha256 " + hash +
                                                         "..., the link records csvhash=" + config.csv_hash +
                                                         ": it is not the file the link was written for"));
  }
  return Status{};
}

}  // namespace ml
