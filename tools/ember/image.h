// Image files (PNG, JPEG, BMP via stb_image) to NCHW float tensors for the ember CLI.
#pragma once

#include <string>

#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

bool IsImagePath(const std::string& path);
// Decodes, converts to `channels` (1 = gray, 3 = RGB), resizes to height x width, and maps each 8-bit
// value v to v / 255 * scale + bias. Output shape [1, channels, height, width].
Status LoadImageTensor(const std::string& path, int channels, int height, int width, float scale, float bias,
                       Tensor* out);

}  // namespace ember
