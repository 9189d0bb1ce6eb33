// marginlab — the data folder (see data_folder.h).
#include "native/cli/data_folder.h"

#include <sys/stat.h>

#include <vector>

#include "core/session/pipeline.h"

#ifndef ML_DATA_DIR
#define ML_DATA_DIR ""
#endif

namespace ml::cli {

namespace {

bool is_folder(const std::string& path) {
  struct stat st {};
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The error of one file of a data set, with the set and the folder named in front.
Error in_data_set(const Config& config, const DataFolder& folder, Error e) {
  e.message = data_set_name(config) + " (data folder " + folder.dir + "): " + e.message;
  return e;
}

}  // namespace

Result<DataFolder> open_data_folder(const std::string& dir, const std::string& named) {
  struct stat st {};
  const std::string what = named + " '" + dir + "'";
  if (::stat(dir.c_str(), &st) != 0) return make_error("cli.data_dir", what + ": no such folder");
  if (!S_ISDIR(st.st_mode)) return make_error("cli.data_dir", what + ": is a file, not a folder");
  DataFolder folder;
  folder.dir = dir;
  while (folder.dir.size() > 1 && folder.dir.back() == '/') folder.dir.pop_back();
  const std::string manifest_path = folder.dir + "/" + std::string(kManifestFileName);
  if (::stat(manifest_path.c_str(), &st) != 0) return folder;
  Result<std::string> text = read_file(manifest_path);
  if (!text.ok()) return text.error();
  Result<DataManifest> manifest = parse_manifest(text.value(), manifest_path);
  if (!manifest.ok()) return manifest.error();
  folder.manifest = std::move(manifest).value();
  return folder;
}

Result<DataFolder> find_data_folder(const Args& args, const std::string& reading) {
  if (args.has("data-dir")) return open_data_folder(args.get("data-dir"), "--data-dir");
  const std::string candidates[] = {ML_DATA_DIR, "data"};
  for (const std::string& dir : candidates)
    if (is_folder(dir)) return open_data_folder(dir, "data folder");
  std::string looked = "./data";
  if (!std::string(ML_DATA_DIR).empty())
    looked = std::string(ML_DATA_DIR) + " (the source tree's data folder) and " + looked;
  return make_error("cli.no_data_dir", reading + " is read from a data folder, and there is none: looked for " +
                                           looked + "; pass the folder that holds the files with --data-dir DIR");
}

Result<Dataset> read_data_set(const DataFolder& folder, const Config& config) {
  Result<std::vector<std::string>> files = csv_file_names(config);
  if (!files.ok()) return in_data_set(config, folder, files.error());
  if (files.value().empty()) return make_error("cli.no_csv", "the configuration reads no data file");
  std::vector<std::string> paths, texts;
  for (const std::string& f : files.value()) {
    paths.push_back(folder.dir + "/" + f);
    Result<std::string> text = read_csv_file(paths.back());
    if (!text.ok()) return in_data_set(config, folder, text.error());
    texts.push_back(std::move(text).value());
  }
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  Status checked =
      check_data_files(config, folder.manifest ? &*folder.manifest : nullptr, folder.dir, files.value(), views);
  if (!checked.ok()) return checked.error();
  return csv_dataset(config, paths, views);
}

Result<std::shared_ptr<const Dataset>> DataSetCache::operator()(const Config& config) {
  if (config.csv_name.empty()) return make_error("cli.no_csv", "the configuration has data=csv but no csv= file name");
  const std::string key =
      config.csv_name + '\n' + std::to_string(config.split) + '\n' + config.csv_hash + '\n' + config.csv_label;
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  if (!folder_) {
    Result<DataFolder> opened = open_(config);
    if (!opened.ok()) return opened.error();
    folder_ = std::move(opened).value();
  }
  Result<Dataset> data = read_data_set(*folder_, config);
  if (!data.ok()) return data.error();
  auto shared = std::make_shared<const Dataset>(std::move(data).value());
  cache_.emplace(key, shared);
  return shared;
}

}  // namespace ml::cli
