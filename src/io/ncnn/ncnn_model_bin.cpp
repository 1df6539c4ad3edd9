// ncnn's .bin reader: bounds-checked reads of each storage format (see ncnn_model_bin.h).
#include "io/ncnn/ncnn_model_bin.h"

#include <cstring>

#include "framework/float16.h"

namespace ember {

Status NcnnModelBin::Load(int64_t n, int type, std::vector<float>* out, bool* int8) {
  if (int8) *int8 = false;
  if (n < 0) return InvalidArgument(path_, ": negative weight size ", n);
  out->assign(static_cast<size_t>(n), 0.f);
  if (type == 1) return ReadFloats(n, out->data());
  uint32_t tag = 0;
  EMBER_RETURN_IF_ERROR(Read(&tag, 4, "a weight storage flag"));
  const unsigned char* f = reinterpret_cast<const unsigned char*>(&tag);
  if (tag == 0x01306B47u) {
    const size_t bytes = Align4(static_cast<size_t>(n) * 2);
    EMBER_RETURN_IF_ERROR(Check(bytes, "float16 weights"));
    for (int64_t i = 0; i < n; ++i) {
      uint16_t h;
      std::memcpy(&h, buf_->data() + pos_ + 2 * i, 2);
      (*out)[static_cast<size_t>(i)] = HalfToFloat(h);
    }
    pos_ += bytes;
    return Status::OK();
  }
  if (tag == 0x000D4B38u) {
    const size_t bytes = Align4(static_cast<size_t>(n));
    EMBER_RETURN_IF_ERROR(Check(bytes, "int8 weights"));
    for (int64_t i = 0; i < n; ++i)
      (*out)[static_cast<size_t>(i)] = static_cast<float>(static_cast<int8_t>((*buf_)[pos_ + static_cast<size_t>(i)]));
    pos_ += bytes;
    if (int8) *int8 = true;
    return Status::OK();
  }
  if (tag == 0x0002C056u) return ReadFloats(n, out->data());
  if (f[0] + f[1] + f[2] + f[3] != 0) {  // quantized: value table + indexes
    float table[256];
    EMBER_RETURN_IF_ERROR(Read(table, sizeof(table), "a quantization table"));
    const size_t bytes = Align4(static_cast<size_t>(n));
    EMBER_RETURN_IF_ERROR(Check(bytes, "quantized weight indexes"));
    for (int64_t i = 0; i < n; ++i)
      (*out)[static_cast<size_t>(i)] = table[static_cast<unsigned char>((*buf_)[pos_ + static_cast<size_t>(i)])];
    pos_ += bytes;
    return Status::OK();
  }
  return ReadFloats(n, out->data());
}

Status NcnnModelBin::Check(size_t bytes, const char* what) const {
  if (bytes > buf_->size() - pos_)
    return ParseError(path_, ": truncated: ", what, " need ", bytes, " bytes at offset ", pos_, ", file has ",
                      buf_->size());
  return Status::OK();
}

Status NcnnModelBin::Read(void* dst, size_t bytes, const char* what) {
  EMBER_RETURN_IF_ERROR(Check(bytes, what));
  std::memcpy(dst, buf_->data() + pos_, bytes);
  pos_ += bytes;
  return Status::OK();
}

}  // namespace ember
