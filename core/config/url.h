// marginlab — the URL codec (docs/url.md): a whole experiment as `#v=1&key=value&...`.
//
// Canonical form: '#', then key=value pairs in the field table's order (config/fields.h), v=1 first;
// only values that differ from the default, except v, data, learner and seed, which are always written
// (a link states its data, learner and seed explicitly). Fields that have no effect under the config
// (e.g. eta when noise=none, csv when data is a generator) are never written. The active learner's
// parameters follow `learner` as l.<name>=value in its schema's order, non-default ones only.
// Numbers are the shortest decimal that reads back exactly; booleans 0/1; enums by name; the
// confusion matrix is a comma list row by row with C_pq = P(noisy = p | true = q).
// Decoding never fails: every problem becomes a warning sentence and the field keeps its default.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/setting_ref.h"
#include "core/settings/params.h"

namespace ml {

// The key a link gives a setting: a field's key, or l.<name> for a learner parameter ("l.landmarks").
std::string url_key(const SettingRef& setting);
// The key a link gives the learner parameter `name` ("l.landmarks").
std::string param_url_key(std::string_view name);
// True when a link's key names a learner parameter (l.<name>).
bool is_param_url_key(std::string_view key);
// The parameter name in a learner parameter's key ("landmarks" for "l.landmarks"); key must be one.
std::string param_url_name(std::string_view key);
// The setting a link's key names: a config field, or l.<name>, a parameter of the first of `learners` that
// has one of that name; nullopt when it names neither.
std::optional<SettingRef> resolve_url_key(std::string_view key, const std::vector<std::string>& learners);

// A decoded link: the config to run and what the user must be told about the link.
struct DecodeResult {
  Config config;                      // always valid (validate() returns nothing for it)
  std::vector<std::string> warnings;  // one sentence per problem, naming the key, the value and the default
};

// Reads a link: a full URL (the part after '#', else after '?'), "#...", "?..." or bare "k=v&...".
// Unknown keys, duplicate keys (the first wins), malformed or out-of-range values, fields that have no
// effect, a wrong version and an unknown learner give warnings; the result then goes through validate().
// Front ends open links with decode_link (config/link.h), which also admits the config to the resource
// budget and summarizes the warnings past kMaxLinkWarnings (a hostile 1 MB link gives 21 lines, not 100 000).
DecodeResult decode_url(std::string_view url);

// How many of one link's warnings decode_link keeps before summarizing the rest in one line.
inline constexpr size_t kMaxLinkWarnings = 20;
// Keeps the first `keep` warnings and replaces the others by "... and N more warnings about this link"
// (N >= 2: a single extra warning is kept as it is).
void summarize_warnings(std::vector<std::string>& warnings, size_t keep);

// Writes the canonical link of a config (starting with '#'). For a valid config,
// decode_url(encode_url(c)) == c except for fields that do not apply, which come back at their default.
std::string encode_url(const Config& config);

// Percent-encodes every byte outside [A-Za-z0-9._~-] as %XX (upper-case hex); ',' is kept when
// keep_commas (list values, where it separates entries).
std::string percent_encode(std::string_view text, bool keep_commas);
// Decodes %XX escapes (either case); a '%' not followed by two hex digits stays as it is. '+' stays '+'.
std::string percent_decode(std::string_view text);
// The key=value part of a link (see decode_url), surrounding ASCII whitespace removed.
std::string_view url_query_part(std::string_view url);

// One `key=value` item of a link, percent-decoded, with the text it came from (for messages).
struct LinkPair {
  std::string key;    // decoded key ("" when the item has none)
  std::string value;  // decoded value ("" when the item has no '=')
  std::string raw;    // the item as written
};
// The link's items in order (empty items between '&'s skipped; repeats kept): what decode_url reads, and
// what the experiment codec splits into a base link and its x.* axes.
std::vector<LinkPair> link_pairs(std::string_view url);

// docs/url.md: the URL rules, one table row per field and one table per learner's parameters (Markdown).
std::string render_url_reference();

}  // namespace ml
