// marginlab — the headless command line, compiled natively (build/native/marginlab) and to wasm for
// node (build/web/marginlab.js, real files through NODERAWFS). Same code, same output, byte for byte.
//
// Conventions: results go to stdout (one JSON object or line), progress and warnings to stderr, never
// mixed. Exit codes: 0 success, 1 a data or input error (message names the place), 2 usage error.
// Every command declares its options in the command table (main.cpp); parse_args refuses anything else
// before any work is done (docs/cli.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace ml::cli {

// Parsed arguments of one command: positionals and --name value / --flag options.
struct Args {
  std::vector<std::string> positional;         // arguments without a leading "--"
  std::map<std::string, std::string> options;  // --name value (or --name=value); flags map to "1"
  const char* usage = "";                      // the command's synopsis, for usage_error
  // True when --name was given.
  bool has(const std::string& name) const { return options.count(name) != 0; }
  // The option's value or `fallback`.
  std::string get(const std::string& name, const std::string& fallback = "") const;
};

// What an option's value must be; parse_args checks it before the command runs.
enum class OptionValue {
  none,    // a flag (--json): no value; --json=1 is refused
  count,   // a whole number in [min, max]
  text,    // any non-empty text (a column name or index, a choice the command checks)
  link,    // a configuration link (non-empty)
  input,   // a file to read: the command names the path when it cannot be read
  output,  // a file to write: its folder must exist and be writable, checked before any work (exit 1)
};

// One option of a command's row in the command table.
struct OptionSpec {
  const char* name;                       // spelled --name on the command line
  OptionValue value = OptionValue::none;  // what follows it
  long long min = 1;                      // OptionValue::count: smallest accepted
  long long max = 1000000000;             // OptionValue::count: largest accepted
};

// One command of the table in main.cpp.
struct Command {
  const char* name;                 // first argument
  int (*run)(const Args& args);     // returns the process exit code
  const char* usage;                // one-line synopsis (after "marginlab ")
  const char* help;                 // one sentence
  std::vector<OptionSpec> options;  // every option the command reads; any other is refused
  int max_positional = 0;           // arguments that are not options
  // The command checks its own options (experiment: each experiment refuses options it does not read);
  // parse_args then only splits them, every option but `options`' flags taking the next argument.
  bool pass_through = false;
};

// Splits argv[first..] into Args and checks them against the command's row: an unknown option (with the
// nearest known name suggested), a missing, empty or malformed value, a repeated option and a stray
// positional argument are errors (code "cli.usage"; the caller prints the usage line and exits 2).
Result<Args> parse_args(int argc, char** argv, int first, const Command& command);

// Refuses an output path that cannot be written before any work: its folder is missing or not a folder,
// the path is a folder, or a probe file cannot be created there. The message names the option and path.
Status check_output_path(const std::string& option, const std::string& path);

// A size limit for read_file: the bytes allowed and the error for a file over them.
struct SizeCap {
  uint64_t max_bytes = UINT64_MAX;                 // largest file read
  std::function<Error(uint64_t bytes)> too_large;  // the error, given the file's size (or the bytes read so far)
};

// Reads a whole file in chunks. A file over the cap is refused from its size before reading (and while
// reading, for a pipe or device whose size is unknown). Errors name the path: missing, a directory, unreadable.
Result<std::string> read_file(const std::string& path, const SizeCap& cap = {});
// Reads a CSV file under the CSV reader's size cap (core/data/csv.h max_bytes): csv.too_large before reading.
Result<std::string> read_csv_file(const std::string& path);
// Writes a whole file (to path.tmp, then renamed, so a failure never leaves a half-written file).
Status write_file(const std::string& path, std::string_view contents);
// write_file, printing its error on stderr when it fails; true when the file was written.
bool write_file_or_report(const std::string& path, std::string_view contents);
// Prints an error as "error: <message>" on stderr.
void print_error(const Error& e);
// Seconds on the steady clock (a run's slices and progress; never its results).
double steady_seconds();
// Prints each warning as "warning: <text>" on stderr.
void print_warnings(const std::vector<std::string>& warnings);
// Prints "usage: marginlab <usage>" on stderr; returns 2, the usage-error exit code.
int usage_error(const char* usage);

// Commands (one file each in native/cli/).
int cmd_url(const Args& args);
int cmd_data(const Args& args);
int cmd_check(const Args& args);
int cmd_run(const Args& args);
int cmd_learners(const Args& args);
int cmd_sweep(const Args& args);   // an experiment's cells (or a shard's) as JSON rows, resumable (cmd_sweep.cpp)
int cmd_merge(const Args& args);   // rows files joined, each cell once, conflicts refused (cmd_merge.cpp)
int cmd_report(const Args& args);  // NAME.md, NAME.csv, NAME.png of a sweep's rows (cmd_report.cpp)
int cmd_lesson(const Args& args);  // the lessons: list them, check a lesson link's goal (cmd_lesson.cpp)

}  // namespace ml::cli
