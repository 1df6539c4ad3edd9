// A convolution on the int8 GEMM (cpu_accel.h's IgemmAccel), shared by conv2d_integer and quantized_conv2d:
// per image and group, Output^T [oh * ow, cout_g] = patches [oh * ow, R] x W^T [R, cout_g] with R ordered
// (kh, kw, c), so a patch row is kh * kw runs of cin_g bytes copied from a padded HWC copy of the input (the
// caller fills it: from int8 / uint8 values, or quantizing floats). C is stored into NCHW int32.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "framework/parallel.h"
#include "framework/scope.h"
#include "framework/tensor.h"
#include "operators/conv_op.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

struct IgemmConvPatches {
  const uint8_t* hwc;  // [in_h + pads][in_w + pads][cin_g]
  int64_t padded_w, cin_g;
  const ConvGeometry* g;
};

inline void FillIgemmConvPatches(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4) {
  const IgemmConvPatches& s = *static_cast<const IgemmConvPatches*>(ctx);
  const ConvGeometry& g = *s.g;
  const int64_t r = g.kernel_h * g.kernel_w * s.cin_g;
  // Without dilation a kernel row's kw pixels are adjacent in HWC: one run of kw * cin_g bytes.
  const bool whole_rows = g.dilation_w == 1;
  const size_t run = static_cast<size_t>(s.cin_g * (whole_rows ? g.kernel_w : 1));
  const int64_t runs = whole_rows ? 1 : g.kernel_w;
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t oh = (row0 + i) / g.out_w, ow = (row0 + i) % g.out_w;
    uint8_t* d = dst + i * k4;
    for (int64_t kh = 0; kh < g.kernel_h; ++kh) {
      const int64_t y = oh * g.stride_h + kh * g.dilation_h;
      for (int64_t kw = 0; kw < runs; ++kw, d += run)
        std::memcpy(d, s.hwc + (y * s.padded_w + ow * g.stride_w + kw * g.dilation_w) * s.cin_g, run);
    }
    std::memset(dst + i * k4 + r, 0, static_cast<size_t>(k4 - r));
  }
}

// A group's cin_g input planes `x` (bytes, each xor `flip`: 0x80 turns int8 into uint8 + 128) as padded HWC
// bytes into *hwc, the padding `pad`: 8 channels of a pixel written at once (byte stores a plane apart were half
// the GEMM's time on 256 channels); rows in parallel.
inline void ToPaddedHwc(const uint8_t* x, const ConvGeometry& g, uint8_t flip, uint8_t pad,
                        std::vector<uint8_t>* hwc) {
  const int64_t cin_g = g.in_c / g.groups, ph = g.in_h + g.pad_top + g.pad_bottom;
  const int64_t pw = g.in_w + g.pad_left + g.pad_right, plane = g.in_h * g.in_w;
  hwc->assign(static_cast<size_t>(ph * pw * cin_g), pad);
  uint8_t* base = hwc->data();
  ParallelFor(g.in_h, [&](int64_t h) {
    uint8_t* row = base + ((h + g.pad_top) * pw + g.pad_left) * cin_g;
    const uint8_t* src = x + h * g.in_w;
    int64_t c = 0;
    for (; c + 8 <= cin_g; c += 8)
      for (int64_t w = 0; w < g.in_w; ++w) {
        uint8_t v[8];
        for (int t = 0; t < 8; ++t) v[t] = src[(c + t) * plane + w] ^ flip;
        std::memcpy(row + w * cin_g + c, v, 8);
      }
    for (; c < cin_g; ++c)
      for (int64_t w = 0; w < g.in_w; ++w) row[w * cin_g + c] = src[c * plane + w] ^ flip;
  });
}

// The filter [Cout, Cin/groups, kh, kw] (int8 or uint8) of each group as B [R (kh, kw, c), cout_g], packed; made
// once per model under `cache_key` in `scope` when the filter is a weight (key non-empty), else every call.
inline std::shared_ptr<const std::vector<Int8PackedB>> PackIgemmConvFilter(const Tensor& filter,
                                                                           const ConvGeometry& g,
                                                                           const IgemmAccel& a, const Scope* scope,
                                                                           const std::string& cache_key) {
  auto make = [&](size_t* bytes) -> std::shared_ptr<const void> {
    const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups, khw = g.kernel_h * g.kernel_w;
    const int64_t r = khw * cin_g;
    const uint8_t* w = static_cast<const uint8_t*>(filter.raw_data());
    auto v = std::make_shared<std::vector<Int8PackedB>>(static_cast<size_t>(g.groups));
    std::vector<uint8_t> b(static_cast<size_t>(r * cout_g));
    *bytes = 0;
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      for (int64_t o = 0; o < cout_g; ++o)
        for (int64_t c = 0; c < cin_g; ++c)
          for (int64_t t = 0; t < khw; ++t)
            b[static_cast<size_t>((t * cin_g + c) * cout_g + o)] = w[((grp * cout_g + o) * cin_g + c) * khw + t];
      Int8PackedB& packed = (*v)[static_cast<size_t>(grp)];
      a.pack_b(b.data(), filter.dtype() == DataType::kInt8, r, cout_g, cout_g, 1, &packed);
      *bytes += packed.data.size() + packed.col_sums.size() * sizeof(int32_t);
    }
    return v;
  };
  size_t unused = 0;
  return std::static_pointer_cast<const std::vector<Int8PackedB>>(cache_key.empty() ? make(&unused)
                                                                                    : scope->Derived(cache_key, make));
}

// One image's group: `hwc` its padded HWC bytes (A's values plus a_shift), C (int32) into y's NCHW planes of
// the group's output channels.
struct IgemmConvGroup {
  const uint8_t* hwc = nullptr;
  int32_t a_shift = 0;
  const int32_t* a_zp = nullptr;
  const int32_t* b_zp = nullptr;  // null, one, or one per output channel of the group (b_zp_per_col)
  bool b_zp_per_col = false;
  const Int8PackedB* b = nullptr;
  int32_t* y = nullptr;
};

inline void RunIgemmConvGroup(const ConvGeometry& g, const IgemmAccel& a, const IgemmConvGroup& q) {
  const IgemmConvPatches src{q.hwc, g.in_w + g.pad_left + g.pad_right, g.in_c / g.groups, &g};
  Int8GemmProblem p;
  p.m = g.out_h * g.out_w;
  p.fill_a = FillIgemmConvPatches;
  p.a_ctx = &src;
  p.a_shift = q.a_shift;
  p.a_zp = q.a_zp;
  p.b_zp = q.b_zp;
  p.b_zp_per_col = q.b_zp_per_col;
  p.b = q.b;
  p.c = q.y;  // C [pixel, channel] written into NCHW
  p.c_row_stride = 1;
  p.c_col_stride = g.out_h * g.out_w;
  a.run(p);
}

}  // namespace ember
