// marginlab — libFuzzer target for the CSV reader (core/data/csv.h): any bytes must give a table or an
// Error, never a crash or sanitizer report; a table must keep the Dataset contract and the caps, and an
// Error must be a one-line "csv.*" message naming the source. Build and run: tools/fuzz.sh csv.
//
// The reader runs under caps scaled down from its defaults (kFuzz* below), so that inputs libFuzzer can
// afford reach every cap check: tools/fuzz.sh passes -max_len = kFuzzMaxBytes + 2 (the options byte and
// one byte over), and tests/fuzz/make_corpus.py writes corpus entries at and just past each cap
// (tests/fuzz/corpus/csv/cap_*). An input over the byte cap must give csv.too_large.
//
// The first input byte chooses the options, so the fuzzer explores them too ('#' = all defaults):
// bits 0-1 header (0 no, 1 yes, 2/3 detect), bits 2-3 delimiter (detect , ; tab),
// bits 4-6 label column ("" "" "" "" "0" "1" "label" "99"), bit 7 max_classes 2 instead of 8.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/data/csv.h"

namespace {

// The caps the fuzzed reader runs under (tests/fuzz/make_corpus.py writes entries at and past them).
constexpr size_t kFuzzMaxBytes = 16384;
constexpr long long kFuzzMaxCells = 2000;
constexpr int kFuzzMaxColumns = 64;
constexpr int kFuzzMaxClasses = 8;

// A broken promise: stop here so libFuzzer saves the input.
void require(bool condition) {
  if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ml::CsvOptions options;
  options.source_name = "fuzz.csv";
  options.max_bytes = kFuzzMaxBytes;
  options.max_cells = kFuzzMaxCells;
  options.max_columns = kFuzzMaxColumns;
  options.max_classes = kFuzzMaxClasses;
  if (size > 0) {
    const uint8_t o = data[0];
    ++data;
    --size;
    const int header_modes[4] = {0, 1, -1, -1};
    options.header = header_modes[o & 3];
    const char delimiters[4] = {0, ',', ';', '\t'};
    options.delimiter = delimiters[(o >> 2) & 3];
    const char* labels[8] = {"", "", "", "", "0", "1", "label", "99"};
    options.label_column = labels[(o >> 4) & 7];
    if (o & 0x80) options.max_classes = 2;
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ml::Result<ml::CsvTable> result = ml::parse_csv(text, options);

  // The byte cap is checked before anything is parsed, with the same error as check_csv_size.
  const ml::Status size_check = ml::check_csv_size(size, options);
  require(size_check.ok() == (size <= options.max_bytes));
  if (!size_check.ok()) require(!result.ok() && result.error().code == "csv.too_large");

  if (!result.ok()) {
    const ml::Error& e = result.error();
    require(e.code.rfind("csv.", 0) == 0);
    require(e.message.rfind("fuzz.csv", 0) == 0);
    require(e.message.find('\n') == std::string::npos && e.message.find('\r') == std::string::npos);
    require(e.line >= 0 && e.column >= 0);
    require(e.line == 0 ? e.column == 0 : true);
    return 0;
  }

  const ml::CsvTable& t = *result;
  const ml::Dataset& d = t.data;
  const int n = d.rows(), dims = d.cols(), q = d.num_classes();
  require(n >= 1 && dims >= 1);
  require(n == t.info.rows && dims == t.info.cols && q == t.info.classes);
  require(q >= 2 && q <= options.max_classes);
  require(static_cast<long long>(n) * dims <= options.max_cells);
  require(dims + 1 <= options.max_columns);
  require(d.label.size() == static_cast<size_t>(n) && d.true_label == d.label);
  require(d.corruption.size() == static_cast<size_t>(n));
  for (ml::Corruption c : d.corruption) require(c == ml::Corruption::none);
  require(d.feature_names.size() == static_cast<size_t>(dims));
  require(d.target.size() == 0);
  require(t.info.label_index >= 0 && t.info.label_index <= dims);
  require(t.info.delimiter == ',' || t.info.delimiter == ';' || t.info.delimiter == '\t');
  for (int y : d.label) require(y >= 0 && y < q);
  for (int k = 1; k < q; ++k)
    require(d.class_names[static_cast<size_t>(k - 1)] != d.class_names[static_cast<size_t>(k)]);
  for (Eigen::Index i = 0; i < d.X.size(); ++i) require(std::isfinite(d.X.data()[i]));
  return 0;
}
