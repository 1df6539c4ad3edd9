// Tensor: a shape, an element type and 64-byte aligned storage that views may share.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "framework/data_type.h"
#include "framework/ddim.h"
#include "framework/status.h"

namespace ember {

// One block of memory. Owned blocks are freed with the last Tensor that shares them; external blocks
// (caller-owned or memory-mapped) are never freed by Ember.
class Allocation {
 public:
  using Releaser = void (*)(void* ptr, size_t size);
  // `mapped`: pages of its own (mmap), unmapped when freed.
  Allocation(void* ptr, size_t size, bool owned, bool mapped = false)
      : ptr_(ptr), size_(size), owned_(owned), mapped_(mapped) {}
  // Memory released by `release` (e.g. munmap for a memory-mapped file).
  Allocation(void* ptr, size_t size, Releaser release) : ptr_(ptr), size_(size), owned_(false), release_(release) {}
  // Memory that `keeper` owns (a loader's buffer adopted without a copy), released with it.
  Allocation(void* ptr, size_t size, std::shared_ptr<void> keeper)
      : ptr_(ptr), size_(size), owned_(false), keeper_(std::move(keeper)) {}
  ~Allocation();
  Allocation(const Allocation&) = delete;
  Allocation& operator=(const Allocation&) = delete;
  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }
  // A mapped model file whose bytes are used in place and never written (MapFile): DiscardPages gives back the
  // pages wholly inside [p, p + n) (a weight freed once packed); touched again, they read the file again.
  void set_file_pages() { file_pages_ = true; }
  void DiscardPages(const void* p, size_t n) const;

 private:
  void* ptr_;
  size_t size_;
  bool owned_;
  bool mapped_ = false;
  bool file_pages_ = false;
  Releaser release_ = nullptr;
  std::shared_ptr<void> keeper_;
};

// A 64-byte aligned block of `bytes` (limited like tensors): a predictor's activation arena.
Status AllocateBlock(size_t bytes, std::shared_ptr<Allocation>* out);

// Test hook (allocation-failure injection): after `n` more successful tensor/arena allocations, every
// further one fails as if memory ran out. A negative n turns injection off (the default).
void SetAllocationFailureAfter(long n);

// Bound on the total tensor and arena memory Ember holds at once, process-wide (default 4 GiB): an
// allocation that would pass it fails with OutOfMemory, so no model can make Ember allocate more.
void SetTensorMemoryLimit(size_t bytes);
size_t TensorMemoryLimit();
// Bytes of tensor and arena memory allocated by Ember and still alive.
size_t TensorMemoryInUse();

// What mutable_data throws when it cannot allocate: a bad_alloc that says why (the API turns it into an
// OutOfMemory status with this message).
class TensorAllocError : public std::bad_alloc {
 public:
  explicit TensorAllocError(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

class Tensor {
 public:
  static constexpr size_t kAlignment = 64;

  Tensor() = default;
  Tensor(DataType dtype, DDim dims) : dims_(std::move(dims)), dtype_(dtype) {}

  const DDim& dims() const { return dims_; }
  void Resize(const DDim& dims) { dims_ = dims; }
  DataType dtype() const { return dtype_; }
  void set_dtype(DataType t) { dtype_ = t; }
  int64_t numel() const { return dims_.numel(); }
  size_t nbytes() const;

  // True when storage large enough for dims x dtype is attached.
  bool initialized() const;

  // Attaches storage for the current dims and dtype (reusing what is there when it is large enough).
  // Fails with OutOfMemory over the limit, InvalidArgument for unknown or overflowing dims.
  Status Allocate();

  // Sets the dtype to T and returns writable storage, allocating when needed (throws std::bad_alloc when
  // it cannot; the Executor turns that into a Status). Call after Resize.
  template <typename T>
  T* mutable_data() {
    dtype_ = DataTypeOf<T>();
    return static_cast<T*>(raw_mutable_data());
  }
  void* mutable_data(DataType t) {
    dtype_ = t;
    return raw_mutable_data();
  }

  // Read access; nullptr when the dtype differs from T or nothing is attached.
  template <typename T>
  const T* data() const {
    if (dtype_ != DataTypeOf<T>() || !holder_) return nullptr;
    return reinterpret_cast<const T*>(static_cast<const char*>(holder_->ptr()) + offset_);
  }
  template <typename T>
  T* data() {
    if (dtype_ != DataTypeOf<T>() || !holder_) return nullptr;
    return reinterpret_cast<T*>(static_cast<char*>(holder_->ptr()) + offset_);
  }
  const void* raw_data() const {
    return holder_ ? static_cast<const char*>(holder_->ptr()) + offset_ : nullptr;
  }
  void* raw_data() { return holder_ ? static_cast<char*>(holder_->ptr()) + offset_ : nullptr; }

  // A view of rows [begin, end) of dim 0 that shares this tensor's storage.
  Tensor Slice(int64_t begin, int64_t end) const;
  // Makes this tensor a view of other's storage (dims and dtype copied too).
  void ShareDataWith(const Tensor& other);
  // Deep copy of dims, dtype and data.
  Status CopyFrom(const Tensor& other);
  // Wraps memory Ember does not own (no copy). The caller keeps it alive while the tensor is used.
  static Tensor FromExternal(void* data, DataType dtype, DDim dims);
  // Makes this tensor use bytes [offset, offset + capacity) of a shared block (a predictor's arena). Later
  // Allocate/mutable_data calls keep it while the dims fit, and allocate their own storage when not.
  void UseBlock(std::shared_ptr<Allocation> block, size_t offset, size_t capacity) {
    holder_ = std::move(block);
    offset_ = offset;
    capacity_ = capacity;
  }
  const Allocation* block() const { return holder_.get(); }
  // Drops the storage (dims and dtype stay).
  void Release() {
    holder_.reset();
    offset_ = 0;
    capacity_ = 0;
  }
  bool SharesStorageWith(const Tensor& o) const { return holder_ && holder_ == o.holder_; }
  // True when storage is attached and no other tensor (view, arena slot, weight) shares its block.
  bool OwnsStorageAlone() const { return holder_ && holder_.use_count() == 1; }

 private:
  void* raw_mutable_data();

  DDim dims_;
  DataType dtype_ = DataType::kFloat32;
  std::shared_ptr<Allocation> holder_;
  size_t offset_ = 0;
  size_t capacity_ = 0;  // bytes usable from offset_ (a view or arena slot may own less than the block)
};

}  // namespace ember
