// marginlab — validation, then the budget (see link.h).
#include "core/config/link.h"

#include <utility>

#include "core/config/budget.h"
#include "core/config/fields.h"

namespace ml {

DecodeResult decode_link(std::string_view url) {
  DecodeResult result = decode_url(url);
  fit_to_budget(result.config, result.warnings);
  summarize_warnings(result.warnings, kMaxLinkWarnings);
  return result;
}

std::vector<std::string> settle(Config& config) {
  std::vector<std::string> warnings = validate(config);
  fit_to_budget(config, warnings);
  return warnings;
}

}  // namespace ml
