// marginlab learners — the learner registry as JSON (what the UI, the URL codec and docs iterate).
#include <cstdio>

#include "core/config/registry_json.h"
#include "native/cli/cli.h"

namespace ml::cli {

int cmd_learners(const Args& args) {
  std::printf("%s\n", learner_registry_json(args.has("compact")).c_str());
  return 0;
}

}  // namespace ml::cli
