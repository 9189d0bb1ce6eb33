// marginlab — loading what a configuration refers to.
#include "native/cli/experiment_io.h"

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/data/csv.h"
#include "core/learners/registry.h"
#include "core/util/sha256.h"
#include "native/cli/data_folder.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

Result<Dataset> read_csv_dataset(const std::string& path, const Config& config, std::string* hash_mismatch) {
  Result<std::string> text = read_csv_file(path);
  if (!text.ok()) return text.error();
  const std::string hash = sha256_hex(text.value()).substr(0, 16);
  if (hash_mismatch && !config.csv_hash.empty() && config.csv_hash != hash) {
    *hash_mismatch = "the loaded file " + path + " (sha256 " + hash + "...) is not the file the URL refers to ('" +
                     config.csv_name + "', sha256 " + config.csv_hash + "...): results will differ";
  }
  CsvOptions options;
  options.source_name = path;
  options.label_column = config.csv_label;
  Result<CsvTable> table = parse_csv(text.value(), options);
  if (!table.ok()) return table.error();
  return std::move(table.value().data);
}

namespace {
// The link's data set read from the data folder (data_folder.h): --data-dir, or the one found by default.
Result<LoadedExperiment> load_from_data_folder(const Args& args, LoadedExperiment out) {
  Result<DataFolder> folder = find_data_folder(args, "the link's " + data_set_name(out.config));
  if (!folder.ok()) return folder.error();
  Result<Dataset> data = read_data_set(folder.value(), out.config);
  if (!data.ok()) return data.error();
  out.csv = std::move(data).value();
  return out;
}
}  // namespace

Result<LoadedExperiment> load_experiment(const Args& args) {
  if (!args.has("url")) return make_error("cli.usage", "missing --url '<url>'");
  LoadedExperiment out;
  DecodeResult decoded = decode_link(args.get("url"));
  out.config = std::move(decoded.config);
  out.warnings = std::move(decoded.warnings);
  out.canonical_url = encode_url(out.config);
  const std::string path = args.get("csv");
  if (!out.config.use_csv) {
    // A file or folder the link does not use would be ignored without a word: refuse it (a usage error).
    for (const char* option : {"csv", "data-dir"})
      if (args.has(option))
        return make_error("cli.usage", "--" + std::string(option) + " " + args.get(option) +
                                           " is given but the link does not read a CSV file (it has no "
                                           "'data=csv'): add data=csv to the link or drop --" +
                                           option);
    return out;
  }
  if (args.has("csv") && args.has("data-dir"))
    return make_error("cli.usage", "--csv and --data-dir are both given: --csv names the file, --data-dir the folder "
                                   "the link's names are read from; pass one");
  if (!args.has("csv")) return load_from_data_folder(args, std::move(out));
  if (out.config.split > 0) {  // two files, named by the link: the data folder's job
    return make_error("cli.usage",
                      "the URL reads a benchmark split (split=" + std::to_string(out.config.split) +
                          ": two files, NAME_train_k.csv and NAME_test_k.csv) from the data folder: drop --csv "
                          "(--data-dir DIR names another folder)");
  }
  std::string mismatch;
  Result<Dataset> data = read_csv_dataset(path, out.config, &mismatch);
  if (!data.ok()) return data.error();
  if (!mismatch.empty()) out.warnings.push_back(mismatch);
  out.csv = std::move(data).value();
  return out;
}

std::optional<LoadedExperiment> load_experiment_reporting(const Args& args, int* exit_code) {
  Result<LoadedExperiment> loaded = load_experiment(args);
  if (!loaded.ok()) {
    print_error(loaded.error());
    *exit_code = loaded.error().code == "cli.usage" ? usage_error(args.usage) : 1;
    return std::nullopt;
  }
  print_warnings(loaded->warnings);
  return std::move(loaded).value();
}

std::string json_line(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Experiment decode_reporting(const std::string& url) {
  ExperimentDecode decoded = decode_experiment(url);
  print_warnings(decoded.warnings);
  return std::move(decoded.experiment);
}

Result<std::vector<CellRow>> read_rows(const std::string& path, bool* dropped, std::string* text_out) {
  Result<std::string> text = read_file(path);
  if (!text.ok()) return text.error();
  Result<std::vector<CellRow>> rows = parse_cell_rows(text.value(), path, dropped);
  if (text_out) *text_out = std::move(text).value();
  return rows;
}

}  // namespace ml::cli
