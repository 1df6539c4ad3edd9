#include "npy.h"

#include <cstring>
#include <fstream>

#include "framework/float16.h"
#include "io/file_util.h"

namespace ember {

namespace {
// A .npy descr: the Ember type it loads as, and the bytes per element in the file (float16 and float64 are
// widened / narrowed to float32, as the model loaders do).
struct NpyType {
  const char* descr;
  DataType type;
  size_t file_size;
};
constexpr NpyType kNpyTypes[] = {{"<f4", DataType::kFloat32, 4}, {"<i4", DataType::kInt32, 4},
                                 {"<i8", DataType::kInt64, 8},   {"|b1", DataType::kBool, 1},
                                 {"|i1", DataType::kInt8, 1},    {"|u1", DataType::kUInt8, 1},
                                 {"<f2", DataType::kFloat32, 2}, {"<f8", DataType::kFloat32, 8}};

const NpyType* FindNpyType(const std::string& header) {
  for (const NpyType& t : kNpyTypes)
    if (header.find(std::string("'") + t.descr + "'") != std::string::npos) return &t;
  return nullptr;
}

// The file's elements into t (allocated), converting float16 / float64 to float32.
void CopyNpyData(const NpyType& nt, const char* src, Tensor* t) {
  if (nt.file_size == SizeOf(t->dtype())) {
    std::memcpy(t->raw_data(), src, t->nbytes());
    return;
  }
  float* dst = t->mutable_data<float>();
  for (int64_t i = 0; i < t->numel(); ++i) {
    if (nt.file_size == 2) {
      uint16_t h;
      std::memcpy(&h, src + 2 * i, 2);
      dst[i] = HalfToFloat(h);
    } else {
      double d;
      std::memcpy(&d, src + 8 * i, 8);
      dst[i] = static_cast<float>(d);
    }
  }
}

bool ParseShape(const std::string& header, std::vector<int64_t>* dims) {
  size_t p = header.find("'shape'");
  if (p == std::string::npos) return false;
  size_t open = header.find('(', p), close = header.find(')', p);
  if (open == std::string::npos || close == std::string::npos || close < open) return false;
  std::string body = header.substr(open + 1, close - open - 1);
  dims->clear();
  size_t i = 0;
  while (i < body.size()) {
    while (i < body.size() && (body[i] == ' ' || body[i] == ',')) ++i;
    if (i >= body.size()) break;
    size_t j = i;
    while (j < body.size() && body[j] >= '0' && body[j] <= '9') ++j;
    if (j == i || j - i > 15) return false;
    dims->push_back(std::stoll(body.substr(i, j - i)));
    i = j;
  }
  return true;
}
}  // namespace

Status ReadNpy(const std::string& path, Tensor* out) {
  std::string buf;
  EMBER_RETURN_IF_ERROR(ReadFileToString(path, &buf));
  if (buf.size() < 10 || buf.compare(0, 6, "\x93NUMPY") != 0) return ParseError("file ", path, ": not a .npy file");
  int major = static_cast<unsigned char>(buf[6]);
  size_t header_len, header_start;
  if (major == 1) {
    header_len = static_cast<unsigned char>(buf[8]) | (static_cast<unsigned char>(buf[9]) << 8);
    header_start = 10;
  } else {
    if (buf.size() < 12) return ParseError("file ", path, ": truncated .npy header");
    uint32_t l;
    std::memcpy(&l, buf.data() + 8, 4);
    header_len = l;
    header_start = 12;
  }
  if (header_len > buf.size() - header_start) return ParseError("file ", path, ": truncated .npy header");
  std::string header = buf.substr(header_start, header_len);
  if (header.find("True") != std::string::npos) return Unimplemented("file ", path, ": fortran_order arrays are not supported");
  const NpyType* nt = FindNpyType(header);
  if (!nt)
    return Unimplemented("file ", path, ": .npy element type not supported (float32, float16, float64, int32, int64, "
                         "int8, uint8, bool are)");
  std::vector<int64_t> dims;
  if (!ParseShape(header, &dims)) return ParseError("file ", path, ": cannot read the shape in the .npy header");
  Tensor t(nt->type, DDim(dims));
  if (t.numel() < 0) return ParseError("file ", path, ": invalid shape");
  const size_t data_start = header_start + header_len, want = static_cast<size_t>(t.numel()) * nt->file_size;
  if (buf.size() - data_start != want)
    return ParseError("file ", path, ": data has ", buf.size() - data_start, " bytes, shape ", t.dims().ToString(),
                      " needs ", want);
  EMBER_RETURN_IF_ERROR(t.Allocate());
  CopyNpyData(*nt, buf.data() + data_start, &t);
  *out = std::move(t);
  return Status::OK();
}

Status WriteNpy(const std::string& path, const Tensor& t) {
  const char* descr = nullptr;
  for (const NpyType& nt : kNpyTypes)
    if (nt.type == t.dtype() && nt.file_size == SizeOf(t.dtype()) && !descr) descr = nt.descr;
  if (!descr) return Unimplemented("cannot write ", DataTypeName(t.dtype()), " to .npy");
  std::string shape = "(";
  for (int64_t d : t.dims().vec()) shape += std::to_string(d) + ",";
  if (t.dims().size() > 1) shape.pop_back();
  shape += ")";
  std::string header = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  std::ofstream f(path, std::ios::binary);
  if (!f) return NotFound("cannot write ", path);
  uint16_t len = static_cast<uint16_t>(header.size());
  f.write("\x93NUMPY\x01\x00", 8);
  f.write(reinterpret_cast<const char*>(&len), 2);
  f << header;
  f.write(static_cast<const char*>(t.raw_data()), static_cast<std::streamsize>(t.nbytes()));
  return f ? Status::OK() : NotFound("cannot write ", path);
}

Status ReadRawFloat32(const std::string& path, const DDim& dims, Tensor* out) {
  std::string buf;
  EMBER_RETURN_IF_ERROR(ReadFileToString(path, &buf));
  Tensor t(DataType::kFloat32, dims);
  if (t.numel() < 0) return InvalidArgument("file ", path, ": shape ", dims.ToString(), " is not fully known; pass --shape");
  if (buf.size() != t.nbytes())
    return InvalidArgument("file ", path, " has ", buf.size(), " bytes; shape ", dims.ToString(), " of float32 needs ",
                           t.nbytes());
  EMBER_RETURN_IF_ERROR(t.Allocate());
  std::memcpy(t.raw_data(), buf.data(), buf.size());
  *out = std::move(t);
  return Status::OK();
}

Status WriteRaw(const std::string& path, const Tensor& t) {
  std::ofstream f(path, std::ios::binary);
  f.write(static_cast<const char*>(t.raw_data()), static_cast<std::streamsize>(t.nbytes()));
  return f ? Status::OK() : NotFound("cannot write ", path);
}

}  // namespace ember
