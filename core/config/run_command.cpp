// marginlab — the command that reproduces a link (see run_command.h).
#include "core/config/run_command.h"

namespace ml {

std::string shell_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string run_command(std::string_view canonical_url, const Config& config, bool experiment) {
  const std::string url = shell_quote(canonical_url);
  const bool two_files = config.use_csv && config.split > 0;
  if (experiment || two_files) {
    std::string out = "marginlab sweep --url " + url;
    if (config.use_csv) out += " --data-dir .";
    return out + " --out marginlab_sweep.jsonl";
  }
  std::string out = "marginlab run --url " + url;
  if (config.use_csv) out += " --csv " + shell_quote(config.csv_name);
  return out;
}

}  // namespace ml
