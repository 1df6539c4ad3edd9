#include "framework/tensor.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace ember {

namespace {
std::atomic<size_t> g_memory_limit{size_t{4} << 30};

std::atomic<long> g_fail_after{-1};

std::shared_ptr<Allocation> AllocateAligned(size_t bytes) {
  if (g_fail_after.load(std::memory_order_relaxed) >= 0 && g_fail_after.fetch_sub(1) <= 0) {
    g_fail_after = 0;
    throw std::bad_alloc();
  }
  size_t size = (bytes + Tensor::kAlignment - 1) / Tensor::kAlignment * Tensor::kAlignment;
  if (size == 0) size = Tensor::kAlignment;
  void* p = std::aligned_alloc(Tensor::kAlignment, size);
  if (!p) throw std::bad_alloc();
  return std::make_shared<Allocation>(p, size, true);
}
}  // namespace

Allocation::~Allocation() {
  if (owned_) std::free(ptr_);
  if (release_) release_(ptr_, size_);
}

Status AllocateBlock(size_t bytes, std::shared_ptr<Allocation>* out) {
  if (bytes > g_memory_limit) return OutOfMemory(bytes, " bytes exceed the tensor memory limit of ", g_memory_limit.load());
  try {
    *out = AllocateAligned(bytes);
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory allocating ", bytes, " bytes");
  }
  return Status::OK();
}

void SetAllocationFailureAfter(long n) { g_fail_after = n; }

void SetTensorMemoryLimit(size_t bytes) { g_memory_limit = bytes; }
size_t TensorMemoryLimit() { return g_memory_limit; }

size_t Tensor::nbytes() const {
  int64_t n = numel();
  return n < 0 ? 0 : static_cast<size_t>(n) * SizeOf(dtype_);
}

bool Tensor::initialized() const {
  return holder_ && numel() >= 0 && capacity_ >= nbytes();
}

Status Tensor::Allocate() {
  int64_t n = numel();
  if (n < 0) return InvalidArgument("cannot allocate a tensor of shape ", dims_.ToString());
  if (static_cast<uint64_t>(n) > g_memory_limit / SizeOf(dtype_))
    return OutOfMemory("tensor of shape ", dims_.ToString(), " (", DataTypeName(dtype_),
                       ") exceeds the tensor memory limit of ", g_memory_limit.load(), " bytes");
  if (initialized()) return Status::OK();
  try {
    holder_ = AllocateAligned(nbytes());
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory allocating ", nbytes(), " bytes for shape ", dims_.ToString());
  }
  offset_ = 0;
  capacity_ = holder_->size();
  return Status::OK();
}

void* Tensor::raw_mutable_data() {
  if (!initialized()) {
    int64_t n = numel();
    if (n < 0 || static_cast<uint64_t>(n) > g_memory_limit / SizeOf(dtype_)) throw std::bad_alloc();
    holder_ = AllocateAligned(nbytes());
    offset_ = 0;
    capacity_ = holder_->size();
  }
  return static_cast<char*>(holder_->ptr()) + offset_;
}

Tensor Tensor::Slice(int64_t begin, int64_t end) const {
  Tensor t;
  t.dtype_ = dtype_;
  std::vector<int64_t> d = dims_.vec();
  if (d.empty() || begin < 0 || end > d[0] || begin > end) return t;  // empty: caller checks dims
  int64_t row = dims_.Product(1, dims_.size());
  d[0] = end - begin;
  t.dims_ = DDim(d);
  t.holder_ = holder_;
  size_t skip = static_cast<size_t>(begin * row) * SizeOf(dtype_);
  t.offset_ = offset_ + skip;
  t.capacity_ = capacity_ - skip;
  return t;
}

void Tensor::ShareDataWith(const Tensor& other) {
  dims_ = other.dims_;
  dtype_ = other.dtype_;
  holder_ = other.holder_;
  offset_ = other.offset_;
  capacity_ = other.capacity_;
}

Status Tensor::CopyFrom(const Tensor& other) {
  if (this == &other) return Status::OK();
  dims_ = other.dims_;
  dtype_ = other.dtype_;
  if (holder_ && other.holder_ && holder_ == other.holder_) holder_.reset();  // never copy onto itself
  EMBER_RETURN_IF_ERROR(Allocate());
  if (nbytes() && other.raw_data()) std::memcpy(raw_data(), other.raw_data(), nbytes());
  return Status::OK();
}

Tensor Tensor::FromExternal(void* data, DataType dtype, DDim dims) {
  Tensor t(dtype, std::move(dims));
  t.holder_ = std::make_shared<Allocation>(data, t.nbytes(), false);
  t.capacity_ = t.nbytes();
  return t;
}

}  // namespace ember
