// ncnn's .bin weights: the blocks each layer reads in order, in the storage formats ncnn writes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "framework/status.h"

namespace ember {

class NcnnModelBin {
 public:
  // `buf` must outlive the reader; `path` names it in error messages.
  NcnnModelBin(const std::string* buf, const std::string& path) : buf_(buf), path_(path) {}

  // ncnn's ModelBin::load(w, type): type 1 is raw float32; type 0 starts with a 4-byte tag: 0 = float32,
  // 0x01306B47 = float16, 0x000D4B38 = int8 (values returned as is; *int8 is set), 0x0002C056 = float32 with
  // extra scaling, any other non-zero tag = a 256-entry float table followed by one uint8 index per value.
  // Every block is padded to 4 bytes.
  Status Load(int64_t n, int type, std::vector<float>* out, bool* int8 = nullptr);
  size_t pos() const { return pos_; }
  size_t size() const { return buf_->size(); }

 private:
  static size_t Align4(size_t n) { return (n + 3) & ~static_cast<size_t>(3); }
  Status Check(size_t bytes, const char* what) const;
  Status Read(void* dst, size_t bytes, const char* what);
  Status ReadFloats(int64_t n, float* dst) { return Read(dst, static_cast<size_t>(n) * 4, "float32 weights"); }

  const std::string* buf_;
  const std::string path_;
  size_t pos_ = 0;
};

}  // namespace ember
