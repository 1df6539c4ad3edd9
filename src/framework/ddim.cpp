#include "framework/ddim.h"

#include <limits>

namespace ember {

int64_t DDim::Product(int begin, int end) const {
  int64_t p = 1;
  for (int i = begin; i < end; ++i) {
    int64_t v = d_[static_cast<size_t>(i)];
    if (v < 0) return -1;
    if (v != 0 && p > std::numeric_limits<int64_t>::max() / v) return -1;
    p *= v;
  }
  return p;
}

int64_t DDim::numel() const { return Product(0, size()); }

bool DDim::HasUnknown() const {
  for (int64_t v : d_)
    if (v < 0) return true;
  return false;
}

std::string DDim::ToString() const {
  std::string s = "[";
  for (size_t i = 0; i < d_.size(); ++i) {
    if (i) s += ",";
    s += std::to_string(d_[i]);
  }
  return s + "]";
}

}  // namespace ember
