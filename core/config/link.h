// marginlab — what a configuration passes before it runs, in order: validation (config/fields.h validate: every
// field in range, the learner known), then admission to the resource budget (config/budget.h fit_to_budget:
// the sizes lowered until it fits). Every front end opens a link and settles an edited config through here,
// so a link means the same configuration in the page, on the desktop, on the command line and in Python.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/url.h"

namespace ml {

// Decodes a link (decode_url) and admits it to the budget; the warnings of both, summarized past
// kMaxLinkWarnings. The config is valid and within the budget.
DecodeResult decode_link(std::string_view url);

// Validates `config`, then admits it to the budget; one warning sentence per change.
std::vector<std::string> settle(Config& config);

}  // namespace ml
