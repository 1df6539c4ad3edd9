#include "framework/helper_watch.h"

#include <algorithm>

namespace ember {

int HelperWatch::NextThreads(int configured) {
  if (configured <= 1 || serial_runs_left_ <= 0) return configured;
  --serial_runs_left_;
  return 1;
}

void HelperWatch::Observe(const ParallelShare& share, int threads) {
  if (threads <= 1 || share.indices < kMinIndices) return;
  const int64_t fair = share.indices * (threads - 1) / threads;  // the helpers' share with every thread running
  if (share.by_helpers * 8 >= fair) {
    backoff_ = kFirstBackoff;
    return;
  }
  serial_runs_left_ = backoff_;
  backoff_ = std::min(backoff_ * 2, kMaxBackoff);
}

}  // namespace ember
