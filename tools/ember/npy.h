// Minimal .npy reader/writer (format versions 1-3, little-endian float32/int32/int64, C order) and raw
// little-endian float32 .bin files, for the ember CLI.
#pragma once

#include <string>

#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

Status ReadNpy(const std::string& path, Tensor* out);
Status WriteNpy(const std::string& path, const Tensor& t);
// Raw float32; `dims` gives the shape (its element count must match the file size).
Status ReadRawFloat32(const std::string& path, const DDim& dims, Tensor* out);
Status WriteRaw(const std::string& path, const Tensor& t);

}  // namespace ember
