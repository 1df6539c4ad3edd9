#include "image.h"

#include <algorithm>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO_WARNINGS
#include <stb_image.h>
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#include <stb_image_resize.h>

namespace ember {

bool IsImagePath(const std::string& path) {
  std::string p = path;
  std::transform(p.begin(), p.end(), p.begin(), ::tolower);
  for (const char* ext : {".png", ".jpg", ".jpeg", ".bmp"})
    if (p.size() > std::string(ext).size() && p.compare(p.size() - std::string(ext).size(), std::string::npos, ext) == 0)
      return true;
  return false;
}

Status LoadImageTensor(const std::string& path, int channels, int height, int width, float scale, float bias,
                       Tensor* out) {
  if (channels != 1 && channels != 3) return InvalidArgument("image input needs 1 or 3 channels, the model has ", channels);
  if (height <= 0 || width <= 0 || height > 16384 || width > 16384)
    return InvalidArgument("image input needs a known height and width; pass --shape");
  int w = 0, h = 0, n = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &n, channels);
  if (!pixels) return ParseError("cannot decode image ", path, ": ", stbi_failure_reason());
  std::vector<unsigned char> resized(static_cast<size_t>(height) * width * channels);
  int ok = stbir_resize_uint8(pixels, w, h, 0, resized.data(), width, height, 0, channels);
  stbi_image_free(pixels);
  if (!ok) return Internal("cannot resize image ", path);
  Tensor t(DataType::kFloat32, {1, channels, height, width});
  float* d = t.mutable_data<float>();
  for (int c = 0; c < channels; ++c)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        d[(static_cast<size_t>(c) * height + y) * width + x] =
            resized[(static_cast<size_t>(y) * width + x) * channels + c] / 255.f * scale + bias;
  *out = std::move(t);
  return Status::OK();
}

}  // namespace ember
