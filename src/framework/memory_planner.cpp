#include "framework/memory_planner.h"

#include <algorithm>
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

  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return requests[a].bytes > requests[b].bytes; });
  std::vector<size_t> placed;
  for (size_t i : order) {
    const BufferRequest& r = requests[i];
    size_t size = aligned(r.bytes);
    // Placed buffers alive at the same time, by offset: take the first gap that fits.
    std::vector<size_t> clash;
    for (size_t p : placed)
      if (requests[p].first <= r.last && r.first <= requests[p].last) clash.push_back(p);
    std::sort(clash.begin(), clash.end(), [&](size_t a, size_t b) { return plan.offsets[a] < plan.offsets[b]; });
    size_t offset = 0;
    for (size_t p : clash) {
      size_t begin = plan.offsets[p], end = begin + aligned(requests[p].bytes);
      if (offset + size <= begin) break;
      offset = std::max(offset, end);
    }
    plan.offsets[i] = offset;
    plan.arena_bytes = std::max(plan.arena_bytes, offset + size);
    placed.push_back(i);
  }
  return plan;
}

}  // namespace ember
