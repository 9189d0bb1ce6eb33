// marginlab bench — data generation speed: generator `separable` on the sphere, n = 200 000, d = 64, margin 0,
// seed 1 (the data of docs/bench.md §2 and of the Python section's link), and the normal sampler under it.
//
// Three measurements, median of --reps runs each:
//   generate: ml::generate of the dataset; the SHA-256 of its rows and labels is printed too, so that two
//             builds (before / after a change to the samplers) can be shown to draw the same numbers;
//   normal:   n*d draws with one Rng::normal() call each (how the generators drew them before the batch API);
//   normals:  the same n*d draws with Rng::normals in rows of d (absent when this source is built against a
//             tree without the batch API: bench/bench_generate.py builds it at an older commit for "before").
// bench/bench_generate.py runs it, with NumPy's standard_normal plus row normalization as the peer.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bench/bench_util.h"
#include "core/data/generators.h"
#include "core/util/rng.h"
#include "core/util/sha256.h"

namespace {

// SHA-256 of the rows (float bytes) and the true labels: the generated data's identity.
std::string data_hash(const ml::Dataset& ds) {
  std::string bytes(reinterpret_cast<const char*>(ds.X.data()), sizeof(float) * static_cast<size_t>(ds.X.size()));
  for (int label : ds.true_label) bytes.push_back(static_cast<char>(label));
  return ml::sha256_hex(bytes);
}

ml::Dataset generate_separable(int n, int d) { return ml::bench::separable_data(n, d, "bench_generate"); }

// Rows of d normals through the batch API; false when the Rng has none (a build of an older tree).
template <class R>
bool draw_rows_batched(R& rng, std::vector<double>& out, int d) {
  if constexpr (requires(R & r, double* p, size_t k) { r.normals(p, k); }) {
    for (size_t i = 0; i < out.size(); i += static_cast<size_t>(d)) rng.normals(out.data() + i, static_cast<size_t>(d));
    return true;
  } else {
    return false;
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ml::bench;
  const int n = std::stoi(flag(argc, argv, "--n", "200000"));
  const int d = std::stoi(flag(argc, argv, "--d", "64"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));

  std::string hash;
  const std::vector<double> generate_s = time_runs(reps, [&] { hash = data_hash(generate_separable(n, d)); });

  std::vector<double> drawn(static_cast<size_t>(n) * static_cast<size_t>(d));
  const std::vector<double> normal_s = time_runs(reps, [&] {
    ml::Rng rng(1, ml::Stream::data);
    for (double& z : drawn) z = rng.normal();
  });
  const std::vector<double> looped(drawn);
  bool has_batch = false;
  const std::vector<double> normals_s = time_runs(reps, [&] {
    ml::Rng rng(1, ml::Stream::data);
    has_batch = draw_rows_batched(rng, drawn, d);
  });

  nlohmann::ordered_json j;
  j["bench"] = "generate";
  j["build"] = build_name();
  j["n"] = n;
  j["d"] = d;
  j["generate_seconds"] = generate_s;
  j["generate_median_s"] = median(generate_s);
  j["data_sha256"] = hash;
  j["normal_seconds"] = normal_s;
  j["normal_median_s"] = median(normal_s);
  j["has_batch"] = has_batch;
  if (has_batch) {
    j["normals_seconds"] = normals_s;
    j["normals_median_s"] = median(normals_s);
    j["normals_equal_normal"] = std::memcmp(drawn.data(), looped.data(), sizeof(double) * drawn.size()) == 0;
  }
  emit(j);
  return 0;
}
