// The pool behind ParallelFor (framework/parallel.h): every index runs exactly once whatever the thread count,
// the caller returns only when every index is done (also when another thread holds a slow one), an exception
// from an index reaches the caller after the others ran,
// nesting runs serially, and callers on several threads at once each get all of their own indices; the share of
// indices helpers ran is counted per caller, and HelperWatch backs off to one thread while helpers stay parked.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "framework/helper_watch.h"
#include "framework/parallel.h"

using namespace ember;

TEST_CASE("parallel: every index runs exactly once", "[parallel]") {
  for (int threads : {1, 2, 3, 8}) {
    for (int64_t n : {0, 1, 2, 3, 7, 64, 1000}) {
      std::vector<std::atomic<int>> runs(static_cast<size_t>(n));
      ParallelFor(n, threads, [&](int64_t i) { runs[static_cast<size_t>(i)].fetch_add(1); });
      int wrong = 0;
      for (auto& r : runs) wrong += r.load() != 1;
      INFO("threads " << threads << ", n " << n);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("parallel: the caller returns only after a slow index another thread holds", "[parallel]") {
  for (int round = 0; round < 5; ++round) {
    std::atomic<int> finished{0};
    const auto t0 = std::chrono::steady_clock::now();
    // Index 1 is the helper's (the static split of 2 over 2 participants), and the caller waits for it; should
    // the caller run index 1 itself (the helper not started yet), the checks below hold all the same.
    ParallelFor(2, 2, [&](int64_t i) {
      if (i == 1) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      finished.fetch_add(1);
    });
    CHECK(finished.load() == 2);
    CHECK(std::chrono::steady_clock::now() - t0 >= std::chrono::milliseconds(20));
  }
}

TEST_CASE("parallel: an index's exception reaches the caller after every other index ran", "[parallel]") {
  std::atomic<int> ran{0};
  CHECK_THROWS_AS(ParallelFor(100, 2,
                              [&](int64_t i) {
                                ran.fetch_add(1);
                                if (i == 37) throw std::runtime_error("index 37");
                              }),
                  std::runtime_error);
  CHECK(ran.load() == 100);
}

TEST_CASE("parallel: a ParallelFor inside a ParallelFor runs serially on its thread", "[parallel]") {
  std::atomic<int> inner{0}, not_serial{0};
  ParallelFor(8, 2, [&](int64_t) {
    CHECK(InParallel());
    const std::thread::id self = std::this_thread::get_id();
    ParallelFor(16, 2, [&](int64_t) {
      if (std::this_thread::get_id() != self) not_serial.fetch_add(1);
      inner.fetch_add(1);
    });
  });
  CHECK(inner.load() == 8 * 16);
  CHECK(not_serial.load() == 0);
  CHECK(!InParallel());
}

TEST_CASE("parallel: callers on several threads at once each run all of their own indices", "[parallel]") {
  constexpr int kCallers = 4, kJobs = 200;
  std::vector<int> bad(kCallers, 0);
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&, c] {
      for (int j = 0; j < kJobs; ++j) {
        const int64_t n = 1 + (j * 7 + c) % 40;
        std::vector<std::atomic<int>> runs(static_cast<size_t>(n));
        ParallelFor(n, 2, [&](int64_t i) { runs[static_cast<size_t>(i)].fetch_add(1); });
        for (auto& r : runs) bad[static_cast<size_t>(c)] += r.load() != 1;
      }
    });
  }
  for (auto& t : callers) t.join();
  for (int c = 0; c < kCallers; ++c) CHECK(bad[static_cast<size_t>(c)] == 0);
}

TEST_CASE("parallel: TakeParallelShare counts the caller's indices and those its helpers ran", "[parallel]") {
  TakeParallelShare();
  // Index 0 is the caller's and waits until some other thread has run an index: the helpers took at least one.
  std::atomic<int> by_others{0};
  const std::thread::id caller = std::this_thread::get_id();
  ParallelFor(64, 2, [&](int64_t i) {
    if (std::this_thread::get_id() != caller) by_others.fetch_add(1);
    for (int ms = 0; i == 0 && ms < 2000 && by_others.load() == 0; ++ms)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  ParallelFor(10, 1, [](int64_t) {});  // a serial loop is no evidence: not counted
  const ParallelShare share = TakeParallelShare();
  CHECK(share.indices == 64);
  CHECK(share.by_helpers == by_others.load());
  CHECK(share.by_helpers >= 1);
  CHECK(TakeParallelShare().indices == 0);  // reset by the call
}

TEST_CASE("parallel: HelperWatch runs one thread while helpers stay parked, backing off, then restores them",
          "[parallel]") {
  HelperWatch watch;
  const ParallelShare absent{1000, 10}, present{1000, 400}, tiny{8, 0};
  CHECK(watch.NextThreads(2) == 2);
  watch.Observe(present, 2);
  CHECK(watch.NextThreads(2) == 2);
  watch.Observe(tiny, 2);  // too few indices to judge
  CHECK(watch.NextThreads(2) == 2);
  auto serial_runs_after = [&](const ParallelShare& seen) {
    watch.Observe(seen, 2);
    int serial = 0;
    while (watch.NextThreads(2) == 1) ++serial;  // the run that returns 2 is the probe
    return serial;
  };
  CHECK(serial_runs_after(absent) == 4);
  CHECK(serial_runs_after(absent) == 8);  // the probe found them still absent
  CHECK(serial_runs_after(absent) == 16);
  for (int i = 0; i < 4; ++i) serial_runs_after(absent);
  CHECK(serial_runs_after(absent) == 64);  // capped
  watch.Observe(present, 2);  // a probe finds the helpers back: every thread, and the first backoff again
  CHECK(watch.NextThreads(2) == 2);
  CHECK(serial_runs_after(absent) == 4);
  // 4 threads: three helpers that ran an eighth of their fair share (600 of 800) or more count as present.
  HelperWatch four;
  four.Observe(ParallelShare{800, 75}, 4);
  CHECK(four.NextThreads(4) == 4);
  four.Observe(ParallelShare{800, 74}, 4);
  CHECK(four.NextThreads(4) == 1);
  CHECK(four.NextThreads(1) == 1);  // a 1-thread setting stays 1
}
