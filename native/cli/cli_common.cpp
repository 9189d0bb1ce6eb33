// marginlab — command-line plumbing shared by every command.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "native/cli/cli.h"

namespace ml::cli {

std::string Args::get(const std::string& name, const std::string& fallback) const {
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

Args parse_args(int argc, char** argv, int first, const std::vector<std::string>& flags) {
  Args args;
  for (int i = first; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      std::string name = a.substr(2);
      const size_t eq = name.find('=');
      if (eq != std::string::npos) {
        args.options[name.substr(0, eq)] = name.substr(eq + 1);
        continue;
      }
      bool is_flag = false;
      for (const auto& f : flags) is_flag = is_flag || f == name;
      if (is_flag || i + 1 >= argc) {
        args.options[name] = "1";
      } else {
        args.options[name] = argv[++i];
      }
    } else {
      args.positional.push_back(a);
    }
  }
  return args;
}

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("io.open", path + ": cannot open file for reading");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return make_error("io.read", path + ": read error");
  return ss.str();
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

void print_error(const Error& e) { std::fprintf(stderr, "error: %s\n", e.message.c_str()); }

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
}

}  // namespace ml::cli
