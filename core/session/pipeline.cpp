// marginlab — config -> data.
#include "core/session/pipeline.h"

#include "core/data/generators.h"
#include "core/data/transform.h"
#include "core/util/format.h"

namespace ml {
namespace {

const char* corruption_name(Corruption c) {
  switch (c) {
    case Corruption::none: return "none";
    case Corruption::label: return "label";
    case Corruption::replaced: return "replaced";
    case Corruption::moved: return "moved";
  }
  return "none";
}

// A CSV field, quoted when it holds a delimiter, quote or line break.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

void append_rows(const Dataset& part, const char* split_name, std::string* out) {
  for (int i = 0; i < part.rows(); ++i) {
    for (int j = 0; j < part.cols(); ++j) {
      *out += format_float(part.X(i, j));
      *out += ',';
    }
    const auto k = static_cast<size_t>(i);
    *out += csv_field(part.class_names[static_cast<size_t>(part.label[k])]) + ',';
    *out += csv_field(part.class_names[static_cast<size_t>(part.true_label[k])]) + ',';
    *out += part.corruption[k] == Corruption::none ? "0," : "1,";
    *out += corruption_name(part.corruption[k]);
    *out += ',';
    *out += split_name;
    *out += '\n';
  }
}

}  // namespace


Result<PreparedData> prepare_data(const Config& config, const Dataset* csv) {
  Dataset all;
  if (config.use_csv) {
    if (csv == nullptr) {
      return make_error("pipeline.no_csv", "the configuration asks for a CSV file ('data=csv') but none is loaded");
    }
    all = *csv;
  } else {
    Result<Dataset> generated = generate(config.generator, config.seed);
    if (!generated.ok()) return generated.error();
    all = std::move(generated.value());
  }
  PreparedData out;
  // The basis stream is an adaptive sequence, not a sample: it is never split.
  const bool splittable = config.use_csv || config.generator.kind != Generator::basis;
  const double test_fraction = splittable ? config.test_fraction : 0.0;
  Split parts = split_dataset(all, test_fraction, config.stratified, config.seed);
  out.train = std::move(parts.train);
  out.test = std::move(parts.test);
  if (out.test.rows() == 0) out.warnings.push_back("no test part: test error is not measured");
  normalize(config.normalization, out.train, out.test);
  if (config.kpca_dims > 0) {
    Result<double> features =
        apply_kernel_features(config.kpca_dims, config.kpca_sigma, config.seed, out.train, out.test);
    if (!features.ok()) return features.error();
  }
  if (config.bias) {
    add_bias(out.train);
    add_bias(out.test);
  }
  Result<NoiseReport> report = apply_noise(config.noise, out.train, config.seed);
  if (!report.ok()) return report.error();
  out.noise = std::move(report.value());
  if (Status rough = apply_rough_labels(config, out.train, &out.noise); !rough.ok()) return rough.error();
  return out;
}

std::string render_data_csv(const PreparedData& data) {
  std::string out;
  for (const auto& name : data.train.feature_names) out += csv_field(name) + ',';
  out += "label,true_label,corrupted,corruption,split\n";
  append_rows(data.train, "train", &out);
  append_rows(data.test, "test", &out);
  return out;
}

}  // namespace ml
