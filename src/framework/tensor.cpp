#include "framework/tensor.h"

#include <atomic>
#include <cstdlib>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace ember {

namespace {
// The bound covers every live tensor and arena Ember allocated, process-wide: a model (or many predictors)
// cannot make Ember hold more than this, whatever the shapes say. Weights used in place (mmap, caller
// buffers) are not allocations and do not count.
// 4 GiB on 64-bit targets; 2 GiB on 32-bit ones (armv7), where 4 << 30 does not fit a size_t.
constexpr size_t kDefaultMemoryLimit = sizeof(size_t) >= 8 ? static_cast<size_t>(uint64_t{4} << 30) : size_t{1} << 31;
std::atomic<size_t> g_memory_limit{kDefaultMemoryLimit};
std::atomic<size_t> g_memory_in_use{0};

std::atomic<long> g_fail_after{-1};

// Blocks this large are mapped pages of their own, returned to the system when freed. From malloc, a freed
// filter (ModelOptions::release_packed_weights) raised glibc's mmap threshold to its size, the packed copies
// made after it came from the heap, and the heap's holes stayed resident: 3-7 MiB of peak RSS on ncnn's
// benchmark graphs (shufflenet_v2 26.5 -> 22.2 MiB with mapped weights).
constexpr size_t kMapBytes = size_t{64} << 10;

void* MapPages(size_t size) {
#if defined(__unix__) || defined(__APPLE__)
  void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
#else
  return std::aligned_alloc(Tensor::kAlignment, size);
#endif
}

void FreeBlock(void* p, size_t size, bool mapped) {
#if defined(__unix__) || defined(__APPLE__)
  if (mapped) {
    munmap(p, size);
    return;
  }
#endif
  (void)size, (void)mapped;
  std::free(p);
}

// A 64-byte aligned block, counted against the limit; nullptr and *error set when it cannot be had.
std::shared_ptr<Allocation> AllocateAligned(size_t bytes, Status* error) {
  if (g_fail_after.load(std::memory_order_relaxed) >= 0 && g_fail_after.fetch_sub(1) <= 0) {
    g_fail_after = 0;
    *error = OutOfMemory("out of memory allocating ", bytes, " bytes (injected failure)");
    return nullptr;
  }
  size_t size = (bytes + Tensor::kAlignment - 1) / Tensor::kAlignment * Tensor::kAlignment;
  if (size == 0) size = Tensor::kAlignment;
  const size_t limit = g_memory_limit.load();
  const size_t before = g_memory_in_use.fetch_add(size);
  if (size > limit || before > limit - size) {
    g_memory_in_use.fetch_sub(size);
    *error = OutOfMemory(bytes, " more bytes would exceed the tensor memory limit of ", limit, " bytes (",
                         before, " in use)");
    return nullptr;
  }
  const bool mapped = size >= kMapBytes;
  void* p = mapped ? MapPages(size) : std::aligned_alloc(Tensor::kAlignment, size);
  if (!p) {
    g_memory_in_use.fetch_sub(size);
    *error = OutOfMemory("out of memory allocating ", bytes, " bytes");
    return nullptr;
  }
  try {
    return std::make_shared<Allocation>(p, size, true, mapped);
  } catch (const std::bad_alloc&) {
    FreeBlock(p, size, mapped);
    g_memory_in_use.fetch_sub(size);
    *error = OutOfMemory("out of memory allocating ", bytes, " bytes");
    return nullptr;
  }
}
}  // namespace

Allocation::~Allocation() {
  if (owned_) {
    FreeBlock(ptr_, size_, mapped_);
    g_memory_in_use.fetch_sub(size_);
  }
  if (release_) release_(ptr_, size_);
}

void Allocation::DiscardPages(const void* p, size_t n) const {
#if defined(__unix__) || defined(__APPLE__)
  const uintptr_t begin = reinterpret_cast<uintptr_t>(p), base = reinterpret_cast<uintptr_t>(ptr_);
  if (!file_pages_ || begin < base || n > size_ || begin - base > size_ - n) return;
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t first = (begin + page - 1) / page * page, last = (begin + n) / page * page;
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
#else
  (void)p, (void)n;
#endif
}

Status AllocateBlock(size_t bytes, std::shared_ptr<Allocation>* out) {
  Status error;
  *out = AllocateAligned(bytes, &error);
  return *out ? Status::OK() : error;
}

void SetAllocationFailureAfter(long n) { g_fail_after = n; }

void SetTensorMemoryLimit(size_t bytes) { g_memory_limit = bytes; }
size_t TensorMemoryLimit() { return g_memory_limit; }
size_t TensorMemoryInUse() { return g_memory_in_use; }

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
  Status error;
  auto block = AllocateAligned(nbytes(), &error);
  if (!block) return OutOfMemory("tensor of shape ", dims_.ToString(), ": ", error.message());
  holder_ = std::move(block);
  offset_ = 0;
  capacity_ = holder_->size();
  return Status::OK();
}

void* Tensor::raw_mutable_data() {
  if (!initialized()) {
    int64_t n = numel();
    if (n < 0 || static_cast<uint64_t>(n) > g_memory_limit / SizeOf(dtype_))
      throw TensorAllocError(StrCat("tensor of shape ", dims_.ToString(), " exceeds the tensor memory limit"));
    Status error;
    auto block = AllocateAligned(nbytes(), &error);
    if (!block) throw TensorAllocError(StrCat("tensor of shape ", dims_.ToString(), ": ", error.message()));
    holder_ = std::move(block);
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
