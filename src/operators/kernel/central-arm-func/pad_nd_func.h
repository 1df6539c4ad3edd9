// Portable N-D pad: each output element maps back to an input index per dim (or to the pad value); its own
// reference.
#pragma once

#include <cstring>
#include <vector>

#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/pad_nd_op.h"

namespace ember {

inline Status PadNdCompute(const PadNdParam& p) {
  const DDim& in = p.x->dims();
  const DDim& od = p.out->dims();
  const int rank = in.size();
  const DataType dt = p.x->dtype();
  const size_t esz = SizeOf(dt);
  // The constant as bytes of X's type.
  std::vector<char> value(esz, 0);
  if (p.value_tensor) {
    std::memcpy(value.data(), p.value_tensor->raw_data(), esz);
  } else {
    VisitDataType(dt, [&](auto tag) {
      using T = decltype(tag);
      T v;
      if constexpr (std::is_floating_point<T>::value) v = static_cast<T>(p.pad_value);
      else v = ConvertValue<T>(p.pad_value);
      std::memcpy(value.data(), &v, esz);
    });
  }
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(dt));
  std::vector<int64_t> stride(static_cast<size_t>(rank), 1);
  for (int d = rank - 2; d >= 0; --d) stride[static_cast<size_t>(d)] = stride[static_cast<size_t>(d) + 1] * in[d + 1];
  const int64_t n = od.numel();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, off = 0;
    bool inside = true;
    for (int d = rank - 1; d >= 0; --d) {
      const size_t ud = static_cast<size_t>(d);
      int64_t c = rem % od[d] - p.before[ud];
      rem /= od[d];
      const int64_t len = in[d];
      if (c < 0 || c >= len) {
        if (p.mode == PadNdMode::kConstant) {
          inside = false;
          break;
        }
        if (p.mode == PadNdMode::kEdge) c = c < 0 ? 0 : len - 1;
        else if (p.mode == PadNdMode::kWrap) c = ((c % len) + len) % len;
        else c = c < 0 ? -c : 2 * (len - 1) - c;  // reflect (pads < len)
      }
      off += c * stride[ud];
    }
    std::memcpy(y + i * esz, inside ? x + off * esz : value.data(), esz);
  }
  return Status::OK();
}

}  // namespace ember
