// DDim: a tensor's shape. Dims in a VarDesc may be -1 (unknown until the input shape is known).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace ember {

class DDim {
 public:
  DDim() = default;
  DDim(std::initializer_list<int64_t> dims) : d_(dims) {}
  explicit DDim(std::vector<int64_t> dims) : d_(std::move(dims)) {}

  int size() const { return static_cast<int>(d_.size()); }
  int64_t operator[](int i) const { return d_[static_cast<size_t>(i)]; }
  int64_t& operator[](int i) { return d_[static_cast<size_t>(i)]; }
  const std::vector<int64_t>& vec() const { return d_; }
  std::vector<int64_t>& vec() { return d_; }

  // Product of dims; 1 for a scalar (rank 0). -1 if a dim is negative or the product overflows.
  int64_t numel() const;
  // Product of dims [begin, end).
  int64_t Product(int begin, int end) const;
  bool HasUnknown() const;
  std::string ToString() const;  // "[1,3,224,224]"

  bool operator==(const DDim& o) const { return d_ == o.d_; }
  bool operator!=(const DDim& o) const { return d_ != o.d_; }

 private:
  std::vector<int64_t> d_;
};

}  // namespace ember
