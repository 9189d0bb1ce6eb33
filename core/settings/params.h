// marginlab — learner parameters: a typed Params struct per learner, described by one table of
// Settings bound to its members (docs/architecture.md, "How to add a setting").
//
// A learner declares
//   struct PerceptronParams { bool normalize = true; ExampleOrderKind order = ExampleOrderKind::cyclic; };
// and one ParamTable<PerceptronParams> whose rows bind members by member pointer; the defaults are
// read from PerceptronParams{}, so they are written once. The registry's schema lists the table's
// settings; the config carries the non-default values as ParamValues (`l.<key>=<value>` in the URL);
// decode() turns them into the struct the learner's reset receives, encode() does the reverse for
// callers that build typed Params (the command line's experiments, tests).
#pragma once

#include <algorithm>
#include <cassert>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/settings/setting.h"

namespace ml {

// One learner parameter value as written in the URL (`l.<name>=<value>`), validated against the
// active learner's parameter table.
struct ParamValue {
  std::string name;  // parameter key, e.g. "sigma"
  double value = 0;  // numeric value (choices are stored as their index)

  // Same name and value.
  bool operator==(const ParamValue&) const = default;
};

// A learner's parameter values: the non-default ones, sorted by name (as Config::params keeps them).
using ParamValues = std::vector<ParamValue>;

// What the URL codec, the UI and the command line know about one learner: its id and its parameters.
struct LearnerSchema {
  std::string id;               // registry id used in URLs
  std::string name;             // display name
  bool multiclass = false;      // multiclass learner (Q >= 2) or binary
  std::vector<Setting> params;  // parameters, in display order (numeric types only)
};

// The parameter table of a typed Params struct P: one Setting per bound member, in display order.
template <class P>
class ParamTable {
 public:
  // One bound row: the setting and how to read / write its member as a number.
  struct Row {
    Setting setting;                      // key, label, type, range, default (from P{}), help
    std::function<double(const P&)> get;  // the member as a number (bool 0/1, enum index)
    std::function<void(P&, double)> set;  // writes a checked number into the member
  };

  // Binds member `member` of P; the type, enum choices and default come from the member.
  template <class M>
  ParamTable& add(M P::*member, Setting setting) {
    return bind<M>([member](P& p) -> M& { return p.*member; }, std::move(setting));
  }
  // Binds member `member` of P with its one-sentence help (the help kept out of the braces keeps each row short).
  template <class M>
  ParamTable& add(M P::*member, Setting setting, std::string help) {
    setting.help = std::move(help);
    return add(member, std::move(setting));
  }
  // Binds a member reached through `access` (a callable P& -> M&), e.g. a member of a nested struct.
  template <class M, class Access>
  ParamTable& bind(Access access, Setting setting) {
    complete_setting<M>(setting);
    assert(is_numeric(setting.type));
    Row row;
    row.get = [access](const P& p) { return to_setting_value(access(const_cast<P&>(p))).number; };
    row.set = [access](P& p, double x) { from_setting_value(number_value(x), access(p)); };
    row.setting = std::move(setting);
    row.setting.default_value = number_value(row.get(P{}));
    rows_.push_back(std::move(row));
    return *this;
  }

  // Appends every row of `inner`, bound to the member `member` of P (parameters by composition: a learner
  // built on another, or a group shared by several learners); `adjust` may edit each setting (its help)
  // before its default is read from P{}, so P's initializer of `member` sets the composed defaults.
  template <class Inner>
  ParamTable& nest(Inner P::*member, const ParamTable<Inner>& inner,
                   const std::function<void(Setting&)>& adjust = nullptr) {
    for (const typename ParamTable<Inner>::Row& r : inner.rows()) {
      Row row;
      row.setting = r.setting;
      if (adjust) adjust(row.setting);
      row.get = [member, get = r.get](const P& p) { return get(p.*member); };
      row.set = [member, set = r.set](P& p, double x) { set(p.*member, x); };
      row.setting.default_value = number_value(row.get(P{}));
      rows_.push_back(std::move(row));
    }
    return *this;
  }

  // The rows in display order.
  const std::vector<Row>& rows() const { return rows_; }
  // The settings in display order (a LearnerSchema's params).
  std::vector<Setting> settings() const {
    std::vector<Setting> out;
    for (const Row& r : rows_) out.push_back(r.setting);
    return out;
  }
  // P{} with the given values written over it (unknown names ignored; of repeats the last one wins:
  // validation removes repeats before).
  P decode(const ParamValues& values) const {
    P p{};
    for (const ParamValue& v : values)
      for (const Row& r : rows_)
        if (r.setting.key == v.name) r.set(p, v.value);
    return p;
  }
  // The members of p that differ from their defaults, sorted by name (the config's form).
  ParamValues encode(const P& p) const {
    ParamValues out;
    for (const Row& r : rows_) {
      const double x = r.get(p);
      if (x != r.setting.default_value.number) out.push_back({r.setting.key, x});
    }
    std::sort(out.begin(), out.end(), [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
    return out;
  }

 private:
  std::vector<Row> rows_;
};

}  // namespace ml
