// marginlab — command-line entry point: a table of commands, each in its own file.
#include <cstdio>
#include <cstring>

#include "core/config/fields.h"
#include "core/util/eigen_setup.h"
#include "native/cli/cli.h"

namespace {

using ml::cli::Command;

using ml::kMaxSteps;
using ml::cli::OptionValue;

// The commands, in the order `marginlab help` lists them. Each row declares every option the command
// reads (docs/cli.md); parse_args refuses any other before the command runs.
const Command kCommands[] = {
    {"url",
     ml::cli::cmd_url,
     "url '<url>' | url --doc",
     "print the canonical form of a configuration URL and its warnings (--doc: the URL reference)",
     {{"doc"}},
     1},
    {"data",
     ml::cli::cmd_data,
     "data --url '<url>' --out FILE.csv [--csv INPUT.csv | --data-dir DIR]",
     "write the experiment's data (noisy label, true label, corruption) and print a JSON summary",
     {{"url", OptionValue::link},
      {"out", OptionValue::output},
      {"csv", OptionValue::input},
      {"data-dir", OptionValue::text}}},
    {"check",
     ml::cli::cmd_check,
     "check FILE.csv [--label NAME|INDEX]",
     "parse a CSV file and report what was read, or the exact error with line and column",
     {{"label", OptionValue::text}},
     1},
    {"run",
     ml::cli::cmd_run,
     "run --url '<url>' [--steps N] [--trace FILE.csv] [--json] [--csv INPUT.csv | --data-dir DIR] [--strict] "
     "[--timing]",
     "run an experiment headless and print one JSON object (mistakes, bound, errors, margin, trace_sha256, "
     "warnings); --strict: exit 1 when the link had warnings; --timing: the phases' wall seconds on stderr",
     {{"url", OptionValue::link},
      {"steps", OptionValue::count, 1, kMaxSteps},
      {"trace", OptionValue::output},
      {"json"},
      {"csv", OptionValue::input},
      {"data-dir", OptionValue::text},
      {"strict"},
      {"timing"}}},
    {"learners",
     ml::cli::cmd_learners,
     "learners [--compact]",
     "print the learner registry as JSON (id, name, binary/multiclass, parameters with defaults and ranges)",
     {{"compact"}}},
    {"sweep",
     ml::cli::cmd_sweep,
     "sweep --url '<experiment link>' --out FILE.jsonl [--shard I/N] [--jobs N] [--data-dir DIR]",
     "run an experiment's cells (with --shard, every N-th from cell I) on N threads (--jobs, default the "
     "machine's cores) and append one JSON row per cell to FILE.jsonl in cell order as it finishes; an "
     "existing FILE.jsonl is resumed (its cells are skipped)",
     {{"url", OptionValue::link},
      {"out", OptionValue::output},
      {"shard", OptionValue::text},
      {"jobs", OptionValue::count, 1, ml::kMaxSweepJobs},
      {"data-dir", OptionValue::text}}},
    {"merge",
     ml::cli::cmd_merge,
     "merge A.jsonl B.jsonl ... --out ALL.jsonl",
     "merge rows files (shards, resumed runs) into one, sorted by cell, each cell once; two different rows "
     "for one cell are an error and nothing is written",
     {{"out", OptionValue::output}},
     100000},
    {"report",
     ml::cli::cmd_report,
     "report ROWS.jsonl --url '<experiment link>' --out NAME.md [--reference REF.tsv] [--metrics LIST] "
     "[--compare AXIS] [--title TEXT] [--no-figure]",
     "write NAME.md (mean ± standard error per point, paired comparisons with their verdicts), NAME.csv and "
     "the figure NAME.png (tools/plot_sweep.py)",
     {{"url", OptionValue::link},
      {"out", OptionValue::output},
      {"reference", OptionValue::input},
      {"metrics", OptionValue::text},
      {"compare", OptionValue::text},
      {"title", OptionValue::text},
      {"no-figure"}},
     1},
    {"lesson",
     ml::cli::cmd_lesson,
     "lesson list [--doc] | lesson check --url '#lesson=NAME&step=K&<link>' [--data-dir DIR]",
     "list the lessons (one JSON line each; --doc: docs/lessons.md), or run a lesson link and print its "
     "goal's result as JSON (exit 0 met, 1 not yet, 2 a bad link)",
     {{"url", OptionValue::link}, {"data-dir", OptionValue::text}, {"doc"}},
     1},
};

void print_usage(FILE* out) {
  std::fprintf(out, "marginlab — learning halfspaces from noisy labels\n\nusage:\n");
  for (const Command& c : kCommands) std::fprintf(out, "  marginlab %s\n      %s\n", c.usage, c.help);
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  if (argc < 2 || std::strcmp(argv[1], "help") == 0 || std::strcmp(argv[1], "--help") == 0) {
    print_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  for (const Command& c : kCommands) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    // --help anywhere: the command's usage on stdout (unless the command passes its options through).
    for (int i = 2; i < argc && !c.pass_through; ++i) {
      if (std::strcmp(argv[i], "--help") == 0) {
        std::printf("usage: marginlab %s\n  %s\n", c.usage, c.help);
        return 0;
      }
    }
    // Usage errors (exit 2), then output paths that cannot be written (exit 1): both before any work.
    ml::Result<ml::cli::Args> args = ml::cli::parse_args(argc, argv, 2, c);
    if (!args.ok()) {
      ml::cli::print_error(args.error());
      return ml::cli::usage_error(c.usage);
    }
    for (const ml::cli::OptionSpec& o : c.options) {
      if (o.value != OptionValue::output || !args->has(o.name)) continue;
      ml::Status writable = ml::cli::check_output_path(o.name, args->get(o.name));
      if (!writable.ok()) {
        ml::cli::print_error(writable.error());
        return 1;
      }
    }
    return c.run(args.value());
  }
  std::fprintf(stderr, "error: unknown command '%s'\n\n", argv[1]);
  print_usage(stderr);
  return 2;
}
