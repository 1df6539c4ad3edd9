// A convolution on the int8 GEMM (cpu_accel.h's IgemmAccel), shared by conv2d_integer and quantized_conv2d:
// per image and group, Output^T [oh * ow, cout_g] = patches [oh * ow, R] x W^T [R, cout_g] with R ordered
// (kh, kw, c), so a patch row is kh * kw runs of cin_g bytes copied from a padded HWC copy of the input (the
// caller fills it: from int8 / uint8 values, or quantizing floats). C is stored into NCHW int32.
#pragma once

#include <cstdint>
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

// Transposes the 8 x 8 bytes of r (r[t]'s byte k, counted from the least significant, becomes r[k]'s byte t): the
// 4 x 4, 2 x 2 and 1 x 1 blocks off the diagonal swapped in turn with 64-bit masks and shifts.
inline void Transpose8x8Bytes(uint64_t r[8]) {
  for (int i = 0; i < 4; ++i) {
    const uint64_t a = r[i], b = r[i + 4];
    r[i] = (a & 0x00000000FFFFFFFFull) | (b << 32);
    r[i + 4] = (a >> 32) | (b & 0xFFFFFFFF00000000ull);
  }
  for (int i : {0, 1, 4, 5}) {
    const uint64_t a = r[i], b = r[i + 2];
    r[i] = (a & 0x0000FFFF0000FFFFull) | ((b & 0x0000FFFF0000FFFFull) << 16);
    r[i + 2] = ((a >> 16) & 0x0000FFFF0000FFFFull) | (b & 0xFFFF0000FFFF0000ull);
  }
  for (int i = 0; i < 8; i += 2) {
    const uint64_t a = r[i], b = r[i + 1];
    r[i] = (a & 0x00FF00FF00FF00FFull) | ((b & 0x00FF00FF00FF00FFull) << 8);
    r[i + 1] = ((a >> 8) & 0x00FF00FF00FF00FFull) | (b & 0xFF00FF00FF00FF00ull);
  }
}

// A group's cin_g input planes `x` (bytes, each xor `flip`: 0x80 turns int8 into uint8 + 128) as padded HWC
// bytes into *hwc, the padding `pad`: 8 channels by 8 pixels at a time, read as eight 64-bit words and transposed
// (byte loads a plane apart were 8% of resnet18's int8 run; byte stores, earlier, half the GEMM's time on 256
// channels); rows in parallel.
inline void ToPaddedHwc(const uint8_t* x, const ConvGeometry& g, uint8_t flip, uint8_t pad,
                        std::vector<uint8_t>* hwc) {
  const int64_t cin_g = g.in_c / g.groups, ph = g.in_h + g.pad_top + g.pad_bottom;
  const int64_t pw = g.in_w + g.pad_left + g.pad_right, plane = g.in_h * g.in_w;
  const uint64_t flip8 = flip * 0x0101010101010101ull;
  hwc->assign(static_cast<size_t>(ph * pw * cin_g), pad);
  uint8_t* base = hwc->data();
  ParallelFor(g.in_h, [&](int64_t h) {
    uint8_t* row = base + ((h + g.pad_top) * pw + g.pad_left) * cin_g;
    const uint8_t* src = x + h * g.in_w;
    int64_t c = 0;
    for (; c + 8 <= cin_g; c += 8) {
      int64_t w = 0;
      for (; w + 8 <= g.in_w; w += 8) {
        uint64_t r[8];
        for (int t = 0; t < 8; ++t) {
          std::memcpy(&r[t], src + (c + t) * plane + w, 8);
          r[t] ^= flip8;
        }
        Transpose8x8Bytes(r);
        for (int k = 0; k < 8; ++k) std::memcpy(row + (w + k) * cin_g + c, &r[k], 8);
      }
      for (; w < g.in_w; ++w)
        for (int t = 0; t < 8; ++t) row[w * cin_g + c + t] = src[(c + t) * plane + w] ^ flip;
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
  // Optional: Int8GemmProblem::store_block, C's blocks handed over instead of stored into y.
  void (*store_block)(const void* ctx, int64_t r0, int64_t rows, int64_t c0, int64_t cols,
                      const int32_t* acc) = nullptr;
  const void* store_ctx = nullptr;
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
  p.store_block = q.store_block;
  p.store_ctx = q.store_ctx;
  a.run(p);
}

}  // namespace ember
