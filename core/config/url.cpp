// marginlab — the URL codec and the URL reference renderer; both iterate config_fields().
#include "core/config/url.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <utility>

#include "core/config/budget.h"
#include "core/config/fields.h"

namespace ml {
namespace {

bool unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '~' || c == '-';
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_list(SettingType kind) { return kind == SettingType::real_list || kind == SettingType::name_list; }

// One key=value item of a link, percent-decoded.
struct Item {
  std::string key;
  std::string value;
  bool used = false;  // consumed by a field or a learner parameter
};

// How a link spells a learner parameter's key: l.<name>. The only place it is spelled.
constexpr std::string_view kParamPrefix = "l.";

// Parses the active learner's l.<name> items into config.params (non-default values, sorted by name).
void decode_params(const std::string& requested_learner, bool learner_changed, std::vector<Item>& items, Config& c,
                   std::vector<std::string>& w) {
  c.params.clear();
  const LearnerSchema* schema = learner_changed ? nullptr : find_learner_schema(c.learner);
  if (schema) {
    for (const Setting& spec : schema->params) {
      const std::string key = std::string(kParamPrefix) + spec.key;
      for (Item& item : items) {
        if (item.used || item.key != key) continue;
        item.used = true;
        SettingValue read;
        std::string note;
        const std::string problem = read_setting_value(spec, item.value, &read, &note);
        const double value = read.number;
        if (!note.empty()) w.push_back("field '" + key + "': " + note);
        if (!problem.empty()) {
          w.push_back("field '" + key + "': " + problem + "; using the default " +
                      format_setting_value(spec, spec.default_value));
        } else if (value != spec.default_value.number) {
          c.params.push_back(ParamValue{spec.key, value});
        }
        break;  // duplicates were dropped when the items were read
      }
    }
    std::sort(c.params.begin(), c.params.end(),
              [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
  }
  for (Item& item : items) {
    if (item.used || !is_param_url_key(item.key)) continue;
    item.used = true;
    const std::string name = item.key.substr(kParamPrefix.size());
    if (learner_changed)
      w.push_back("field " + quote_for_message(item.key) + ": a parameter of learner " +
                  quote_for_message(requested_learner) + ", ignored");
    else
      w.push_back("field " + quote_for_message(item.key) + ": learner '" + c.learner + "' has no parameter " +
                  quote_for_message(name) + "; ignored");
  }
}

std::string escape_cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string code(std::string_view text) { return text.empty() ? std::string() : "`" + std::string(text) + "`"; }

std::string join_code(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + code(items[i]);
  return out;
}

std::string bounds_doc(const Setting& spec, bool max_exclusive) {
  return "[" + format_url_number(spec.min) + ", " + format_url_number(spec.max) + (max_exclusive ? ")" : "]");
}

std::string kind_doc(SettingType kind) {
  switch (kind) {
    case SettingType::real: return "real";
    case SettingType::integer: return "integer";
    case SettingType::boolean: return "boolean";
    case SettingType::choice: return "choice";
    case SettingType::text: return "text";
    case SettingType::real_list: return "list of reals";
    case SettingType::name_list: return "list of names";
    case SettingType::learner: return "learner id";
  }
  return "";
}

std::string range_doc(const Setting& f) {
  switch (f.type) {
    case SettingType::real:
    case SettingType::integer: return bounds_doc(f, f.max_exclusive);
    case SettingType::boolean: return "`0`, `1`";
    case SettingType::choice: return join_code(f.choices);
    case SettingType::text: return f.text_format;
    case SettingType::real_list:
      return "each in " + bounds_doc(f, false) + ", at most " + std::to_string(f.max_items) + " values";
    case SettingType::name_list:
      if (f.choices.empty())
        return "entries: " + f.text_format + "; at most " + std::to_string(f.max_items) + " entries";
      return "any of " + join_code(f.choices);
    case SettingType::learner: return "an id of the learner tables below";
  }
  return "";
}

}  // namespace

std::string percent_encode(std::string_view text, bool keep_commas) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (unreserved(c) || (keep_commas && c == ',')) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int hi = hex_digit(text[i + 1]);
      const int lo = hex_digit(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::string_view url_query_part(std::string_view url) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!url.empty() && space(url.front())) url.remove_prefix(1);
  while (!url.empty() && space(url.back())) url.remove_suffix(1);
  const size_t hash = url.find('#');
  if (hash != std::string_view::npos) return url.substr(hash + 1);
  const size_t question = url.find('?');
  if (question != std::string_view::npos) return url.substr(question + 1);
  if (url.find("://") != std::string_view::npos) return {};  // a page address without a configuration
  return url;
}

std::vector<LinkPair> link_pairs(std::string_view url) {
  std::vector<LinkPair> pairs;
  const std::string_view query = url_query_part(url);
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view raw = query.substr(start, end - start);
    start = end + 1;
    if (raw.empty()) continue;
    const size_t eq = raw.find('=');
    LinkPair pair;
    pair.key = percent_decode(raw.substr(0, eq));
    if (eq != std::string_view::npos) pair.value = percent_decode(raw.substr(eq + 1));
    pair.raw = std::string(raw);
    pairs.push_back(std::move(pair));
  }
  return pairs;
}

std::string url_key(const SettingRef& setting) {
  return setting.is_param() ? param_url_key(setting.name()) : setting.name();
}

std::string param_url_key(std::string_view name) { return std::string(kParamPrefix) + std::string(name); }

bool is_param_url_key(std::string_view key) { return key.substr(0, kParamPrefix.size()) == kParamPrefix; }

std::string param_url_name(std::string_view key) {
  assert(is_param_url_key(key) && "not a learner parameter's key");
  return std::string(key.substr(kParamPrefix.size()));
}

std::optional<SettingRef> resolve_url_key(std::string_view key, const std::vector<std::string>& learners) {
  if (!is_param_url_key(key)) {
    const Field* field = find_field(key);
    return field ? std::optional<SettingRef>(SettingRef::of_field(*field)) : std::nullopt;
  }
  for (const std::string& learner : learners)
    if (std::optional<SettingRef> param = param_ref(learner, param_url_name(key))) return param;
  return std::nullopt;
}

DecodeResult decode_url(std::string_view url) {
  DecodeResult result;
  Config& c = result.config;
  std::vector<std::string>& w = result.warnings;

  // Items in link order; a repeated key keeps its first value.
  std::vector<Item> items;
  std::map<std::string, size_t> index;
  for (LinkPair& pair : link_pairs(url)) {
    if (pair.key.empty()) {
      w.push_back("the item " + quote_for_message(pair.raw) + " has no key; ignored");
      continue;
    }
    Item item;
    item.key = std::move(pair.key);
    item.value = std::move(pair.value);
    const auto found = index.find(item.key);
    if (found != index.end()) {
      w.push_back("field " + quote_for_message(item.key) + " is given more than once; keeping the first value " +
                  quote_for_message(items[found->second].value) + " and ignoring " + quote_for_message(item.value));
      continue;
    }
    index.emplace(item.key, items.size());
    items.push_back(std::move(item));
  }
  auto take = [&](const std::string& key) -> Item* {
    const auto found = index.find(key);
    if (found == index.end()) return nullptr;
    Item* item = &items[found->second];
    item->used = true;
    return item;
  };

  // Fields in table order, so a field's applicability is decided by the fields before it.
  for (const Field& f : config_fields()) {
    if (f.type == SettingType::learner) {
      if (Item* item = take(f.key)) {
        SettingValue value;
        const std::string problem = parse_setting_value(f, item->value, &value);
        if (problem.empty())
          f.set(c, value);
        else
          w.push_back(field_default_warning(f, problem));
      }
      const std::string requested = c.learner;
      const bool changed = resolve_learner(c, w);
      decode_params(requested, changed, items, c, w);
      continue;
    }
    Item* item = take(f.key);
    if (!item) continue;
    if (!field_applies(f, c)) {
      w.push_back("field '" + f.key + "' has an effect only when " + std::string(f.applies_when) + "; " +
                  quote_for_message(item->value) + " ignored");
      continue;
    }
    if (f.key == "v") {
      if (item->value != "1")
        w.push_back("field 'v': version " + quote_for_message(item->value) +
                    " is not supported; reading the link as version 1");
      continue;
    }
    SettingValue value;
    std::string note;
    const std::string problem = read_setting_value(f, item->value, &value, &note);
    if (!note.empty()) w.push_back("field '" + f.key + "': " + note);
    if (problem.empty())
      f.set(c, value);
    else
      w.push_back(field_default_warning(f, problem));
  }
  for (const Item& item : items)
    if (!item.used)
      w.push_back("unknown field " + quote_for_message(item.key) + " (value " + quote_for_message(item.value) +
                  ") ignored");

  for (std::string& s : validate(c)) w.push_back(std::move(s));
  return result;
}

void summarize_warnings(std::vector<std::string>& warnings, size_t keep) {
  if (warnings.size() <= keep + 1) return;  // "... and 1 more" would take the line the warning itself takes
  const size_t more = warnings.size() - keep;
  warnings.resize(keep);
  warnings.push_back("... and " + std::to_string(more) + " more warnings about this link");
}

std::string encode_url(const Config& config) {
  std::string out = "#";
  auto append = [&out](std::string_view key, const std::string& encoded_value) {
    if (out.size() > 1) out += '&';
    out += key;
    out += '=';
    out += encoded_value;
  };
  for (const Field& f : config_fields()) {
    if (f.type == SettingType::learner) {
      append(f.key, percent_encode(config.learner, false));
      const LearnerSchema* schema = find_learner_schema(config.learner);
      if (schema) {
        for (const Setting& spec : schema->params)
          for (const ParamValue& p : config.params)
            if (p.name == spec.key) {
              if (p.value != spec.default_value.number)
                append(percent_encode(std::string(kParamPrefix) + spec.key, false),
                       percent_encode(format_setting_value(spec, p.value), false));
              break;
            }
      } else {
        for (const ParamValue& p : config.params)
          append(percent_encode(std::string(kParamPrefix) + p.name, false),
                 percent_encode(format_url_number(p.value), false));
      }
      continue;
    }
    if (!f.always_written && !field_applies(f, config)) continue;
    const SettingValue value = f.get(config);
    if (!f.always_written && same_setting_value(f, value, field_default(f))) continue;
    append(f.key, percent_encode(format_setting_value(f, value), is_list(f.type)));
  }
  return out;
}

std::string render_url_reference() {
  std::string md;
  md += "# URL reference\n\n";
  md += "<!-- Generated from the field table (core/config/fields.cpp) by render_url_reference "
        "(core/config/url.cpp); do not edit by hand. -->\n\n";
  md += "A marginlab link holds a whole experiment; opening it reproduces the run bit for bit. The "
        "configuration is the part after `#`:\n\n";
  Config example;
  example.generator.n = 1000;
  example.noise.model = noise_model_with_id("uniform");
  example.noise.rate = 0.2;
  example.seed = 7;
  md += "    " + encode_url(Config{}) + "\n    " + encode_url(example) + "\n\n";
  md += "## Rules\n\n";
  md += "- Keys are written in the order of the table below, `v=1` first. Only values that differ from the "
        "default are written, except `v`, `data`, `learner` and `seed`, which every link states.\n";
  md += "- A field whose *applies when* condition is false has no effect: it is never written, and a link "
        "that gives it gets a warning.\n";
  md += "- The active learner's parameters follow `learner` as `l.<name>=value`, in the learner's table "
        "order, non-default values only.\n";
  md += "- Numbers read back to exactly the same double: whole numbers below 1e15 without exponent "
        "(`1000000`), others as the shortest decimal that does (`0.1`, `1e-5`, `0.49999999999999994`); "
        "booleans as `0`/`1`; choices by name.\n";
  md += "- Text is UTF-8, percent-encoded: every byte outside `A-Z a-z 0-9 . _ ~ -` becomes `%XX`. "
        "List entries are separated by literal commas.\n";
  md += "- The confusion matrix `cm` lists Q*Q values row by row (C_00, C_01, ..., C_{Q-1,Q-1}) with the "
        "convention **C_pq = P(noisy label = p | true class = q)**: every column sums to 1 (within 1e-9). "
        "Q is `q` for the multiclass generators and 2 for the others; with `data=csv` any square size "
        "is accepted and checked when the file is loaded. A matrix that does not fit is replaced by the "
        "uniform matrix with rate `eta` (with a CSV: cleared).\n";
  md += "- Size caps: n <= " + std::to_string(kMaxExamples) + ", d <= " + std::to_string(kMaxDims) +
        ", n*d <= " + std::to_string(kMaxCells) +
        " (n is lowered to fit; the 2-D generators count d = 2), "
        "concepts*d <= " +
        std::to_string(kMaxCells) + " for the finite class, q <= " + std::to_string(kMaxClasses) +
        ", steps <= " + std::to_string(kMaxSteps) + ", seed <= 2^53 - 1.\n";
  md += "- Sizes **cap**, other values **fall back**: a whole number outside the range of a field marked *caps* "
        "in the tables below (every integer but the seeds: sizes, counts, caps and indices such as `n`, `d`, "
        "`concepts`, `steps`, `l.dims`, `l.landmarks`) is set to the nearest bound with a warning, e.g. *field 'n': "
        "'1000000000' is above the maximum 1000000; "
        "using 1000000*; any other out-of-range or malformed value falls back to the field's default (next "
        "rule). A nonzero number too small for a double (`eta=1e-400`) reads as 0 with a warning. A link whose "
        "sizes fit their ranges but not the resource budget (below) is capped further.\n";
  md += "- Reading a link never fails. Unknown keys, repeated keys (the first value wins), malformed or "
        "out-of-range values, fields that have no effect, a wrong version and an unknown learner each "
        "produce a warning shown to the user, and the field keeps its default, e.g. *field 'eta': 0.7 "
        "is out of range [0, 0.5); using the default 0.1*. A binary learner on data with more than two "
        "classes is replaced by the first multiclass learner. Building the run a link describes can still be "
        "refused (a CSV over the resource budget, a learner that cannot run on the data): the error is shown, "
        "and the desktop app and the page keep the run that was on screen, with its own link back in the "
        "address bar, paused or playing as it was.\n";
  md += "- Accepted input: a full address (the part after `#`, else after `?`), `#...`, `?...` or bare "
        "`key=value&...`; `%XX` escapes are decoded; `+` is not a space.\n";
  md += "- A CSV is referenced by name and content hash only; the user is told when the loaded file does "
        "not match.\n\n";
  md += "## Fields\n\n";
  md += "| key | label | type | default | range / choices | applies when | panel | help |\n";
  md += "|---|---|---|---|---|---|---|---|\n";
  for (const Field& f : config_fields()) {
    const std::string def = format_setting_value(f, field_default(f));
    md += "| `" + f.key + "` | " + escape_cell(f.label) + " | " + kind_doc(f.type) + (f.caps ? ", caps" : "") + " | " +
          (def.empty() ? std::string("(empty)") : code(def)) + " | " + escape_cell(range_doc(f)) + " | " +
          escape_cell(f.applies_when.empty() ? std::string("always") : std::string(f.applies_when)) + " | " +
          std::string(f.panel) + " | " + escape_cell(f.help) + " |\n";
  }
  md += "\n" + render_budget_reference();
  md += "## Learner parameters\n\n";
  for (const LearnerSchema& s : learner_schemas()) {
    md += "### `" + s.id + "` — " + escape_cell(s.name) + " (" + (s.multiclass ? "multiclass" : "binary") + ")\n\n";
    if (s.params.empty()) {
      md += "No parameters.\n\n";
      continue;
    }
    md += "| key | label | type | default | range / choices | help |\n";
    md += "|---|---|---|---|---|---|\n";
    for (const Setting& p : s.params)
      md += "| `l." + p.key + "` | " + escape_cell(p.label) + " | " + kind_doc(p.type) + (p.caps ? ", caps" : "") +
            " | " + code(format_setting_value(p, p.default_value)) + " | " + escape_cell(range_doc(p)) + " | " +
            escape_cell(p.help) + " |\n";
    md += "\n";
  }
  return md;
}

}  // namespace ml
