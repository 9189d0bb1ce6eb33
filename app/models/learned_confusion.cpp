// marginlab app — the Confusion panel's learned Ĉ (see learned_confusion.h).
#include "app/models/learned_confusion.h"

#include <algorithm>

#include "core/metrics/confusion_rate.h"
#include "core/noise/noise.h"

namespace ml::app {

LearnedConfusionValue learned_confusion(const std::vector<int>& predicted, const std::vector<int>& truth,
                                        int num_classes) {
  const Eigen::MatrixXd c = prediction_confusion(predicted, truth, num_classes);
  return {confusion_to_list(c), confusion_rate(c)};
}

bool RefreshThrottle::due(uint64_t session_version, int64_t updates, double now) {
  const bool same_session = session_version == version_;
  if (same_session && updates == updates_) return false;
  if (same_session && now - time_ < 0.3) return false;
  version_ = session_version;
  updates_ = updates;
  time_ = now;
  return true;
}

void LearnedConfusion::refresh(const Session* s, uint64_t session_version, double now) {
  if (!s) {
    value_ = {};
    throttle_ = {};
    return;
  }
  if (!throttle_.due(session_version, s->updates(), now)) return;
  on_test_ = s->data().test.rows() > 0;
  const Dataset& data = on_test_ ? s->data().test : s->data().train;
  std::vector<int> predicted;
  s->learner().predict_batch(data.X, &predicted);
  value_ = learned_confusion(predicted, data.true_label, std::max(2, data.num_classes()));
  step_ = s->steps();
}

}  // namespace ml::app
