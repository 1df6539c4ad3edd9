// Ember's own thread pool for the kernels' parallel loops. Unlike an OpenMP team, the calling thread never waits
// for a worker that has not started: work is claimed one index at a time, the caller claims too, and it returns
// as soon as every index is done. A worker the OS has parked (a phone's other apps, a busy core) therefore
// holds up only an index it is already running, never the whole loop; measured against OpenMP's schedule and
// wait policies in docs/DESIGN.md ("Threads").
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "framework/parallel.h"

namespace ember {

// The threads this thread's kernels may use: the running Predictor's setting (Executor::Run sets it), 1 inside
// a parallel loop (no nesting).
int MaxThreads();
// Sets MaxThreads() for the calling thread (at least 1).
void SetMaxThreads(int threads);
// True inside ParallelFor's function, on any thread.
bool InParallel();

// The indices of the calling thread's ParallelFor loops since the last call, and how many of them other threads
// ran (near none while the OS keeps every helper parked); resets both.
struct ParallelShare {
  int64_t indices = 0;
  int64_t by_helpers = 0;
};
ParallelShare TakeParallelShare();

namespace parallel_detail {
void Run(int64_t n, int threads, void (*call)(void*, int64_t), void* fn);
}

// fn(i) for every i in [0, n), on up to `threads` threads, the caller among them. Indices are claimed in order
// one at a time, so make each one a chunk of work (a panel, a band of rows), not an element. Runs serially
// for threads <= 1, n <= 1, or inside another ParallelFor.
// (The serial case runs in parallel_detail::Run too: one instance of the loop body per call site, not two.)
template <typename F>
void ParallelFor(int64_t n, int threads, F&& fn) {
  auto call = [](void* f, int64_t i) { (*static_cast<std::remove_reference_t<F>*>(f))(i); };
  parallel_detail::Run(n, threads, call, const_cast<void*>(static_cast<const void*>(&fn)));
}

// fn(begin, end) over [0, n) in ranges of `grain` indices (element loops: one claim per range).
template <typename F>
void ParallelRanges(int64_t n, int64_t grain, int threads, F&& fn) {
  const int64_t ranges = (n + grain - 1) / grain;
  ParallelFor(ranges, threads, [&](int64_t r) { fn(r * grain, r + 1 < ranges ? (r + 1) * grain : n); });
}

// ParallelFor with MaxThreads() threads.
template <typename F>
void ParallelFor(int64_t n, F&& fn) {
  ParallelFor(n, MaxThreads(), std::forward<F>(fn));
}

}  // namespace ember
