// marginlab tests — a noise model that exists only in the test binary, declared by one registry row
// (core/noise/noise_registry.h). row_registration_test.cpp registers it for the length of a test and
// checks that the URL codec, the field table (eta applies under it), the app's choices, docs/url.md and
// a Session all see it.
#pragma once

#include "core/noise/noise_registry.h"

namespace ml::test {

// The row: id "test_first", the first round(eta n) training examples move to the next class
// ((y + 1) mod Q); reads eta only.
NoiseRow test_only_noise_row();

}  // namespace ml::test
