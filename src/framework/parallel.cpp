// The pool behind ParallelFor (parallel.h): detached workers that take indices from the jobs callers post.
#include "framework/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace ember {
namespace {

thread_local int t_depth = 0;        // > 0 while running a ParallelFor index
thread_local int t_max_threads = 1;  // without OpenMP: SetMaxThreads' value
thread_local ParallelShare t_share;  // TakeParallelShare's counts

// One spin step: a pause, and every 64th step a yield, so that a process competing for the core gets it.
void Relax(int step) {
  if (step % 64 == 63) {
    std::this_thread::yield();
    return;
  }
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__) || defined(__arm__)
  asm volatile("yield");
#endif
}

// A range of indices one participant starts on; others take from its front once theirs is done.
struct alignas(64) Slot {
  std::atomic<int64_t> next{0};
  int64_t end = 0;
};

struct Job {
  void (*call)(void*, int64_t) = nullptr;
  void* fn = nullptr;
  int64_t n = 0;
  int max_helpers = 0;
  // [0, n) in 1 + max_helpers contiguous slots: with every thread running, each works through its own slot
  // front to back as a static schedule would (the data it writes stays in its core's cache for the next op);
  // a thread that is parked or late leaves its slot to the others.
  std::vector<Slot> slots;
  std::atomic<int64_t> done{0};
  std::atomic<int> helpers{0};
  std::mutex error_mu;
  std::exception_ptr error;  // the first exception an index threw; the caller rethrows it

  void Init(int64_t count, int participants) {
    n = count;
    slots = std::vector<Slot>(static_cast<size_t>(participants));
    for (int p = 0; p < participants; ++p) {
      slots[static_cast<size_t>(p)].next.store(n * p / participants, std::memory_order_relaxed);
      slots[static_cast<size_t>(p)].end = n * (p + 1) / participants;
    }
  }
  // Participant p (0: the caller) runs its slot's indices, then what is left of the others'. `fn` is touched
  // only for a claimed index, which the caller is still waiting for, so it is alive.
  // Returns how many indices it ran.
  int64_t Work(int p) {
    ++t_depth;
    int64_t ran = 0;
    const size_t count = slots.size();
    for (size_t k = 0; k < count; ++k) {
      Slot& slot = slots[(static_cast<size_t>(p) + k) % count];
      for (int64_t i; (i = slot.next.fetch_add(1, std::memory_order_relaxed)) < slot.end; ++ran) Run(i);
    }
    --t_depth;
    return ran;
  }
  void Run(int64_t i) {
    try {
      call(fn, i);
    } catch (...) {
      std::lock_guard<std::mutex> l(error_mu);
      if (!error) error = std::current_exception();
    }
    done.fetch_add(1, std::memory_order_release);
  }
  bool Exhausted() const {
    for (const Slot& s : slots)
      if (s.next.load(std::memory_order_relaxed) < s.end) return false;
    return true;
  }
};

class Pool {
 public:
  // Never destroyed: detached workers may still be waiting when static destructors run at exit.
  static Pool& Get() {
    static Pool* pool = new Pool();
    return *pool;
  }

  void Run(const std::shared_ptr<Job>& job) {
    {
      std::lock_guard<std::mutex> l(mu_);
      for (; workers_ < job->max_helpers && workers_ < kMaxWorkers; ++workers_)
        std::thread(&Pool::Worker, this).detach();
      jobs_.push_back(job);
      version_.fetch_add(1, std::memory_order_release);
    }
    cv_.notify_all();
    const int64_t mine = job->Work(0);
    for (int step = 0; job->done.load(std::memory_order_acquire) < job->n; ++step) Relax(step);
    t_share.indices += job->n;
    t_share.by_helpers += job->n - mine;
    std::lock_guard<std::mutex> l(mu_);
    jobs_.erase(std::remove(jobs_.begin(), jobs_.end(), job), jobs_.end());
  }

 private:
  static constexpr int kMaxWorkers = 63;
  // How long an idle worker watches for the next job before sleeping: the next op's loop usually comes
  // within microseconds, and waking a sleeping thread costs tens of them.
  static constexpr std::chrono::microseconds kSpin{200};

  // A job with an index left and room for a helper, and the helper's participant number (1, 2, ...), or
  // nullptr; drops exhausted jobs. Under mu_.
  std::shared_ptr<Job> Pick(int* participant) {
    for (auto it = jobs_.begin(); it != jobs_.end();) {
      if ((*it)->Exhausted()) {
        it = jobs_.erase(it);
        continue;
      }
      const int h = (*it)->helpers.fetch_add(1, std::memory_order_relaxed);
      if (h < (*it)->max_helpers) {
        *participant = h + 1;
        return *it;
      }
      ++it;
    }
    return nullptr;
  }

  void Worker() {
    for (;;) {
      std::shared_ptr<Job> job;
      uint64_t seen;
      int participant = 0;
      {
        std::lock_guard<std::mutex> l(mu_);
        job = Pick(&participant);
        seen = version_.load(std::memory_order_relaxed);
      }
      if (job) {
        job->Work(participant);
        continue;
      }
      const auto until = std::chrono::steady_clock::now() + kSpin;
      for (int step = 0; version_.load(std::memory_order_acquire) == seen; ++step) {
        if (step % 256 == 255 && std::chrono::steady_clock::now() > until) break;
        Relax(step);
      }
      std::unique_lock<std::mutex> l(mu_);
      cv_.wait(l, [&] { return version_.load(std::memory_order_relaxed) != seen; });
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::shared_ptr<Job>> jobs_;  // posted jobs that may still have indices left
  std::atomic<uint64_t> version_{0};        // bumped with every posted job
  int workers_ = 0;
};

}  // namespace

int MaxThreads() {
  if (t_depth > 0) return 1;
#ifdef _OPENMP
  return omp_get_max_threads();  // the per-thread setting omp_set_num_threads writes
#else
  return t_max_threads;
#endif
}

void SetMaxThreads(int threads) {
  threads = std::max(1, threads);
#ifdef _OPENMP
  omp_set_num_threads(threads);
#endif
  t_max_threads = threads;
}

ParallelShare TakeParallelShare() {
  const ParallelShare share = t_share;
  t_share = ParallelShare();
  return share;
}

bool InParallel() {
#ifdef _OPENMP
  if (omp_in_parallel()) return true;
#endif
  return t_depth > 0;
}

namespace parallel_detail {

void Run(int64_t n, int threads, void (*call)(void*, int64_t), void* fn) {
  if (n <= 0) return;
  if (threads <= 1 || n == 1 || t_depth > 0) {
    for (int64_t i = 0; i < n; ++i) call(fn, i);
    return;
  }
  auto job = std::make_shared<Job>();
  job->call = call;
  job->fn = fn;
  job->max_helpers = static_cast<int>(std::min<int64_t>(threads, n)) - 1;
  job->Init(n, job->max_helpers + 1);
  Pool::Get().Run(job);
  if (job->error) std::rethrow_exception(job->error);
}

}  // namespace parallel_detail
}  // namespace ember
