// marginlab tests — a generator that exists only in the test binary, declared by one registry row
// (core/data/generator_registry.h). row_registration_test.cpp registers it for the length of a test and
// checks that the URL codec, the field table, the app's choices, docs/url.md and the budget all see it.
#pragma once

#include "core/data/generator_registry.h"

namespace ml::test {

// The row: id "test_cube", points uniform in [-1,1]^3 (always 3 columns, whatever d says), +1 iff
// x1 + x2 + x3 >= 0; reads n only.
GeneratorRow test_only_generator_row();

}  // namespace ml::test
