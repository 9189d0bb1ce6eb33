// marginlab page worker — the core alone (no ImGui, no GL), built as marginlab-worker.js/.wasm for the page's
// Web Workers (web/worker.js, web/pool.js): each worker runs one piece of a sweep at a time, the cells of an
// experiment link, and returns their rows as JSON lines, the bytes `marginlab sweep` writes for them.
#include <emscripten.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "core/experiment/experiment.h"
#include "core/learners/registry.h"

extern "C" {

// Runs the cells `cells` (indices separated by commas, of one shard unit) of the experiment link `url` and
// returns their rows as JSON lines, or "!" and the reason when the link or the list is wrong. A cell the
// learner, the pipeline or the resource budget refuses is its error row, as everywhere. The text lives
// until the next call.
EMSCRIPTEN_KEEPALIVE const char* ml_worker_run(const char* url, const char* cells) {
  static std::string out;
  const ml::Experiment experiment = ml::decode_experiment(url).experiment;
  ml::RunnerOptions options;
  std::stringstream list(cells);
  for (std::string item; std::getline(list, item, ',');) {
    const long long index = std::atoll(item.c_str());
    if (item.empty() || index < 0 || index >= ml::cell_count(experiment)) {
      out = "!cell '" + item + "' is not a cell of the experiment";
      return out.c_str();
    }
    options.cells.push_back(index);
  }
  ml::ExperimentRunner runner(experiment, std::move(options));
  const ml::Status status = runner.run_all();
  out = status.ok() ? ml::format_cell_rows(runner.rows()) : "!" + status.error().message;
  return out.c_str();
}

}  // extern "C"

int main() { return 0; }
