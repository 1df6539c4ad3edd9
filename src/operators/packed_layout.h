// The packed-channel layouts: NCHWxc stores [N, C, H, W] as [N, ceil(C/x), H, W, x], so the x channels of one
// pixel are one vector: NCHW16c on x86 (one AVX-512 register), NCHW4c on ARM (one q register). Only the layout
// pass (src/passes/nchw16c_layout_pass.cpp) writes these data_format values, for the block the CPU's conv kernels
// report (ConvAccel::packed_block).
#pragma once

#include <cstdint>
#include <string>

namespace ember {

// 16 for "NCHW16c", 4 for "NCHW4c", else 0 (a planar layout).
inline int64_t PackedBlockOf(const std::string& data_format) {
  return data_format == "NCHW16c" ? 16 : data_format == "NCHW4c" ? 4 : 0;
}

inline const char* PackedFormatName(int64_t block) { return block == 16 ? "NCHW16c" : "NCHW4c"; }

// "NCHW16c [N, C/16, H, W, 16]" for the error messages.
inline const char* PackedShapeName(int64_t block) {
  return block == 16 ? "NCHW16c [N, C/16, H, W, 16]" : "NCHW4c [N, C/4, H, W, 4]";
}

}  // namespace ember
