// ONNX TensorProto reading: element types, raw / typed-field / external data, and constant values as numbers.
#include "io/onnx/tensor_proto.h"

#include <cstdint>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "framework/float16.h"
#include "io/file_util.h"
#include "framework/program_desc.h"

namespace ember {

const char* OnnxTypeName(int t) {
  static const char* kNames[] = {"UNDEFINED",      "FLOAT",          "UINT8",       "INT8",       "UINT16",
                                 "INT16",          "INT32",          "INT64",       "STRING",     "BOOL",
                                 "FLOAT16",        "DOUBLE",         "UINT32",      "UINT64",     "COMPLEX64",
                                 "COMPLEX128",     "BFLOAT16",       "FLOAT8E4M3FN", "FLOAT8E4M3FNUZ",
                                 "FLOAT8E5M2",     "FLOAT8E5M2FNUZ", "UINT4",       "INT4",       "FLOAT4E2M1",
                                 "FLOAT8E8M0",     "UINT2",          "INT2"};
  return t >= 0 && t < static_cast<int>(sizeof(kNames) / sizeof(kNames[0])) ? kNames[t] : "unknown";
}

bool EmberTypeOf(int t, DataType* out) {
  switch (t) {
    case kOnnxFloat: case kOnnxFloat16: case kOnnxDouble: *out = DataType::kFloat32; return true;
    case kOnnxUInt8: *out = DataType::kUInt8; return true;
    case kOnnxInt8: *out = DataType::kInt8; return true;
    case kOnnxInt32: *out = DataType::kInt32; return true;
    case kOnnxInt64: *out = DataType::kInt64; return true;
    case kOnnxBool: *out = DataType::kBool; return true;
    default: return false;
  }
}


std::string DirName(const std::string& path) {
  size_t p = path.find_last_of('/');
  return p == std::string::npos ? "." : path.substr(0, p);
}

namespace {

// The bytes of a tensor stored in an external file beside the model (data_location EXTERNAL).
Status ReadExternalData(const onnx::TensorProto& tp, const std::string& dir, const std::string& what,
                        std::string* external) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto& kv : tp.external_data()) {
    if (kv.key() == "location") location = kv.value();
    else if (kv.key() == "offset") offset = std::atoll(kv.value().c_str());
    else if (kv.key() == "length") length = std::atoll(kv.value().c_str());
  }
  if (location.empty()) return ParseError(what, ": external data without a location");
  if (dir.empty())
    return InvalidArgument(what, ": external data file ", Quote(location),
                           " cannot be read for a model loaded from memory: load the model by its path");
  if (location.find("..") != std::string::npos || location[0] == '/')
    return ParseError(what, ": external data location ", Quote(location), " must be a file beside the model");
  const std::string path = dir + "/" + location;
  // Only the tensor's bytes: reading the whole file per tensor was quadratic in a model's external weights.
  Status read = ReadFileRange(path, offset, length, external);
  if (read.code() == StatusCode::kNotFound) return NotFound(what, ": cannot read external data file ", path);
  if (!read.ok()) return ParseError(what, ": external data ", read.message());
  return Status::OK();
}

// n values of ONNX type t from raw little-endian bytes into dst (float16 and double become float32).
void CopyRaw(const std::string& raw, int t, int64_t n, void* dst) {
  if (t == kOnnxFloat16) {
    float* f = static_cast<float*>(dst);
    for (int64_t i = 0; i < n; ++i) {
      uint16_t bits;
      std::memcpy(&bits, raw.data() + 2 * i, 2);
      f[i] = HalfToFloat(bits);
    }
  } else if (t == kOnnxDouble) {
    float* f = static_cast<float*>(dst);
    for (int64_t i = 0; i < n; ++i) {
      double v;
      std::memcpy(&v, raw.data() + 8 * i, 8);
      f[i] = static_cast<float>(v);
    }
  } else if (n > 0) {
    std::memcpy(dst, raw.data(), raw.size());
  }
}

}  // namespace

namespace {

// Raw bytes Ember holds as they are (no float16 / double widening), exactly dims' size and aligned to the element:
// the tensor can take the proto's buffer.
bool CanAdoptRawData(const onnx::TensorProto& tp, DataType* dt, std::vector<int64_t>* dims) {
  if (!tp.has_raw_data() || tp.data_location() == 1 || tp.has_segment() || !EmberTypeOf(tp.data_type(), dt) ||
      tp.data_type() == kOnnxFloat16 || tp.data_type() == kOnnxDouble || tp.raw_data().empty())
    return false;
  const size_t esz = SizeOf(*dt);
  uint64_t n = 1;
  for (int64_t d : tp.dims()) {
    if (d < 0 || (d > 0 && n > tp.raw_data().size() / static_cast<uint64_t>(d))) return false;
    n *= static_cast<uint64_t>(d);
  }
  dims->assign(tp.dims().begin(), tp.dims().end());
  return n * esz == tp.raw_data().size() && reinterpret_cast<uintptr_t>(tp.raw_data().data()) % esz == 0;
}

}  // namespace

Status TensorFromProtoTakingBytes(onnx::TensorProto* tp, const std::string& dir, const std::string& what,
                                  Tensor* out) {
  DataType dt;
  std::vector<int64_t> dims;
  if (!CanAdoptRawData(*tp, &dt, &dims)) return TensorFromProto(*tp, dir, what, out);
  auto bytes = std::make_shared<std::string>(std::move(*tp->mutable_raw_data()));
  tp->clear_raw_data();
  out->Resize(DDim(dims));
  out->set_dtype(dt);
  out->UseBlock(std::make_shared<Allocation>(&(*bytes)[0], bytes->size(), bytes), 0, bytes->size());
  return Status::OK();
}

Status TensorFromProto(const onnx::TensorProto& tp, const std::string& dir, const std::string& what, Tensor* out) {
  DataType dt;
  if (!EmberTypeOf(tp.data_type(), &dt))
    return Unimplemented(what, ": element type ", OnnxTypeName(tp.data_type()), " (", tp.data_type(),
                         ") is not supported");
  std::vector<int64_t> dims(tp.dims().begin(), tp.dims().end());
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0) return ParseError(what, ": negative dim ", d);
    if (d > 0 && n > std::numeric_limits<int64_t>::max() / d) return ParseError(what, ": dims overflow");
    n *= d;
  }
  if (tp.has_segment()) return Unimplemented(what, ": segmented tensors are not supported");
  // Raw bytes: from raw_data or an external file.
  std::string external;
  const std::string* raw = tp.has_raw_data() ? &tp.raw_data() : nullptr;
  if (tp.data_location() == 1) {
    EMBER_RETURN_IF_ERROR(ReadExternalData(tp, dir, what, &external));
    raw = &external;
  }
  const int t = tp.data_type();
  auto count_check = [&](int64_t have) -> Status {
    if (have != n) return ParseError(what, ": holds ", have, " values but its dims ", DDim(dims).ToString(),
                                     " need ", n);
    return Status::OK();
  };
  // The data must be there before memory is allocated for it: a few bytes of model cannot ask for gigabytes.
  const size_t esz = t == kOnnxFloat16 ? 2 : t == kOnnxDouble ? 8 : SizeOf(dt);
  if (raw && (static_cast<uint64_t>(n) > raw->size() / esz || raw->size() != static_cast<size_t>(n) * esz))
    return ParseError(what, ": raw data has ", raw->size(), " bytes but dims ", DDim(dims).ToString(), " of ",
                      OnnxTypeName(t), " need ", static_cast<uint64_t>(n), " x ", esz);
  if (!raw) {
    int64_t values = int64_t{tp.float_data_size()} + tp.int32_data_size() + tp.int64_data_size() +
                     tp.double_data_size() + tp.uint64_data_size() + tp.string_data_size();
    if (n > values) EMBER_RETURN_IF_ERROR(count_check(values));
  }
  out->Resize(DDim(dims));
  out->set_dtype(dt);
  Status allocated = out->Allocate();
  if (!allocated.ok()) return allocated.Prepend(what + ": ");
  void* dst = out->raw_data();
  if (raw) {
    CopyRaw(*raw, t, n, dst);
    return Status::OK();
  }
  switch (t) {
    case kOnnxFloat:
      EMBER_RETURN_IF_ERROR(count_check(tp.float_data_size()));
      for (int64_t i = 0; i < n; ++i) static_cast<float*>(dst)[i] = tp.float_data(static_cast<int>(i));
      break;
    case kOnnxDouble:
      EMBER_RETURN_IF_ERROR(count_check(tp.double_data_size()));
      for (int64_t i = 0; i < n; ++i) static_cast<float*>(dst)[i] = static_cast<float>(tp.double_data(static_cast<int>(i)));
      break;
    case kOnnxInt64:
      EMBER_RETURN_IF_ERROR(count_check(tp.int64_data_size()));
      for (int64_t i = 0; i < n; ++i) static_cast<int64_t*>(dst)[i] = tp.int64_data(static_cast<int>(i));
      break;
    case kOnnxFloat16:
      EMBER_RETURN_IF_ERROR(count_check(tp.int32_data_size()));
      for (int64_t i = 0; i < n; ++i)
        static_cast<float*>(dst)[i] = HalfToFloat(static_cast<uint16_t>(tp.int32_data(static_cast<int>(i))));
      break;
    default:  // int32, int8, uint8, bool (all carried in int32_data)
      EMBER_RETURN_IF_ERROR(count_check(tp.int32_data_size()));
      for (int64_t i = 0; i < n; ++i) {
        int32_t v = tp.int32_data(static_cast<int>(i));
        switch (dt) {
          case DataType::kInt32: static_cast<int32_t*>(dst)[i] = v; break;
          case DataType::kInt8: static_cast<int8_t*>(dst)[i] = static_cast<int8_t>(v); break;
          case DataType::kUInt8: static_cast<uint8_t*>(dst)[i] = static_cast<uint8_t>(v); break;
          case DataType::kBool: static_cast<bool*>(dst)[i] = v != 0; break;
          default: break;
        }
      }
  }
  return Status::OK();
}

std::vector<int64_t> ToInts(const Tensor& t) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < t.numel(); ++i) {
    switch (t.dtype()) {
      case DataType::kInt64: v.push_back(t.data<int64_t>()[i]); break;
      case DataType::kInt32: v.push_back(t.data<int32_t>()[i]); break;
      case DataType::kFloat32: {  // saturated (NaN as 0): a float beyond int64 must not reach the cast
        const float f = t.data<float>()[i];
        v.push_back(!(f == f) ? 0 : f >= 9.2e18f ? INT64_MAX : f <= -9.2e18f ? INT64_MIN : static_cast<int64_t>(f));
        break;
      }
      case DataType::kBool: v.push_back(t.data<bool>()[i]); break;
      case DataType::kInt8: v.push_back(t.data<int8_t>()[i]); break;
      case DataType::kUInt8: v.push_back(t.data<uint8_t>()[i]); break;
      default: break;
    }
  }
  return v;
}

std::vector<double> ToDoubles(const Tensor& t) {
  std::vector<double> v;
  if (t.dtype() == DataType::kFloat32) {
    for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.data<float>()[i]);
  } else {
    for (int64_t x : ToInts(t)) v.push_back(static_cast<double>(x));
  }
  return v;
}

}  // namespace ember
