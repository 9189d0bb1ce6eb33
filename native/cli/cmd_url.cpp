// marginlab url — canonical form of a configuration or experiment link, or the URL reference (--doc).
#include <cstdio>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "native/cli/cli.h"

namespace ml::cli {

int cmd_url(const Args& args) {
  if (args.has("doc")) {
    std::fputs(render_url_reference().c_str(), stdout);
    std::fputs(render_experiment_reference().c_str(), stdout);
    return 0;
  }
  if (args.positional.size() != 1) {
    std::fprintf(stderr, "error: url needs one link (or --doc)\n");
    return usage_error(args.usage);
  }
  if (is_experiment_link(args.positional[0])) {
    ExperimentDecode decoded = decode_experiment(args.positional[0]);
    std::printf("%s\n", encode_experiment(decoded.experiment).c_str());
    print_warnings(decoded.warnings);
    return 0;
  }
  DecodeResult decoded = decode_link(args.positional[0]);
  std::printf("%s\n", encode_url(decoded.config).c_str());
  print_warnings(decoded.warnings);
  return 0;
}

}  // namespace ml::cli
