// Numpy-style (multidirectional) broadcasting for the ONNX-semantics ops (compare, where, expand): output
// dims from right-aligned inputs, and per-input element strides that are 0 along broadcast dims.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/ddim.h"
#include "framework/status.h"

namespace ember {

inline Status BroadcastDims(const std::vector<DDim>& ins, DDim* out) {
  int rank = 0;
  for (const auto& d : ins) rank = std::max(rank, d.size());
  std::vector<int64_t> o(static_cast<size_t>(rank), 1);
  for (const auto& d : ins) {
    int off = rank - d.size();
    for (int i = 0; i < d.size(); ++i) {
      int64_t& od = o[static_cast<size_t>(off + i)];
      if (d[i] == od || d[i] == 1) continue;
      if (od != 1) {
        std::string all;
        for (const auto& x : ins) all += (all.empty() ? "" : " and ") + x.ToString();
        return InvalidArgument("shapes ", all, " do not broadcast");
      }
      od = d[i];
    }
  }
  *out = DDim(o);
  return Status::OK();
}

// Element strides of `in` as seen from an output of dims `out` (0 where `in` is broadcast).
inline std::vector<int64_t> BroadcastStrides(const DDim& in, const DDim& out) {
  std::vector<int64_t> s(static_cast<size_t>(out.size()), 0);
  int64_t stride = 1;
  for (int i = in.size() - 1; i >= 0; --i) {
    int oi = out.size() - in.size() + i;
    s[static_cast<size_t>(oi)] = in[i] == 1 ? 0 : stride;
    stride *= in[i];
  }
  return s;
}

// Calls f(out_index, offsets) for every output element, offsets[k] indexing input k.
template <size_t K, typename F>
inline void ForEachBroadcast(const DDim& out, const std::vector<int64_t> (&strides)[K], F&& f) {
  const int rank = out.size();
  const int64_t n = out.numel();
  std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
  int64_t off[K] = {};
  for (int64_t i = 0; i < n; ++i) {
    f(i, off);
    for (int d = rank - 1; d >= 0; --d) {
      size_t ud = static_cast<size_t>(d);
      if (++idx[ud] < out[d]) {
        for (size_t k = 0; k < K; ++k) off[k] += strides[k][ud];
        break;
      }
      for (size_t k = 0; k < K; ++k) off[k] -= strides[k][ud] * (out[d] - 1);
      idx[ud] = 0;
    }
  }
}

}  // namespace ember
