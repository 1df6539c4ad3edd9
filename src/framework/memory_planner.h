// Activation memory planning: places tensors with known sizes and lifetimes (first and last op step that
// touches them) at offsets in one arena so that tensors alive at the same time never overlap. Greedy by
// size, as TFLite Micro's planner: the largest buffers are placed first, each at the lowest offset that
// does not collide with an already placed buffer whose lifetime intersects its own.
#pragma once

#include <cstddef>
#include <vector>

namespace ember {

struct BufferRequest {
  size_t bytes = 0;
  int first = 0;  // first step that writes it
  int last = 0;   // last step that reads it (inclusive)
};

struct MemoryPlan {
  std::vector<size_t> offsets;  // per request, aligned to `alignment`
  size_t arena_bytes = 0;       // planned peak
  size_t lower_bound = 0;       // the largest sum of simultaneously live buffers (no plan can do better)
  size_t naive_bytes = 0;       // every buffer its own memory
};

MemoryPlan PlanMemory(const std::vector<BufferRequest>& requests, size_t alignment = 64);

}  // namespace ember
