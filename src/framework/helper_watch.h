// How many threads a predictor's next run uses on a busy CPU (issue 18). Beside a competing process the OS
// parks a 2-thread run's helper for a time slice of the other process at a time: the caller then runs nearly
// every index itself, through the kernels' 2-thread splits and a job post per loop, slower than a 1-thread run
// (mobilenet_v2 beside one busy loop: the helper ran 0-17 of a run's 1416 indices). A run whose helpers ran
// under an eighth of their share is followed by runs on one thread (at most an eighth of the parallel gain to
// lose), 4 at first and twice as many after each probe (a run on every thread) that finds the helpers still
// absent, up to 64; a probe that finds them back restores every thread. It fired in no quiet run measured
// (docs/DESIGN.md, Threads).
#pragma once

#include "framework/parallel.h"

namespace ember {

class HelperWatch {
 public:
  // The threads the next run uses, given the predictor's setting.
  int NextThreads(int configured);
  // What the run that used `threads` saw (TakeParallelShare over the run).
  void Observe(const ParallelShare& share, int threads);

 private:
  static constexpr int kFirstBackoff = 4, kMaxBackoff = 64;
  static constexpr int64_t kMinIndices = 16;  // fewer loop indices in a run say nothing about the helpers
  int serial_runs_left_ = 0;
  int backoff_ = kFirstBackoff;
};

}  // namespace ember
