// ncnn's text .param and binary .param.bin parsers. Every count is bounded and every read checked, so a
// damaged file gives an error naming the file, the line (text) or layer index (binary) and the bad value.
#include "io/ncnn/ncnn_param.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace ember {

float NcnnParamDict::AsFloat(const NcnnValue& v, bool binary) {
  if (binary || v.is_float) return v.f;
  // An integer literal read as a float: ncnn reinterprets the bits (converters write some float arrays,
  // e.g. Yolov3DetectionOutput's mask, as the bit patterns 1077936128 = 3.0f). Small integers are meant
  // as numbers.
  if (v.i >= (1 << 24) || v.i <= -(1 << 24)) {
    float f;
    std::memcpy(&f, &v.i, 4);
    return f;
  }
  return static_cast<float>(v.i);
}

std::vector<int> NcnnParamDict::Ints(int id) const {
  std::vector<int> out;
  auto it = arrays.find(id);
  if (it == arrays.end()) return out;
  for (const auto& v : it->second) out.push_back(AsInt(v));
  return out;
}

std::vector<float> NcnnParamDict::Floats(int id) const {
  std::vector<float> out;
  auto it = arrays.find(id);
  if (it == arrays.end()) return out;
  for (const auto& v : it->second) out.push_back(AsFloat(v, binary));
  return out;
}

namespace {

// ---------------------------------------------------------------------------------------------------------
// Text .param
// ---------------------------------------------------------------------------------------------------------

bool ParseTextValue(const std::string& s, NcnnValue* v) {
  if (s.empty()) return false;
  bool is_float = s.find_first_of(".eE") != std::string::npos;
  const char* begin = s.c_str();
  char* end = nullptr;
  if (is_float) {
    double d = std::strtod(begin, &end);
    if (end != begin + s.size()) return false;
    v->is_float = true;
    v->f = static_cast<float>(d);
    // Saturated: converting an out-of-range (or NaN) double to int is undefined; an int parameter given
    // 1e99 then fails the layer's own range checks.
    v->i = std::isnan(d) ? 0 : d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN : static_cast<int32_t>(d);
  } else {
    long long x = std::strtoll(begin, &end, 10);
    if (end != begin + s.size() || x > INT32_MAX || x < INT32_MIN) return false;
    v->is_float = false;
    v->i = static_cast<int32_t>(x);
    v->f = static_cast<float>(x);
  }
  return true;
}

// Where a text parse error is: the file, the line and the layer.
std::string TextWhere(const std::string& path, int line_no, const NcnnLayer& L) {
  return StrCat(path, ": line ", line_no, " (layer ", Quote(L.name), ")");
}

// An array value `count,v1,v2,...` for id <= -23300.
Status ParseTextArray(const std::string& val, int id, const std::string& where, NcnnLayer* L) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t c = val.find(',', start);
    parts.push_back(val.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  NcnnValue count;
  if (!ParseTextValue(parts[0], &count) || count.is_float || count.i < 0 ||
      static_cast<size_t>(count.i) != parts.size() - 1)
    return ParseError(where, ": array ", id, " count ", Quote(parts[0]), " does not match its ", parts.size() - 1,
                      " values");
  std::vector<NcnnValue> arr(parts.size() - 1);
  for (size_t j = 1; j < parts.size(); ++j)
    if (!ParseTextValue(parts[j], &arr[j - 1])) return ParseError(where, ": bad array value ", Quote(parts[j]));
  L->pd.arrays[-id - 23300] = std::move(arr);
  return Status::OK();
}

// The `id=value` pairs after the blob names.
Status ParseTextParams(std::istringstream& ls, const std::string& where, NcnnLayer* L) {
  std::string kv;
  while (ls >> kv) {
    size_t eq = kv.find('=');
    NcnnValue key;
    if (eq == std::string::npos || !ParseTextValue(kv.substr(0, eq), &key) || key.is_float)
      return ParseError(where, ": bad parameter ", Quote(kv));
    const int id = key.i;
    const std::string val = kv.substr(eq + 1);
    if (id <= -23300) {
      EMBER_RETURN_IF_ERROR(ParseTextArray(val, id, where, L));
      continue;
    }
    if (id < 0 && id != -233) return ParseError(where, ": bad parameter id ", id);
    NcnnValue v;
    if (!ParseTextValue(val, &v)) return ParseError(where, ": bad value ", Quote(kv));
    L->pd.scalars[id] = v;
  }
  return Status::OK();
}

// One layer line: `type name n_in n_out in... out... id=value...`.
Status ParseTextLayer(const std::string& line, int line_no, const std::string& path, NcnnLayer* L) {
  std::istringstream ls(line);
  L->line = line_no;
  int nb = -1, nt = -1;
  if (!(ls >> L->type >> L->name >> nb >> nt) || nb < 0 || nt < 0 || nb > 4096 || nt > 4096)
    return ParseError(path, ": line ", line_no, ": expected 'type name n_in n_out ...', got ", Quote(line));
  const std::string where = TextWhere(path, line_no, *L);
  for (int j = 0; j < nb + nt; ++j) {
    std::string b;
    if (!(ls >> b)) return ParseError(where, ": missing blob names");
    (j < nb ? L->bottoms : L->tops).push_back(b);
  }
  return ParseTextParams(ls, where, L);
}

// ---------------------------------------------------------------------------------------------------------
// Binary .param.bin
// ---------------------------------------------------------------------------------------------------------

// The layer types in ncnn's registry order: the binary format stores this index.
const char* const kNcnnLayerTypes[] = {
    "AbsVal", "ArgMax", "BatchNorm", "Bias", "BNLL", "Concat", "Convolution", "Crop", "Deconvolution", "Dropout",
    "Eltwise", "ELU", "Embed", "Exp", "Flatten", "InnerProduct", "Input", "Log", "LRN", "MemoryData", "MVN",
    "Pooling", "Power", "PReLU", "Proposal", "Reduction", "ReLU", "Reshape", "ROIPooling", "Scale", "Sigmoid",
    "Slice", "Softmax", "Split", "SPP", "TanH", "Threshold", "Tile", "RNN", "LSTM", "BinaryOp", "UnaryOp",
    "ConvolutionDepthWise", "Padding", "Squeeze", "ExpandDims", "Normalize", "Permute", "PriorBox",
    "DetectionOutput", "Interp", "DeconvolutionDepthWise", "ShuffleChannel", "InstanceNorm", "Clip", "Reorg",
    "YoloDetectionOutput", "Quantize", "Dequantize", "Yolov3DetectionOutput", "PSROIPooling", "ROIAlign",
    "Packing", "Requantize", "Cast", "HardSigmoid", "SELU", "HardSwish", "Noop", "PixelShuffle", "DeepCopy",
    "Mish", "StatisticsPooling", "Swish", "Gemm", "GroupNorm", "LayerNorm", "Softplus", "GRU",
    "MultiHeadAttention", "GELU", "Convolution1D", "Pooling1D", "ConvolutionDepthWise1D", "Convolution3D",
    "ConvolutionDepthWise3D", "Pooling3D", "MatMul", "Deconvolution1D", "DeconvolutionDepthWise1D",
    "Deconvolution3D", "DeconvolutionDepthWise3D", "Einsum", "DeformableConv2D", "GLU", "Fold", "Unfold",
    "GridSample", "CumulativeSum",
};

// 32-bit words read in order; a short read names what was being read and where.
class BinReader {
 public:
  BinReader(const std::string& buf, const std::string& path) : buf_(buf), path_(path) {}
  bool ReadI32(int32_t* v) {
    if (pos_ + 4 > buf_.size()) return false;
    std::memcpy(v, buf_.data() + pos_, 4);
    pos_ += 4;
    return true;
  }
  Status Truncated(const char* what) const { return ParseError(path_, ": truncated at byte ", pos_, " reading ", what); }
  size_t size() const { return buf_.size(); }

 private:
  const std::string& buf_;
  const std::string& path_;
  size_t pos_ = 0;
};

// A layer's parameters: `id value` pairs (arrays: `id count values...`) up to the -233 end marker.
Status ParseBinaryParams(BinReader& r, const std::string& path, int li, NcnnLayer* L) {
  L->pd.binary = true;
  int32_t id = 0;
  if (!r.ReadI32(&id)) return r.Truncated("a parameter id");
  int guard = 0;
  while (id != -233) {
    if (++guard > 4096) return ParseError(path, ": layer ", li, ": too many parameters");
    if (id <= -23300) {
      int32_t len = 0;
      if (!r.ReadI32(&len)) return r.Truncated("an array length");
      if (len < 0 || static_cast<size_t>(len) * 4 > r.size()) return ParseError(path, ": layer ", li, ": bad array length ", len);
      std::vector<NcnnValue> arr(static_cast<size_t>(len));
      for (auto& v : arr) {
        if (!r.ReadI32(&v.i)) return r.Truncated("array values");
        std::memcpy(&v.f, &v.i, 4);
      }
      L->pd.arrays[-id - 23300] = std::move(arr);
    } else {
      if (id < 0) return ParseError(path, ": layer ", li, ": bad parameter id ", id);
      NcnnValue v;
      if (!r.ReadI32(&v.i)) return r.Truncated("a parameter value");
      std::memcpy(&v.f, &v.i, 4);
      L->pd.scalars[id] = v;
    }
    if (!r.ReadI32(&id)) return r.Truncated("a parameter id");
  }
  return Status::OK();
}

// One layer: type index, bottom and top counts, blob indexes, parameters.
Status ParseBinaryLayer(BinReader& r, const std::string& path, int li, int blob_count, NcnnLayer* L) {
  static const int n_types = static_cast<int>(sizeof(kNcnnLayerTypes) / sizeof(kNcnnLayerTypes[0]));
  L->line = li;
  int32_t typeindex = 0, nb = 0, nt = 0;
  if (!r.ReadI32(&typeindex) || !r.ReadI32(&nb) || !r.ReadI32(&nt)) return r.Truncated("a layer header");
  if (typeindex < 0 || typeindex >= n_types)
    return Unimplemented(path, ": layer ", li, ": layer type index ", typeindex,
                         " is not a built-in ncnn layer (custom layers are not supported)");
  if (nb < 0 || nt < 0 || nb > 4096 || nt > 4096)
    return ParseError(path, ": layer ", li, ": bad bottom/top counts ", nb, " ", nt);
  L->type = kNcnnLayerTypes[typeindex];
  L->name = StrCat(L->type, "_", li);
  for (int j = 0; j < nb + nt; ++j) {
    int32_t b = 0;
    if (!r.ReadI32(&b)) return r.Truncated("blob indexes");
    if (b < 0 || b >= blob_count)
      return ParseError(path, ": layer ", li, ": blob index ", b, " out of range [0, ", blob_count, ")");
    (j < nb ? L->bottoms : L->tops).push_back(StrCat("blob", b));
  }
  return ParseBinaryParams(r, path, li, L);
}

}  // namespace

Status ParseNcnnTextParam(const std::string& text, const std::string& path, std::vector<NcnnLayer>* layers,
                          int* blob_count) {
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  auto next_line = [&]() -> bool {
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos) return true;
    }
    return false;
  };
  if (!next_line()) return ParseError(path, ": empty file");
  {
    std::istringstream ls(line);
    int magic = 0;
    if (!(ls >> magic) || magic != kNcnnMagic)
      return ParseError(path, ": line ", line_no, ": magic must be ", kNcnnMagic, ", got ", Quote(line));
  }
  if (!next_line()) return ParseError(path, ": missing layer and blob counts");
  int layer_count = 0;
  {
    std::istringstream ls(line);
    if (!(ls >> layer_count >> *blob_count) || layer_count <= 0 || *blob_count <= 0 || layer_count > (1 << 20) ||
        *blob_count > (1 << 20))
      return ParseError(path, ": line ", line_no, ": bad layer/blob counts ", Quote(line));
  }
  for (int li = 0; li < layer_count; ++li) {
    if (!next_line()) return ParseError(path, ": expected ", layer_count, " layers, found ", li);
    NcnnLayer L;
    L.index = li;
    EMBER_RETURN_IF_ERROR(ParseTextLayer(line, line_no, path, &L));
    layers->push_back(std::move(L));
  }
  return Status::OK();
}

Status ParseNcnnBinaryParam(const std::string& buf, const std::string& path, std::vector<NcnnLayer>* layers,
                            int* blob_count) {
  BinReader r(buf, path);
  int32_t magic = 0, layer_count = 0;
  if (!r.ReadI32(&magic)) return r.Truncated("magic");
  if (magic != kNcnnMagic) return ParseError(path, ": magic must be ", kNcnnMagic, ", got ", magic);
  if (!r.ReadI32(&layer_count) || !r.ReadI32(blob_count)) return r.Truncated("layer and blob counts");
  if (layer_count <= 0 || *blob_count <= 0 || layer_count > (1 << 20) || *blob_count > (1 << 20))
    return ParseError(path, ": bad layer/blob counts ", layer_count, " ", *blob_count);
  for (int li = 0; li < layer_count; ++li) {
    NcnnLayer L;
    L.index = li;
    EMBER_RETURN_IF_ERROR(ParseBinaryLayer(r, path, li, *blob_count, &L));
    layers->push_back(std::move(L));
  }
  return Status::OK();
}

}  // namespace ember
