#include "operators/kernel/vulkan/vk_arena.h"

#include <climits>

#include "framework/memory_planner.h"

namespace ember {
namespace vulkan {

namespace {
constexpr int kAlive = INT_MAX;  // a request not ended by the end of the run
constexpr int kMaxReplans = 3;
}  // namespace

// The dispatches logged since the last submit run after any host write made now: a host write's life starts at
// that submit. Submits happen between the arena's events, so the first event after one marks it exactly.
void ActivationArena::NoteSubmits(const Recorder& r) {
  if (r.submits() == submits_) return;
  submits_ = r.submits();
  segment_step_ = step_;
}

void ActivationArena::BeginRun(const Recorder& r) {
  requests_.clear();
  open_.clear();
  step_ = segment_step_ = 0;
  submits_ = r.submits();
  on_plan_ = memory_ != nullptr;
}

void ActivationArena::Log(const Tensor* t, size_t bytes, bool half, bool host_writes, const Recorder& r) {
  NoteSubmits(r);
  open_[t] = requests_.size();
  requests_.push_back({t, bytes, half, host_writes ? segment_step_ : step_, kAlive});
  ++step_;
}

std::unique_ptr<Buffer> ActivationArena::Take(const Tensor* t, size_t bytes, bool half, bool host_writes,
                                              const Recorder& r) {
  const size_t k = requests_.size();
  Log(t, bytes, half, host_writes, r);
  if (!on_plan_ || k >= slots_.size() || slots_[k].tensor != t || slots_[k].bytes < bytes ||
      slots_[k].half != half || !slots_[k].buffer || (host_writes && r.Logged(*slots_[k].buffer))) {
    on_plan_ = false;
    return nullptr;
  }
  return std::move(slots_[k].buffer);
}

void ActivationArena::End(const Tensor* t, const Recorder& r) {
  NoteSubmits(r);
  auto it = open_.find(t);
  if (it == open_.end()) return;
  requests_[it->second].last = step_++;
  open_.erase(it);
}

bool ActivationArena::Return(std::unique_ptr<Buffer>* b) {
  auto it = slot_of_.find((*b)->id());
  if (it == slot_of_.end()) return false;
  slots_[it->second].buffer = std::move(*b);
  return true;
}

bool ActivationArena::EndRun(Device* device) {
  if (on_plan_ || requests_.empty()) {
    if (on_plan_) replans_ = 0;
    return false;
  }
  if (replans_ >= kMaxReplans || !Plan(device).ok()) {  // the free list serves every run from now on
    memory_.reset();
    slots_.clear();
    slot_of_.clear();
    return false;
  }
  ++replans_;
  return true;
}

Status ActivationArena::Plan(Device* device) {
  memory_.reset();
  slots_.clear();
  slot_of_.clear();
  std::vector<BufferRequest> reqs;
  for (const Request& q : requests_) reqs.push_back({q.bytes, q.first, q.last == kAlive ? step_ : q.last});
  size_t alignment = 256;
  MemoryPlan plan = PlanMemory(reqs, alignment);
  std::shared_ptr<Memory> memory;
  EMBER_RETURN_IF_ERROR(Memory::Create(device, plan.arena_bytes, &memory));
  if (memory->alignment() != alignment) {  // a stricter device: placed again on its alignment
    alignment = memory->alignment();
    plan = PlanMemory(reqs, alignment);
    EMBER_RETURN_IF_ERROR(Memory::Create(device, plan.arena_bytes, &memory));
  }
  std::vector<Slot> slots;
  for (size_t k = 0; k < requests_.size(); ++k) {
    std::unique_ptr<Buffer> b;
    const Request& q = requests_[k];
    EMBER_RETURN_IF_ERROR(Buffer::CreateIn(memory, plan.offsets[k], q.bytes, &b, q.half));
    slot_of_[b->id()] = k;
    slots.push_back({q.tensor, q.bytes, q.half, std::move(b)});
  }
  memory_ = std::move(memory);
  slots_ = std::move(slots);
  return Status::OK();
}

}  // namespace vulkan
}  // namespace ember
