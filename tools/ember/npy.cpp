#include "npy.h"

#include <cstring>
#include <fstream>

#include "io/file_util.h"

namespace ember {

namespace {
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
  DataType dtype;
  if (header.find("'<f4'") != std::string::npos) dtype = DataType::kFloat32;
  else if (header.find("'<i4'") != std::string::npos) dtype = DataType::kInt32;
  else if (header.find("'<i8'") != std::string::npos) dtype = DataType::kInt64;
  else return Unimplemented("file ", path, ": only float32, int32 and int64 .npy files are supported");
  std::vector<int64_t> dims;
  if (!ParseShape(header, &dims)) return ParseError("file ", path, ": cannot read the shape in the .npy header");
  Tensor t(dtype, DDim(dims));
  if (t.numel() < 0) return ParseError("file ", path, ": invalid shape");
  size_t data_start = header_start + header_len;
  if (buf.size() - data_start != t.nbytes())
    return ParseError("file ", path, ": data has ", buf.size() - data_start, " bytes, shape ", t.dims().ToString(),
                      " needs ", t.nbytes());
  EMBER_RETURN_IF_ERROR(t.Allocate());
  std::memcpy(t.raw_data(), buf.data() + data_start, t.nbytes());
  *out = std::move(t);
  return Status::OK();
}

Status WriteNpy(const std::string& path, const Tensor& t) {
  const char* descr = t.dtype() == DataType::kFloat32 ? "<f4" : t.dtype() == DataType::kInt32 ? "<i4"
                    : t.dtype() == DataType::kInt64 ? "<i8" : t.dtype() == DataType::kBool ? "|b1" : nullptr;
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
