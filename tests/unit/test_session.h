// Sessions for the unit tests: a link decoded against the real registry, the session built, optionally
// trained a few steps. One definition so the app-model and session tests build their sessions the same way.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"

namespace ml::test {

// Whether the link may carry decode warnings (values replaced or capped) or must decode as written.
enum class LinkWarnings { allowed, none };

// The session of `link`; a test failure (and nullptr) when it cannot be built.
inline std::unique_ptr<Session> session_for(const std::string& link, LinkWarnings warnings = LinkWarnings::allowed) {
  const DecodeResult decoded = decode_link(link);
  if (warnings == LinkWarnings::none) {
    EXPECT_TRUE(decoded.warnings.empty()) << link << ": " << decoded.warnings.front();
  }
  Result<std::unique_ptr<Session>> s = Session::create(decoded.config, nullptr);
  EXPECT_TRUE(s.ok()) << link << ": " << (s.ok() ? "" : s.error().message);
  return s.ok() ? std::move(s.value()) : nullptr;
}

// The session of `link` advanced by `steps` (so its hypothesis is not the initial one); nullptr on failure.
inline std::unique_ptr<Session> trained(const std::string& link, int64_t steps) {
  std::unique_ptr<Session> s = session_for(link);
  if (s) s->advance(steps);
  return s;
}

// Prepared data of `train` with an empty test part, as the Python estimators hand their arrays to the session.
inline PreparedData prepared(const Dataset& train) {
  PreparedData data;
  data.train = train;
  data.test.X.resize(0, train.cols());
  data.test.class_names = train.class_names;
  data.test.feature_names = train.feature_names;
  return data;
}

}  // namespace ml::test
