// marginlab — confusion-matrix tools (docs/algorithms.md §5.1, 004 eq. 4 and §4.1).
//
// Convention: C_pq = P(noisy label = p | true class = q); columns sum to 1. The URL lists C row by row.
// 004 §4.1 builds row-stochastic matrices; confusion_family transposes them into this convention.
#include <Eigen/SVD>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/noise/noise.h"
#include "core/noise/noise_models.h"
#include "core/noise/noise_registry.h"
#include "core/util/rng.h"

namespace ml {

namespace {

using noise_detail::number_text;

// Row-normalizes after zeroing negative entries: the paper's Omega (004 §4.1). An empty row becomes e_p.
Eigen::MatrixXd omega_rows(const Eigen::MatrixXd& a) {
  Eigen::MatrixXd out = a;
  for (Eigen::Index p = 0; p < out.rows(); ++p) {
    double sum = 0.0;
    for (Eigen::Index q = 0; q < out.cols(); ++q) {
      double& x = out(p, q);
      if (!(x > 0.0)) x = 0.0;
      sum += x;
    }
    if (sum > 0.0) {
      for (Eigen::Index q = 0; q < out.cols(); ++q) out(p, q) /= sum;
    } else {
      out(p, p) = 1.0;
    }
  }
  return out;
}

}  // namespace

Status validate_confusion(const Eigen::MatrixXd& c, double tol) {
  if (c.rows() != c.cols() || c.rows() == 0) {
    return make_error("noise.confusion_not_square", "the confusion matrix is " + std::to_string(c.rows()) + " x " +
                                                        std::to_string(c.cols()) +
                                                        ", expected a non-empty square matrix");
  }
  const int q_count = static_cast<int>(c.cols());
  for (int q = 0; q < q_count; ++q) {
    for (int p = 0; p < q_count; ++p) {
      const double x = c(p, q);
      if (!(x >= 0.0 && x <= 1.0)) {
        Error e = make_error("noise.confusion_entry",
                             "entry C_" + std::to_string(p) + "," + std::to_string(q) + " (row " + std::to_string(p) +
                                 ", column " + std::to_string(q) + ") = " + number_text(x) + " is out of [0, 1]");
        e.line = p + 1;
        e.column = q + 1;
        return e;
      }
    }
  }
  for (int q = 0; q < q_count; ++q) {
    double sum = 0.0;
    for (int p = 0; p < q_count; ++p) sum += c(p, q);
    if (std::fabs(sum - 1.0) > tol) {
      bool rows_stochastic = true;
      for (int p = 0; p < q_count && rows_stochastic; ++p) {
        double row = 0.0;
        for (int k = 0; k < q_count; ++k) row += c(p, k);
        rows_stochastic = std::fabs(row - 1.0) <= tol;
      }
      std::string message = "column " + std::to_string(q) + " (true class " + std::to_string(q) + ") sums to " +
                            number_text(sum) +
                            ", not 1 (convention C_pq = P(noisy p | true q): every column sums to 1)";
      if (rows_stochastic) message += "; the rows sum to 1: this looks like the transpose (004 §4.1 normalizes rows)";
      Error e = make_error("noise.confusion_column_sum", message);
      e.column = q + 1;
      return e;
    }
  }
  return Status::Ok();
}

Result<Eigen::MatrixXd> confusion_from_list(const std::vector<double>& values, int num_classes) {
  const size_t expected = static_cast<size_t>(std::max(0, num_classes)) * static_cast<size_t>(std::max(0, num_classes));
  if (num_classes < 1 || values.size() != expected) {
    return make_error("noise.confusion_size", "field 'cm': expected Q*Q = " + std::to_string(expected) +
                                                  " values (Q = " + std::to_string(num_classes) + " classes), got " +
                                                  std::to_string(values.size()));
  }
  Eigen::MatrixXd c(num_classes, num_classes);
  for (int p = 0; p < num_classes; ++p) {
    for (int q = 0; q < num_classes; ++q) c(p, q) = values[static_cast<size_t>(p * num_classes + q)];
  }
  return c;
}

std::vector<double> confusion_to_list(const Eigen::MatrixXd& c) {
  std::vector<double> values;
  values.reserve(static_cast<size_t>(c.size()));
  for (Eigen::Index p = 0; p < c.rows(); ++p) {
    for (Eigen::Index q = 0; q < c.cols(); ++q) values.push_back(c(p, q));
  }
  return values;
}

Result<Eigen::MatrixXd> noise_confusion_matrix(const NoiseSpec& spec, int num_classes) {
  const NoiseRow& row = noise_row(spec.model);
  if (row.matrix) return row.matrix(spec, num_classes);
  return make_error("noise.not_a_matrix", "the noise model '" + row.id + "' has no confusion matrix");
}

Eigen::MatrixXd uniform_confusion(int num_classes, double eta) {
  assert(num_classes >= 1);
  if (num_classes == 1) return Eigen::MatrixXd::Identity(1, 1);
  const double off = eta / static_cast<double>(num_classes - 1);
  Eigen::MatrixXd c = Eigen::MatrixXd::Constant(num_classes, num_classes, off);
  for (int q = 0; q < num_classes; ++q) c(q, q) = 1.0 - eta;
  return c;
}

Eigen::MatrixXd random_confusion(int num_classes, double min_diagonal, uint64_t seed) {
  assert(num_classes >= 1 && min_diagonal >= 0.0 && min_diagonal <= 1.0);
  Rng rng(seed, Stream::aux);
  Eigen::MatrixXd c = Eigen::MatrixXd::Zero(num_classes, num_classes);
  if (num_classes == 1) {
    c(0, 0) = 1.0;
    return c;
  }
  for (int q = 0; q < num_classes; ++q) {
    const double diagonal = min_diagonal + (1.0 - min_diagonal) * rng.uniform();
    double weight_sum = 0.0;
    for (int p = 0; p < num_classes; ++p) {
      if (p == q) continue;
      c(p, q) = rng.uniform();
      weight_sum += c(p, q);
    }
    for (int p = 0; p < num_classes; ++p) {
      if (p == q) continue;
      const double share = weight_sum > 0.0 ? c(p, q) / weight_sum : 1.0 / static_cast<double>(num_classes - 1);
      c(p, q) = (1.0 - diagonal) * share;
    }
    c(q, q) = diagonal;
  }
  return c;
}

Eigen::MatrixXd normalize_columns(const Eigen::MatrixXd& c) { return omega_rows(c.transpose()).transpose(); }

Eigen::MatrixXd family_base_matrix(int num_classes, uint64_t seed) {
  assert(num_classes >= 1);
  Rng rng(seed, Stream::aux);
  Eigen::MatrixXd m(num_classes, num_classes);
  // The paper rejects non-invertible draws; we also reject nearly singular ones (cond >= 1e8), which
  // UMA would refuse anyway. A uniform draw is well conditioned with overwhelming probability.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (int p = 0; p < num_classes; ++p) {
      for (int q = 0; q < num_classes; ++q) m(p, q) = rng.uniform();
    }
    m = omega_rows(m);
    if (condition_number(m) < 1e8) break;
  }
  return m;
}

Eigen::MatrixXd confusion_family(const Eigen::MatrixXd& m_random, int i) {
  assert(i >= 0 && m_random.rows() == m_random.cols());
  const Eigen::Index q_count = m_random.rows();
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(q_count, q_count);
  const Eigen::MatrixXd n_matrix = (m_random - identity) / 10.0;
  const Eigen::MatrixXd paper_c = omega_rows(identity + static_cast<double>(i) * n_matrix);
  return paper_c.transpose();
}

double condition_number(const Eigen::MatrixXd& c) {
  if (c.size() == 0) return 1.0;
  for (Eigen::Index k = 0; k < c.size(); ++k) {
    if (!std::isfinite(c.data()[k])) return std::numeric_limits<double>::infinity();
  }
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(c);
  const Eigen::VectorXd& s = svd.singularValues();
  const double largest = s[0];
  const double smallest = s[s.size() - 1];
  if (c.rows() != c.cols() || !(smallest >= 1e-300)) return std::numeric_limits<double>::infinity();
  return largest / smallest;
}

Result<Eigen::MatrixXd> estimate_confusion(const std::vector<int>& noisy, const std::vector<int>& truth,
                                           int num_classes) {
  assert(noisy.size() == truth.size() && num_classes >= 1);
  Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(num_classes, num_classes);
  std::vector<int> per_class(static_cast<size_t>(num_classes), 0);
  for (size_t i = 0; i < noisy.size(); ++i) {
    const int p = noisy[i], q = truth[i];
    if (p < 0 || p >= num_classes || q < 0 || q >= num_classes) {
      return make_error("noise.label_out_of_range", "example " + std::to_string(i) + ": label pair (noisy " +
                                                        std::to_string(p) + ", true " + std::to_string(q) +
                                                        ") is out of [0, " + std::to_string(num_classes) + ")");
    }
    counts(p, q) += 1.0;
    per_class[static_cast<size_t>(q)] += 1;
  }
  for (int q = 0; q < num_classes; ++q) {
    const int count = per_class[static_cast<size_t>(q)];
    if (count == 0) {
      return make_error("noise.empty_class", "class " + std::to_string(q) +
                                                 " has no example with a known true label: column " +
                                                 std::to_string(q) + " of the confusion matrix cannot be estimated");
    }
    counts.col(q) /= static_cast<double>(count);
  }
  return counts;
}

}  // namespace ml
