// marginlab — the command line that reproduces what a link shows: the Share panel's "copy the matching
// `marginlab run` command" (the command line itself is native/cli; this only writes its text).
#pragma once

#include <string>
#include <string_view>

#include "core/config/config.h"

namespace ml {

// `text` as one POSIX shell word: wrapped in single quotes, each ' written as '\'' (nothing inside single
// quotes is special to the shell, so any bytes survive, '#', '&', '$', '!', spaces and newlines included).
std::string shell_quote(std::string_view text);

// The command that reproduces `canonical_url` (the app's link, "#v=1&..."): a single run is
// `marginlab run --url '<link>'`, plus `--csv '<file>'` when the config reads one CSV file (run in the
// folder that holds it); an experiment link (`experiment`: x.KEY axes, Compare or Sweep) and a benchmark
// split (two files) are `marginlab sweep --url '<link>' [--data-dir .] --out marginlab_sweep.jsonl`. The
// step budget travels in the link (field steps).
std::string run_command(std::string_view canonical_url, const Config& config, bool experiment);

}  // namespace ml
