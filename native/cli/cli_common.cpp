// marginlab — command-line plumbing shared by every command: strict option parsing, files.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "core/data/csv.h"
#include "core/util/format.h"
#include "native/cli/cli.h"

namespace ml::cli {

namespace {

Error usage(const std::string& message) { return make_error("cli.usage", message); }

// "--x" followed by something: an option, never a value (a value that starts with "--" is given as --name=value).
bool is_option_word(const std::string& a) { return a.size() >= 2 && a.compare(0, 2, "--") == 0; }

// What a value must be, for messages.
std::string value_description(const OptionSpec& o) {
  switch (o.value) {
    case OptionValue::none: return "no value";
    case OptionValue::count: return "a whole number in [" + std::to_string(o.min) + ", " + std::to_string(o.max) + "]";
    case OptionValue::text: return "a value";
    case OptionValue::link: return "a link such as '#v=1&data=ring'";
    case OptionValue::input: return "the path of a file to read";
    case OptionValue::output: return "the path of a file to write";
  }
  return "a value";
}

// Optimal string alignment distance (edits, adjacent swaps count one): "stpes" is 1 from "steps".
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

Error unknown_option(const std::string& spelled, const std::string& name, const Command& command) {
  std::string message = "unknown option '" + spelled + "' for '" + command.name + "'";
  if (command.options.empty()) return usage(message + " (it takes no options)");
  const OptionSpec* nearest = nullptr;
  size_t best = 3;  // suggest only a near miss: at most two edits, and fewer than the name's length
  for (const OptionSpec& o : command.options) {
    const size_t d = edit_distance(name, o.name);
    if (d < best && d < std::string(o.name).size()) best = d, nearest = &o;
  }
  if (nearest) return usage(message + " (did you mean --" + nearest->name + "?)");
  message += " (options:";
  for (const OptionSpec& o : command.options) message += std::string(" --") + o.name;
  return usage(message + ")");
}

// Checks one value against its spec; empty when it is acceptable.
std::string value_problem(const OptionSpec& o, const std::string& value) {
  if (value.empty()) return "option --" + std::string(o.name) + " needs " + value_description(o);
  if (o.value == OptionValue::count) {
    long long n = 0;
    if (!parse_int64(value, &n) || n < o.min || n > o.max)
      return "--" + std::string(o.name) + " '" + value + "' is not " + value_description(o);
  }
  return {};
}

// The folder part of a path ("." for a bare name).
std::string folder_of(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// errno as a fixed phrase (strerror's text differs between the native libc and emscripten's).
std::string errno_phrase(int e) {
  switch (e) {
    case EACCES:
    case EPERM: return "permission denied";
    case EROFS: return "read-only file system";
    case ENOENT: return "no such file or folder";
    case ENOTDIR: return "a part of the path is not a folder";
    case ENOSPC: return "no space left";
    case EISDIR: return "a folder is in the way";
    case ENAMETOOLONG: return "the name is too long";
    default: return "system error";  // errno numbers differ between the builds; the text must not
  }
}

}  // namespace

std::string Args::get(const std::string& name, const std::string& fallback) const {
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

Result<Args> parse_args(int argc, char** argv, int first, const Command& command) {
  Args args;
  args.usage = command.usage;
  auto find = [&command](const std::string& name) -> const OptionSpec* {
    for (const OptionSpec& o : command.options)
      if (name == o.name) return &o;
    return nullptr;
  };
  bool only_positional = false;  // after "--"
  for (int i = first; i < argc; ++i) {
    const std::string a = argv[i];
    if (!only_positional && a == "--" && !command.pass_through) {
      only_positional = true;
      continue;
    }
    if (only_positional || !is_option_word(a) || a.size() == 2) {
      if (!only_positional && !command.pass_through && a.size() > 1 && a[0] == '-' && a != "--")
        return usage("unknown option '" + a + "' for '" + command.name + "' (options are spelled --name)");
      args.positional.push_back(a);
      continue;
    }
    std::string name = a.substr(2);
    const size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    std::string value = inline_value ? name.substr(eq + 1) : std::string();
    if (inline_value) name.resize(eq);
    if (command.pass_through) {  // the command checks its options itself (today's rules: flags, else the next word)
      const OptionSpec* spec = find(name);
      if (inline_value)
        args.options[name] = value;
      else if ((spec && spec->value == OptionValue::none) || i + 1 >= argc)
        args.options[name] = "1";
      else
        args.options[name] = argv[++i];
      continue;
    }
    const OptionSpec* spec = find(name);
    if (!spec) return unknown_option("--" + name, name, command);
    if (args.has(name)) return usage("option --" + name + " is given more than once");
    if (spec->value == OptionValue::none) {
      if (inline_value) return usage("option --" + name + " takes no value (given '" + value + "')");
      args.options[name] = "1";
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= argc || is_option_word(argv[i + 1])) return usage(value_problem(*spec, ""));
      value = argv[++i];
    }
    if (std::string problem = value_problem(*spec, value); !problem.empty()) return usage(problem);
    args.options[name] = value;
  }
  if (!command.pass_through && static_cast<int>(args.positional.size()) > command.max_positional) {
    const std::string& extra = args.positional[static_cast<size_t>(command.max_positional)];
    return usage("unexpected argument '" + extra + "' for '" + command.name + "'" +
                 (command.max_positional == 0 ? " (it takes options only)" : ""));
  }
  return args;
}

Status check_output_path(const std::string& option, const std::string& path) {
  const std::string named = "--" + option + " '" + path + "'";
  const std::string folder = folder_of(path);
  struct stat st {};
  if (!path.empty() && path.back() == '/') return make_error("io.output", named + ": names a folder, not a file");
  if (::stat(folder.c_str(), &st) != 0)
    return make_error("io.output", named + ": the folder '" + folder + "' does not exist");
  if (!S_ISDIR(st.st_mode)) return make_error("io.output", named + ": '" + folder + "' is not a folder");
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    return make_error("io.output", named + ": is a folder, not a file");
  // Probe with the file write_file creates first, and leave nothing behind.
  const std::string probe = path + ".tmp";
  int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd >= 0) {
    ::close(fd);
    ::unlink(probe.c_str());
    return Status::Ok();
  }
  if (errno == EEXIST) fd = ::open(probe.c_str(), O_WRONLY);
  if (fd >= 0) {
    ::close(fd);
    return Status::Ok();
  }
  return make_error("io.output", named + ": cannot write in the folder '" + folder + "' (" + errno_phrase(errno) + ")");
}

Result<std::string> read_file(const std::string& path, const SizeCap& cap) {
  auto too_large = [&](uint64_t bytes) -> Error {
    if (cap.too_large) return cap.too_large(bytes);
    return make_error("io.too_large", path + ": the file has " + std::to_string(bytes) + " bytes, more than the " +
                                          std::to_string(cap.max_bytes) + " allowed");
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return make_error("io.not_found", path + ": no such file");
    return make_error("io.open", path + ": cannot open file for reading (" + errno_phrase(errno) + ")");
  }
  if (S_ISDIR(st.st_mode)) return make_error("io.is_directory", path + ": is a directory, not a file");
  const bool regular = S_ISREG(st.st_mode);
  if (regular && static_cast<uint64_t>(st.st_size) > cap.max_bytes) return too_large(static_cast<uint64_t>(st.st_size));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return make_error("io.open", path + ": cannot open file for reading (" + errno_phrase(errno) + ")");
  std::string out;
  if (regular) out.reserve(static_cast<size_t>(st.st_size));
  constexpr size_t kChunk = size_t{1} << 20;
  std::vector<char> chunk(kChunk);
  for (;;) {
    const size_t got = std::fread(chunk.data(), 1, kChunk, f);
    out.append(chunk.data(), got);
    if (out.size() > cap.max_bytes) {  // a pipe, a device, or a file that grew since stat
      std::fclose(f);
      return too_large(out.size());
    }
    if (got < kChunk) break;
  }
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return make_error("io.read", path + ": read error");
  return out;
}

Result<std::string> read_csv_file(const std::string& path) {
  CsvOptions options;
  options.source_name = path;
  SizeCap cap;
  cap.max_bytes = options.max_bytes;
  cap.too_large = [&options](uint64_t bytes) { return check_csv_size(bytes, options).error(); };
  return read_file(path, cap);
}

Status write_file(const std::string& path, std::string_view contents) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return make_error("io.open", path + ": cannot open file for writing");
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return make_error("io.write", path + ": write error (disk full?)");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return make_error("io.rename", path + ": cannot replace the file");
  }
  return Status::Ok();
}

bool write_file_or_report(const std::string& path, std::string_view contents) {
  Status written = write_file(path, contents);
  if (!written.ok()) print_error(written.error());
  return written.ok();
}

double steady_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

void print_error(const Error& e) { std::fprintf(stderr, "error: %s\n", e.message.c_str()); }

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
}

int usage_error(const char* usage_line) {
  std::fprintf(stderr, "usage: marginlab %s\n", usage_line);
  return 2;
}

}  // namespace ml::cli
