// marginlab — the headless command line, compiled natively (build/native/marginlab) and to wasm for
// node (build/web/marginlab.js, real files through NODERAWFS). Same code, same output, byte for byte.
//
// Conventions: results go to stdout (one JSON object or line), progress and warnings to stderr, never
// mixed. Exit codes: 0 success, 1 a data or input error (message names the place), 2 usage error.
#pragma once

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
  // True when --name was given.
  bool has(const std::string& name) const { return options.count(name) != 0; }
  // The option's value or `fallback`.
  std::string get(const std::string& name, const std::string& fallback = "") const;
};

// Splits argv[first..] into Args. `flags` names the options that take no value.
Args parse_args(int argc, char** argv, int first, const std::vector<std::string>& flags);

// One command of the table in main.cpp.
struct Command {
  const char* name;                 // first argument
  int (*run)(const Args& args);     // returns the process exit code
  const char* usage;                // one-line synopsis
  const char* help;                 // one sentence
  std::vector<std::string> flags;   // options without a value
};

// Reads a whole file; the error names the path.
Result<std::string> read_file(const std::string& path);
// Writes a whole file (to path.tmp, then renamed, so a failure never leaves a half-written file).
Status write_file(const std::string& path, std::string_view contents);
// Prints an error as "error: <message>" on stderr.
void print_error(const Error& e);
// Prints each warning as "warning: <text>" on stderr.
void print_warnings(const std::vector<std::string>& warnings);

// Commands (one file each in native/cli/).
int cmd_url(const Args& args);
int cmd_data(const Args& args);
int cmd_check(const Args& args);
int cmd_run(const Args& args);
int cmd_learners(const Args& args);
int cmd_experiment(const Args& args);

}  // namespace ml::cli
