#include "framework/memory_planner.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>

namespace ember {

MemoryPlan PlanMemory(const std::vector<BufferRequest>& requests, size_t alignment) {
  MemoryPlan plan;
  const size_t n = requests.size();
  plan.offsets.assign(n, 0);
  auto aligned = [&](size_t b) { return (b + alignment - 1) / alignment * alignment; };

  int steps = 0;
  for (const auto& r : requests) {
    steps = std::max(steps, r.last + 1);
    plan.naive_bytes += aligned(r.bytes);
  }
  std::vector<size_t> live(static_cast<size_t>(steps), 0);
  for (const auto& r : requests)
    for (int t = r.first; t <= r.last; ++t) live[static_cast<size_t>(t)] += aligned(r.bytes);
  for (size_t v : live) plan.lower_bound = std::max(plan.lower_bound, v);

  // Greedy placement in a given order: each buffer takes a gap (the lowest, or the tightest) that clears
  // every placed buffer alive at the same time. Several orders are tried and the smallest arena kept: largest first (TFLite
  // Micro's rule) is usually best, but graphs with long-lived skip connections sometimes prefer ordering by
  // first use or by size x lifetime.
  auto place = [&](const std::vector<size_t>& order, bool best_fit, std::vector<size_t>* offsets) {
    offsets->assign(n, 0);
    size_t arena = 0;
    std::vector<size_t> placed;
    std::vector<size_t> clash;
    for (size_t i : order) {
      const BufferRequest& r = requests[i];
      size_t size = aligned(r.bytes);
      clash.clear();
      for (size_t p : placed)
        if (requests[p].first <= r.last && r.first <= requests[p].last) clash.push_back(p);
      std::sort(clash.begin(), clash.end(), [&](size_t a, size_t b) { return (*offsets)[a] < (*offsets)[b]; });
      // Gaps between the clashing buffers: first fit takes the lowest, best fit the tightest.
      size_t offset = 0, cursor = 0, best_gap = SIZE_MAX;
      bool found = false;
      for (size_t p : clash) {
        size_t begin = (*offsets)[p], end = begin + aligned(requests[p].bytes);
        if (begin >= cursor + size && (!found || (best_fit && begin - cursor < best_gap))) {
          if (!found || best_fit) offset = cursor, best_gap = begin - cursor;
          found = true;
          if (!best_fit) break;
        }
        cursor = std::max(cursor, end);
      }
      if (!found) offset = cursor;
      (*offsets)[i] = offset;
      arena = std::max(arena, offset + size);
      placed.push_back(i);
    }
    return arena;
  };
  using Key = std::function<bool(size_t, size_t)>;
  auto duration = [&](size_t i) { return static_cast<size_t>(requests[i].last - requests[i].first + 1); };
  const Key orders[] = {
      [&](size_t a, size_t b) { return requests[a].bytes > requests[b].bytes; },
      [&](size_t a, size_t b) { return requests[a].bytes * duration(a) > requests[b].bytes * duration(b); },
      [&](size_t a, size_t b) { return duration(a) > duration(b) || (duration(a) == duration(b) && requests[a].bytes > requests[b].bytes); },
      [&](size_t a, size_t b) { return requests[a].first < requests[b].first; },
  };
  plan.arena_bytes = SIZE_MAX;
  std::vector<size_t> order(n), offsets;
  for (const Key& key : orders) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), key);
    for (bool best_fit : {false, true}) {
      size_t arena = place(order, best_fit, &offsets);
      if (arena < plan.arena_bytes) {
        plan.arena_bytes = arena;
        plan.offsets = offsets;
      }
    }
  }
  if (n == 0) plan.arena_bytes = 0;
  return plan;
}

}  // namespace ember
