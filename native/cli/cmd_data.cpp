// marginlab data — writes the experiment's data with noisy label, true label and corruption.
#include <cstdio>
#include <string>

#include "core/session/pipeline.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

int cmd_data(const Args& args) {
  if (!args.has("url") || !args.has("out")) {
    std::fprintf(stderr, "error: data needs --url '<url>' and --out FILE.csv\n");
    return usage_error(args.usage);
  }
  int exit_code = 0;
  std::optional<LoadedExperiment> loaded = load_experiment_reporting(args, &exit_code);
  if (!loaded) return exit_code;
  Result<PreparedData> data = prepare_data(loaded->config, loaded->csv ? &*loaded->csv : nullptr);
  if (!data.ok()) {
    print_error(data.error());
    return 1;
  }
  print_warnings(data->warnings);
  const std::string text = render_data_csv(data.value());
  if (!write_file_or_report(args.get("out"), text)) return 1;
  nlohmann::ordered_json j;
  j["config"] = loaded->canonical_url;
  j["rows"] = data->train.rows() + data->test.rows();
  j["train"] = data->train.rows();
  j["test"] = data->test.rows();
  j["cols"] = data->train.cols();
  j["classes"] = data->train.num_classes();
  j["achieved_noise"] = data->noise.achieved_rate;
  j["corrupted"] = data->noise.corrupted;
  j["sha256"] = sha256_hex(text);
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
