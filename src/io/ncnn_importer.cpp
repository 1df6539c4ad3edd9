// ncnn importer. Reads ncnn's graph formats (text .param, magic 7767517, and binary .param.bin) and its
// .bin weights and writes the same ProgramDesc the Paddle loader produces, so the passes, kernels and tools
// treat the three formats alike.
//
// Layout: an ncnn blob is one image without a batch dim: dims 1 = (w), 2 = (w, h), 3 = (w, h, c),
// 4 = (w, h, d, c). Ember gives each a batch dim of 1 and lists dims outermost first: [1, w], [1, h, w],
// [1, c, h, w], [1, c, d, h, w]. ncnn axes count from the outermost dim, so an ncnn axis a >= 0 is Ember
// axis a + 1 whatever the rank, and negative axes are the same in both.
//
// The importer tracks each blob's ncnn rank (from the layer rules, or from the -23330 shape hint when the
// file has one) because a few layers (BinaryOp broadcasting, global pooling's 1-D output, Reshape) depend
// on it.
#include "io/ncnn_importer.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "framework/float16.h"
#include "io/generated_weights.h"
#include "io/paddle/paddle_loader.h"

namespace ember {

namespace {

constexpr int kMagic = 7767517;

// ---------------------------------------------------------------------------------------------------------
// Param dictionary
// ---------------------------------------------------------------------------------------------------------

// One value of the dictionary. ncnn keeps a 32-bit word and lets the layer read it as int or float; the
// text format also records whether the literal looked like a float.
struct NcnnValue {
  bool is_float = false;
  int32_t i = 0;
  float f = 0.f;
};

struct NcnnParamDict {
  std::map<int, NcnnValue> scalars;
  std::map<int, std::vector<NcnnValue>> arrays;   // key: array index (id = -23300 - index)
  bool binary = false;

  bool Has(int id) const { return scalars.count(id) != 0; }
  bool HasArray(int id) const { return arrays.count(id) != 0; }

  static int32_t AsInt(const NcnnValue& v, bool binary) {
    if (binary) return v.i;                   // a binary word read as int
    if (v.is_float) return v.i;  // the literal converted to int, saturated (ParseTextValue)
    return v.i;
  }
  static float AsFloat(const NcnnValue& v, bool binary) {
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
  int Int(int id, int def) const {
    auto it = scalars.find(id);
    return it == scalars.end() ? def : AsInt(it->second, binary);
  }
  float Float(int id, float def) const {
    auto it = scalars.find(id);
    return it == scalars.end() ? def : AsFloat(it->second, binary);
  }
  std::vector<int> Ints(int id) const {
    std::vector<int> out;
    auto it = arrays.find(id);
    if (it == arrays.end()) return out;
    for (const auto& v : it->second) out.push_back(AsInt(v, binary));
    return out;
  }
  std::vector<float> Floats(int id) const {
    std::vector<float> out;
    auto it = arrays.find(id);
    if (it == arrays.end()) return out;
    for (const auto& v : it->second) out.push_back(AsFloat(v, binary));
    return out;
  }
};

struct NcnnLayer {
  std::string type;
  std::string name;
  std::vector<std::string> bottoms;
  std::vector<std::string> tops;
  NcnnParamDict pd;
  int line = 0;  // text line or binary layer index, for messages
};

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

Status ParseTextParam(const std::string& text, const std::string& path, std::vector<NcnnLayer>* layers,
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
    if (!(ls >> magic) || magic != kMagic)
      return ParseError(path, ": line ", line_no, ": magic must be ", kMagic, ", got '", line, "'");
  }
  if (!next_line()) return ParseError(path, ": missing layer and blob counts");
  int layer_count = 0;
  {
    std::istringstream ls(line);
    if (!(ls >> layer_count >> *blob_count) || layer_count <= 0 || *blob_count <= 0 || layer_count > (1 << 20) ||
        *blob_count > (1 << 20))
      return ParseError(path, ": line ", line_no, ": bad layer/blob counts '", line, "'");
  }
  for (int li = 0; li < layer_count; ++li) {
    if (!next_line()) return ParseError(path, ": expected ", layer_count, " layers, found ", li);
    std::istringstream ls(line);
    NcnnLayer L;
    L.line = line_no;
    int nb = -1, nt = -1;
    if (!(ls >> L.type >> L.name >> nb >> nt) || nb < 0 || nt < 0 || nb > 4096 || nt > 4096)
      return ParseError(path, ": line ", line_no, ": expected 'type name n_in n_out ...', got '", line, "'");
    for (int j = 0; j < nb + nt; ++j) {
      std::string b;
      if (!(ls >> b)) return ParseError(path, ": line ", line_no, " (layer ", L.name, "): missing blob names");
      (j < nb ? L.bottoms : L.tops).push_back(b);
    }
    std::string kv;
    while (ls >> kv) {
      size_t eq = kv.find('=');
      NcnnValue key;
      if (eq == std::string::npos || !ParseTextValue(kv.substr(0, eq), &key) || key.is_float)
        return ParseError(path, ": line ", line_no, " (layer ", L.name, "): bad parameter '", kv, "'");
      int id = key.i;
      std::string val = kv.substr(eq + 1);
      if (id <= -23300) {
        int index = -id - 23300;
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
          return ParseError(path, ": line ", line_no, " (layer ", L.name, "): array ", id, " count '", parts[0],
                            "' does not match its ", parts.size() - 1, " values");
        std::vector<NcnnValue> arr(parts.size() - 1);
        for (size_t j = 1; j < parts.size(); ++j)
          if (!ParseTextValue(parts[j], &arr[j - 1]))
            return ParseError(path, ": line ", line_no, " (layer ", L.name, "): bad array value '", parts[j], "'");
        L.pd.arrays[index] = std::move(arr);
      } else {
        if (id < 0 && id != -233)
          return ParseError(path, ": line ", line_no, " (layer ", L.name, "): bad parameter id ", id);
        NcnnValue v;
        if (!ParseTextValue(val, &v))
          return ParseError(path, ": line ", line_no, " (layer ", L.name, "): bad value '", kv, "'");
        L.pd.scalars[id] = v;
      }
    }
    layers->push_back(std::move(L));
  }
  return Status::OK();
}

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

class BinReader {
 public:
  BinReader(const std::string& buf) : buf_(buf) {}
  bool ReadI32(int32_t* v) {
    if (pos_ + 4 > buf_.size()) return false;
    std::memcpy(v, buf_.data() + pos_, 4);
    pos_ += 4;
    return true;
  }
  size_t pos() const { return pos_; }

 private:
  const std::string& buf_;
  size_t pos_ = 0;
};

Status ParseBinaryParam(const std::string& buf, const std::string& path, std::vector<NcnnLayer>* layers,
                        int* blob_count) {
  BinReader r(buf);
  auto truncated = [&](const char* what) { return ParseError(path, ": truncated at byte ", r.pos(), " reading ", what); };
  int32_t magic = 0, layer_count = 0;
  if (!r.ReadI32(&magic)) return truncated("magic");
  if (magic != kMagic) return ParseError(path, ": magic must be ", kMagic, ", got ", magic);
  if (!r.ReadI32(&layer_count) || !r.ReadI32(blob_count)) return truncated("layer and blob counts");
  if (layer_count <= 0 || *blob_count <= 0 || layer_count > (1 << 20) || *blob_count > (1 << 20))
    return ParseError(path, ": bad layer/blob counts ", layer_count, " ", *blob_count);
  const int n_types = static_cast<int>(sizeof(kNcnnLayerTypes) / sizeof(kNcnnLayerTypes[0]));
  for (int li = 0; li < layer_count; ++li) {
    NcnnLayer L;
    L.line = li;
    int32_t typeindex = 0, nb = 0, nt = 0;
    if (!r.ReadI32(&typeindex) || !r.ReadI32(&nb) || !r.ReadI32(&nt)) return truncated("a layer header");
    if (typeindex < 0 || typeindex >= n_types)
      return Unimplemented(path, ": layer ", li, ": layer type index ", typeindex,
                           " is not a built-in ncnn layer (custom layers are not supported)");
    if (nb < 0 || nt < 0 || nb > 4096 || nt > 4096)
      return ParseError(path, ": layer ", li, ": bad bottom/top counts ", nb, " ", nt);
    L.type = kNcnnLayerTypes[typeindex];
    L.name = StrCat(L.type, "_", li);
    for (int j = 0; j < nb + nt; ++j) {
      int32_t b = 0;
      if (!r.ReadI32(&b)) return truncated("blob indexes");
      if (b < 0 || b >= *blob_count)
        return ParseError(path, ": layer ", li, ": blob index ", b, " out of range [0, ", *blob_count, ")");
      (j < nb ? L.bottoms : L.tops).push_back(StrCat("blob", b));
    }
    L.pd.binary = true;
    int32_t id = 0;
    if (!r.ReadI32(&id)) return truncated("a parameter id");
    int guard = 0;
    while (id != -233) {
      if (++guard > 4096) return ParseError(path, ": layer ", li, ": too many parameters");
      if (id <= -23300) {
        int32_t len = 0;
        if (!r.ReadI32(&len)) return truncated("an array length");
        if (len < 0 || static_cast<size_t>(len) * 4 > buf.size()) return ParseError(path, ": layer ", li, ": bad array length ", len);
        std::vector<NcnnValue> arr(static_cast<size_t>(len));
        for (auto& v : arr) {
          if (!r.ReadI32(&v.i)) return truncated("array values");
          std::memcpy(&v.f, &v.i, 4);
        }
        L.pd.arrays[-id - 23300] = std::move(arr);
      } else {
        if (id < 0) return ParseError(path, ": layer ", li, ": bad parameter id ", id);
        NcnnValue v;
        if (!r.ReadI32(&v.i)) return truncated("a parameter value");
        std::memcpy(&v.f, &v.i, 4);
        L.pd.scalars[id] = v;
      }
      if (!r.ReadI32(&id)) return truncated("a parameter id");
    }
    layers->push_back(std::move(L));
  }
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Weights (.bin)
// ---------------------------------------------------------------------------------------------------------

class ModelBin {
 public:
  ModelBin(const std::string* buf, const std::string& path) : buf_(buf), path_(path) {}

  // ncnn's ModelBin::load(w, type): type 1 is raw float32; type 0 starts with a 4-byte tag: 0 = float32,
  // 0x01306B47 = float16, 0x000D4B38 = int8 (values returned as is; *int8 is set), 0x0002C056 = float32 with
  // extra scaling, any other non-zero tag = a 256-entry float table followed by one uint8 index per value.
  // Every block is padded to 4 bytes.
  Status Load(int64_t n, int type, std::vector<float>* out, bool* int8 = nullptr) {
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
  size_t pos() const { return pos_; }
  size_t size() const { return buf_->size(); }

 private:
  static size_t Align4(size_t n) { return (n + 3) & ~static_cast<size_t>(3); }
  Status Check(size_t bytes, const char* what) const {
    if (bytes > buf_->size() - pos_)
      return ParseError(path_, ": truncated: ", what, " need ", bytes, " bytes at offset ", pos_, ", file has ",
                        buf_->size());
    return Status::OK();
  }
  Status Read(void* dst, size_t bytes, const char* what) {
    EMBER_RETURN_IF_ERROR(Check(bytes, what));
    std::memcpy(dst, buf_->data() + pos_, bytes);
    pos_ += bytes;
    return Status::OK();
  }
  Status ReadFloats(int64_t n, float* dst) { return Read(dst, static_cast<size_t>(n) * 4, "float32 weights"); }

  const std::string* buf_;
  const std::string path_;
  size_t pos_ = 0;
};

// ---------------------------------------------------------------------------------------------------------
// Graph builder
// ---------------------------------------------------------------------------------------------------------

struct BlobInfo {
  std::string var;          // the Ember variable holding it
  int rank = 0;             // ncnn dims (1..4), 0 unknown
  std::vector<int> hint;    // ncnn (w, h, [d,] c) from the -23330 hint, empty when absent
};

class Importer {
 public:
  Importer(const std::string& path, ProgramDesc* program, Scope* weights, ModelBin* bin)
      : path_(path), program_(program), weights_(weights), bin_(bin) {}

  Status Run(const std::vector<NcnnLayer>& layers);

 private:
  // ----- helpers -----
  BlockDesc& block() { return program_->block0(); }
  void DeclareVar(const std::string& name, std::vector<int64_t> dims = {}) {
    if (block().FindVar(name)) return;
    VarDesc v;
    v.name = name;
    v.dims = std::move(dims);
    block().vars.push_back(v);
  }
  OpDesc& AddOp(const std::string& type, OpDesc::Slots inputs, OpDesc::Slots outputs,
                std::map<std::string, Attribute> attrs = {}) {
    OpDesc op;
    op.type = type;
    op.inputs = std::move(inputs);
    op.outputs = std::move(outputs);
    op.attrs = std::move(attrs);
    for (const auto& n : op.AllInputNames()) DeclareVar(n);
    for (const auto& n : op.AllOutputNames()) DeclareVar(n);
    block().ops.push_back(std::move(op));
    return block().ops.back();
  }
  std::string Temp(const std::string& base) {
    std::string n = StrCat(base, "@ncnn", temp_counter_++);
    return n;
  }
  // Declares a weight of `dims`; its values come from the .bin (`values`, empty when generated).
  Status AddWeight(const std::string& name, std::vector<int64_t> dims, std::vector<float> values) {
    if (block().FindVar(name)) return InvalidArgument(path_, ": duplicate weight name '", name, "'");
    VarDesc v;
    v.name = name;
    v.persistable = true;
    v.dims = dims;
    block().vars.push_back(v);
    if (!bin_) return Status::OK();  // generated later
    DDim d(dims);
    if (static_cast<int64_t>(values.size()) != d.numel())
      return Internal("weight '", name, "' has ", values.size(), " values for dims ", d.ToString());
    Tensor t(DataType::kFloat32, d);
    float* p = t.mutable_data<float>();
    std::copy(values.begin(), values.end(), p);
    *weights_->Var(name)->GetMutable() = std::move(t);
    return Status::OK();
  }
  // Reads n values from the .bin (nothing when weights are generated).
  Status LoadBin(int64_t n, int type, std::vector<float>* out, bool* int8 = nullptr) {
    if (int8) *int8 = false;
    if (!bin_) {
      out->clear();
      return Status::OK();
    }
    return bin_->Load(n, type, out, int8);
  }

  const BlobInfo* Bottom(const NcnnLayer& L, size_t i) const {
    auto it = blobs_.find(L.bottoms[i]);
    return it == blobs_.end() ? nullptr : &it->second;
  }
  // Registers top i of L as Ember var `var` with ncnn rank `rank` (the hint's rank wins when present).
  void SetTop(const NcnnLayer& L, size_t i, const std::string& var, int rank) {
    BlobInfo b;
    b.var = var;
    b.rank = rank;
    auto h = hints_.find(L.tops[i]);
    if (h != hints_.end()) {
      b.hint = h->second;
      b.rank = static_cast<int>(h->second.size());
    }
    blobs_[L.tops[i]] = b;
  }
  // The Ember var for a top: the blob's own name.
  std::string TopVar(const NcnnLayer& L, size_t i) const { return L.tops[i]; }

  static int64_t EmberAxis(int ncnn_axis) { return ncnn_axis >= 0 ? ncnn_axis + 1 : ncnn_axis; }

  Status FusedActivation(const NcnnLayer& L, OpDesc* op, std::string* standalone_type = nullptr);
  Status AddActivation(const std::string& type, const std::string& in, const std::string& out,
                       std::map<std::string, Attribute> attrs = {}) {
    AddOp(type, {{"X", {in}}}, {{"Out", {out}}}, std::move(attrs));
    return Status::OK();
  }
  // [1, c] (an ncnn 1-D blob) -> [1, c, 1, 1], for layers that need an image.
  std::string ToImage(const std::string& var) {
    std::string t = Temp(var);
    AddOp("reshape2", {{"X", {var}}}, {{"Out", {t}}}, {{"shape", Attribute::Ints({1, -1, 1, 1})}});
    return t;
  }

  Status ImportLayer(const NcnnLayer& L);
  Status Conv(const NcnnLayer& L, bool depthwise);
  Status Deconv(const NcnnLayer& L, bool depthwise);
  Status Pooling(const NcnnLayer& L);
  Status InnerProduct(const NcnnLayer& L);
  Status BinaryOp(const NcnnLayer& L);
  Status UnaryOp(const NcnnLayer& L);
  Status Eltwise(const NcnnLayer& L);
  Status Slice(const NcnnLayer& L);
  Status Crop(const NcnnLayer& L);
  Status Reshape(const NcnnLayer& L);
  Status Permute(const NcnnLayer& L);
  Status Interp(const NcnnLayer& L);
  Status Padding(const NcnnLayer& L);
  Status Reduction(const NcnnLayer& L);
  Status ShuffleChannel(const NcnnLayer& L);
  Status Detection(const NcnnLayer& L);

  const std::string path_;
  ProgramDesc* program_;
  Scope* weights_;
  ModelBin* bin_;
  std::map<std::string, BlobInfo> blobs_;
  std::map<std::string, std::vector<int>> hints_;
  int temp_counter_ = 0;
  int feeds_ = 0;
};

Status LayerError(const NcnnLayer& L, Status s) {
  if (s.ok()) return s;
  s.Prepend(StrCat("layer ", L.type, " '", L.name, "': "));
  return s;
}

Status Importer::Run(const std::vector<NcnnLayer>& layers) {
  program_->blocks.assign(1, BlockDesc());
  program_->format = "ncnn";
  program_->version = 0;
  VarDesc feed, fetch;
  feed.name = "feed";
  feed.type = static_cast<int>(VarDataType::kFeedMinibatch);
  feed.persistable = true;
  fetch.name = "fetch";
  fetch.type = static_cast<int>(VarDataType::kFetchList);
  fetch.persistable = true;
  block().vars = {feed, fetch};

  // Shape hints per top blob.
  for (const auto& L : layers) {
    std::vector<int> h = L.pd.Ints(30);
    if (h.empty() || L.tops.empty() || h.size() % L.tops.size() != 0) continue;
    const size_t step = h.size() / L.tops.size();
    if (step != 4 && step != 5) continue;
    for (size_t j = 0; j < L.tops.size(); ++j) {
      const int* p = &h[j * step];
      int dims = p[0];
      if (dims < 1 || dims > 4 || (dims == 4 && step != 5)) continue;
      std::vector<int> shape;  // w, h, [d,] c
      shape.push_back(p[1]);
      if (dims >= 2) shape.push_back(p[2]);
      if (dims == 4) shape.push_back(p[3]);
      if (dims >= 3) shape.push_back(p[step - 1]);
      hints_[L.tops[j]] = shape;
    }
  }

  std::set<std::string> consumed;
  std::vector<std::string> produced;
  std::set<std::string> produced_set;
  for (const auto& L : layers) {
    for (const auto& b : L.bottoms) {
      if (!blobs_.count(b))
        return LayerError(L, NotFound(path_, ": input blob '", b, "' is not produced by an earlier layer"));
      consumed.insert(b);
    }
    for (const auto& t : L.tops)
      if (produced_set.count(t)) return LayerError(L, InvalidArgument(path_, ": blob '", t, "' is produced twice"));
    EMBER_RETURN_IF_ERROR(LayerError(L, ImportLayer(L)));
    for (const auto& t : L.tops) {
      produced.push_back(t);
      produced_set.insert(t);
    }
  }
  if (bin_ && bin_->pos() != bin_->size())
    return ParseError(path_, ": weight file has ", bin_->size() - bin_->pos(), " bytes left after the last layer (",
                      bin_->size(), " bytes): the .bin does not match the .param");
  int col = 0;
  for (const auto& t : produced) {
    if (consumed.count(t)) continue;
    const BlobInfo& b = blobs_[t];
    OpDesc op;
    op.type = "fetch";
    op.SetInput("X", {b.var});
    op.SetOutput("Out", {"fetch"});
    op.attrs["col"] = Attribute::Int(col++);
    block().ops.push_back(op);
  }
  if (col == 0) return InvalidArgument(path_, ": the graph has no output blob");
  return Status::OK();
}

// ncnn activation_type / activation_params of Convolution, InnerProduct, Deconvolution -> fuse_* attrs.
Status Importer::FusedActivation(const NcnnLayer& L, OpDesc* op, std::string*) {
  const int type = L.pd.Int(9, 0);
  std::vector<float> params = L.pd.Floats(10);
  auto param = [&](size_t i, float def) { return i < params.size() ? params[i] : def; };
  switch (type) {
    case 0:
      return Status::OK();
    case 1:
      op->attrs["fuse_activation"] = Attribute::String("relu");
      return Status::OK();
    case 2: {
      float slope = param(0, 0.f);
      if (slope == 0.f) {
        op->attrs["fuse_activation"] = Attribute::String("relu");
      } else {
        op->attrs["fuse_activation"] = Attribute::String("leaky_relu");
        op->attrs["fuse_alpha"] = Attribute::Float(slope);
      }
      return Status::OK();
    }
    case 3: {
      float lo = param(0, 0.f), hi = param(1, 0.f);
      if (!(lo <= hi)) return InvalidArgument("clip activation min ", lo, " exceeds max ", hi);
      op->attrs["fuse_activation"] = Attribute::String("clip");
      op->attrs["fuse_min"] = Attribute::Float(lo);
      op->attrs["fuse_max"] = Attribute::Float(hi);
      return Status::OK();
    }
    case 4:
      op->attrs["fuse_activation"] = Attribute::String("sigmoid");
      return Status::OK();
    case 6: {
      // x * clamp(alpha x + beta, 0, 1) = x * min(max(x + beta/alpha, 0), 1/alpha) / (1/alpha)
      float alpha = param(0, 1.f / 6.f), beta = param(1, 0.5f);
      if (alpha <= 0.f) return Unimplemented("hardswish activation with alpha ", alpha, " <= 0");
      op->attrs["fuse_activation"] = Attribute::String("hard_swish");
      op->attrs["fuse_threshold"] = Attribute::Float(1.f / alpha);
      op->attrs["fuse_scale"] = Attribute::Float(1.f / alpha);
      op->attrs["fuse_offset"] = Attribute::Float(beta / alpha);
      return Status::OK();
    }
    case 5:
      return Unimplemented("activation_type 5 (mish) is not supported");
    default:
      return Unimplemented("activation_type ", type, " is not supported");
  }
}

Status Importer::Conv(const NcnnLayer& L, bool depthwise) {
  const NcnnParamDict& pd = L.pd;
  const int num_output = pd.Int(0, 0);
  const int kw = pd.Int(1, 0), kh = pd.Int(11, kw);
  const int dw = pd.Int(2, 1), dh = pd.Int(12, dw);
  const int sw = pd.Int(3, 1), sh = pd.Int(13, sw);
  const int pl = pd.Int(4, 0), pr = pd.Int(15, pl), pt = pd.Int(14, pl), pb = pd.Int(16, pt);
  const float pad_value = pd.Float(18, 0.f);
  const int bias_term = pd.Int(5, 0);
  const int64_t wsize = pd.Int(6, 0);
  const int int8_term = pd.Int(8, 0);
  const int group = depthwise ? pd.Int(7, 1) : 1;
  if (pd.Int(19, 0) != 0) return Unimplemented("dynamic_weight = 1 is not supported");
  if (L.bottoms.size() != 1 || L.tops.size() != 1) return InvalidArgument("expects 1 input and 1 output");
  if (num_output <= 0 || kw <= 0 || kh <= 0 || dw <= 0 || dh <= 0 || sw <= 0 || sh <= 0 || group <= 0)
    return InvalidArgument("bad parameters num_output ", num_output, " kernel ", kw, "x", kh, " dilation ", dw, "x",
                           dh, " stride ", sw, "x", sh, " group ", group);
  if (num_output % group != 0) return InvalidArgument("num_output ", num_output, " is not a multiple of group ", group);
  if (static_cast<int64_t>(kw) * kh > INT32_MAX) return InvalidArgument("kernel ", kw, "x", kh, " is too large");
  if (wsize <= 0 || wsize % (static_cast<int64_t>(num_output) * kw * kh) != 0)
    return InvalidArgument("weight_data_size ", wsize, " is not a multiple of num_output*kernel_w*kernel_h = ",
                           static_cast<int64_t>(num_output) * kw * kh);
  if (pad_value != 0.f) return Unimplemented("pad_value ", pad_value, " (only 0) is not supported");
  const int64_t in_per_group = wsize / (static_cast<int64_t>(num_output) * kw * kh);
  const int64_t in_ch = in_per_group * group;

  std::vector<float> w, b;
  bool int8 = false;
  EMBER_RETURN_IF_ERROR(LoadBin(wsize, 0, &w, &int8));
  if (bias_term) EMBER_RETURN_IF_ERROR(LoadBin(num_output, 1, &b));
  if (int8_term) {
    std::vector<float> wscale, in_scale;
    const int nscale = depthwise ? group : num_output;
    EMBER_RETURN_IF_ERROR(LoadBin(nscale, 1, &wscale));
    EMBER_RETURN_IF_ERROR(LoadBin(1, 1, &in_scale));
    if (int8_term > 100) {
      std::vector<float> top_scale;
      EMBER_RETURN_IF_ERROR(LoadBin(1, 1, &top_scale));
    }
    if (bin_ && int8) {  // dequantize: w = q / scale per output channel (per group for depthwise)
      const int64_t per = wsize / nscale;
      for (int64_t i = 0; i < wsize; ++i) {
        float s = wscale[static_cast<size_t>(i / per)];
        w[static_cast<size_t>(i)] = s == 0.f ? 0.f : w[static_cast<size_t>(i)] / s;
      }
    }
  }
  if (bin_ && int8 && !int8_term) return InvalidArgument("int8 weights without int8_scale_term");

  const std::string wname = L.name + ".weight", bname = L.name + ".bias";
  EMBER_RETURN_IF_ERROR(AddWeight(wname, {num_output, in_per_group, kh, kw}, std::move(w)));
  if (bias_term) EMBER_RETURN_IF_ERROR(AddWeight(bname, {num_output}, std::move(b)));

  const BlobInfo* in = Bottom(L, 0);
  std::string x = in->var;
  if (in->rank == 1 || in->rank == 2) {
    if (in->rank == 2) return Unimplemented("convolution of a 2-D blob is not supported");
    x = ToImage(x);
  }
  const bool is_dw = group > 1 && group == num_output && group == in_ch;
  OpDesc op;
  op.type = is_dw ? "depthwise_conv2d" : "conv2d";
  op.SetInput("Input", {x});
  op.SetInput("Filter", {wname});
  if (bias_term) op.SetInput("Bias", {bname});
  op.SetOutput("Output", {TopVar(L, 0)});
  op.attrs["strides"] = Attribute::Ints({sh, sw});
  op.attrs["dilations"] = Attribute::Ints({dh, dw});
  op.attrs["groups"] = Attribute::Int(group);
  if (pl == -233 || pt == -233) {
    op.attrs["padding_algorithm"] = Attribute::String("SAME");
    op.attrs["paddings"] = Attribute::Ints({0, 0, 0, 0});
    if (dw != 1 || dh != 1) return Unimplemented("SAME padding (-233) with dilation is not supported");
  } else if (pl < 0 || pr < 0 || pt < 0 || pb < 0) {
    return Unimplemented("padding ", pl, " (only explicit pads and -233 SAME_UPPER) is not supported");
  } else {
    op.attrs["paddings"] = Attribute::Ints({pt, pb, pl, pr});
  }
  EMBER_RETURN_IF_ERROR(FusedActivation(L, &op));
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  block().ops.push_back(op);
  SetTop(L, 0, TopVar(L, 0), 3);
  return Status::OK();
}

Status Importer::Deconv(const NcnnLayer& L, bool depthwise) {
  const NcnnParamDict& pd = L.pd;
  const int num_output = pd.Int(0, 0);
  const int kw = pd.Int(1, 0), kh = pd.Int(11, kw);
  const int dw = pd.Int(2, 1), dh = pd.Int(12, dw);
  const int sw = pd.Int(3, 1), sh = pd.Int(13, sw);
  const int pl = pd.Int(4, 0), pr = pd.Int(15, pl), pt = pd.Int(14, pl), pb = pd.Int(16, pt);
  const int out_pad_r = pd.Int(18, 0), out_pad_b = pd.Int(19, out_pad_r);
  const int out_w = pd.Int(20, 0), out_h = pd.Int(21, out_w);
  const int bias_term = pd.Int(5, 0);
  const int64_t wsize = pd.Int(6, 0);
  const int group = depthwise ? pd.Int(7, 1) : 1;
  if (L.bottoms.size() != 1 || L.tops.size() != 1) return InvalidArgument("expects 1 input and 1 output");
  if (num_output <= 0 || kw <= 0 || kh <= 0 || dw <= 0 || dh <= 0 || sw <= 0 || sh <= 0 || group <= 0 ||
      num_output % group != 0)
    return InvalidArgument("bad parameters num_output ", num_output, " kernel ", kw, "x", kh, " group ", group);
  if (static_cast<int64_t>(kw) * kh > INT32_MAX) return InvalidArgument("kernel ", kw, "x", kh, " is too large");
  if (wsize <= 0 || wsize % (static_cast<int64_t>(num_output) * kw * kh) != 0)
    return InvalidArgument("weight_data_size ", wsize, " is not a multiple of num_output*kernel_w*kernel_h");
  if (pl < 0 || pr < 0 || pt < 0 || pb < 0) return Unimplemented("automatic padding (-233/-234) is not supported");
  if (out_w != 0 || out_h != 0) return Unimplemented("output_w/output_h are not supported");
  const int64_t in_per_group = wsize / (static_cast<int64_t>(num_output) * kw * kh);
  const int64_t out_per_group = num_output / group;
  const int64_t in_ch = in_per_group * group;
  std::vector<float> w, b;
  EMBER_RETURN_IF_ERROR(LoadBin(wsize, 0, &w));
  if (bias_term) EMBER_RETURN_IF_ERROR(LoadBin(num_output, 1, &b));
  // ncnn: [group][out/g][in/g][kh*kw]; Paddle conv2d_transpose: [in][out/g][kh][kw] (in = g * in/g + i).
  std::vector<float> wt;
  if (bin_) {
    wt.resize(w.size());
    const int64_t maxk = static_cast<int64_t>(kw) * kh;
    for (int64_t g = 0; g < group; ++g)
      for (int64_t o = 0; o < out_per_group; ++o)
        for (int64_t i = 0; i < in_per_group; ++i)
          for (int64_t k = 0; k < maxk; ++k)
            wt[static_cast<size_t>((((g * in_per_group + i) * out_per_group) + o) * maxk + k)] =
                w[static_cast<size_t>(((g * out_per_group + o) * in_per_group + i) * maxk + k)];
  }
  const std::string wname = L.name + ".weight", bname = L.name + ".bias";
  EMBER_RETURN_IF_ERROR(AddWeight(wname, {in_ch, out_per_group, kh, kw}, std::move(wt)));
  if (bias_term) EMBER_RETURN_IF_ERROR(AddWeight(bname, {num_output}, std::move(b)));
  const BlobInfo* in = Bottom(L, 0);
  std::string x = in->var;
  if (in->rank == 1) x = ToImage(x);
  OpDesc op;
  op.type = (group > 1 && group == num_output && group == in_ch) ? "depthwise_conv2d_transpose" : "conv2d_transpose";
  op.SetInput("Input", {x});
  op.SetInput("Filter", {wname});
  if (bias_term) op.SetInput("Bias", {bname});
  op.SetOutput("Output", {TopVar(L, 0)});
  op.attrs["strides"] = Attribute::Ints({sh, sw});
  op.attrs["dilations"] = Attribute::Ints({dh, dw});
  op.attrs["groups"] = Attribute::Int(group);
  op.attrs["paddings"] = Attribute::Ints({pt, pb, pl, pr});
  if (out_pad_r || out_pad_b) op.attrs["output_padding"] = Attribute::Ints({out_pad_b, out_pad_r});
  EMBER_RETURN_IF_ERROR(FusedActivation(L, &op));
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  block().ops.push_back(op);
  SetTop(L, 0, TopVar(L, 0), 3);
  return Status::OK();
}

Status Importer::Pooling(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int type = pd.Int(0, 0);
  const int kw = pd.Int(1, 0), kh = pd.Int(11, kw);
  const int sw = pd.Int(2, 1), sh = pd.Int(12, sw);
  const int pl = pd.Int(3, 0), pr = pd.Int(14, pl), pt = pd.Int(13, pl), pb = pd.Int(15, pt);
  const int global = pd.Int(4, 0);
  const int pad_mode = pd.Int(5, 0);
  const int include_pad = pd.Int(6, 0);
  const int adaptive = pd.Int(7, 0);
  const int out_w = pd.Int(8, 0), out_h = pd.Int(18, out_w);
  if (type != 0 && type != 1) return Unimplemented("pooling_type ", type, " (only 0 max, 1 avg) is not supported");
  const BlobInfo* in = Bottom(L, 0);
  if (in->rank != 0 && in->rank != 3) return Unimplemented("pooling of a ", in->rank, "-D blob is not supported");
  std::map<std::string, Attribute> a;
  a["pooling_type"] = Attribute::String(type == 0 ? "max" : "avg");
  if (global) {
    a["global_pooling"] = Attribute::Bool(true);
    a["ksize"] = Attribute::Ints({1, 1});
    std::string t = Temp(TopVar(L, 0));
    AddOp("pool2d", {{"X", {in->var}}}, {{"Out", {t}}}, a);
    // ncnn's global pooling gives a 1-D blob of channels.
    AddOp("reshape2", {{"X", {t}}}, {{"Out", {TopVar(L, 0)}}}, {{"shape", Attribute::Ints({1, -1})}});
    SetTop(L, 0, TopVar(L, 0), 1);
    return Status::OK();
  }
  if (adaptive) {
    if (out_w <= 0 || out_h <= 0) return InvalidArgument("adaptive pooling needs out_w/out_h, got ", out_w, " ", out_h);
    a["adaptive"] = Attribute::Bool(true);
    a["ksize"] = Attribute::Ints({out_h, out_w});
  } else {
    if (kw <= 0 || kh <= 0 || sw <= 0 || sh <= 0)
      return InvalidArgument("bad kernel ", kw, "x", kh, " or stride ", sw, "x", sh);
    a["ksize"] = Attribute::Ints({kh, kw});
    a["strides"] = Attribute::Ints({sh, sw});
    if (pl < 0 || pr < 0 || pt < 0 || pb < 0) return InvalidArgument("negative pads");
    a["paddings"] = Attribute::Ints({pt, pb, pl, pr});
    if (pad_mode == 0) a["ceil_mode"] = Attribute::Bool(true);
    else if (pad_mode == 1) a["ceil_mode"] = Attribute::Bool(false);
    else if (pad_mode == 2) a["padding_algorithm"] = Attribute::String("SAME");
    else return Unimplemented("pad_mode ", pad_mode, " (SAME_LOWER) is not supported");
    a["exclusive"] = Attribute::Bool(include_pad == 0);
  }
  AddOp("pool2d", {{"X", {in->var}}}, {{"Out", {TopVar(L, 0)}}}, a);
  SetTop(L, 0, TopVar(L, 0), 3);
  return Status::OK();
}

Status Importer::InnerProduct(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int num_output = pd.Int(0, 0);
  const int bias_term = pd.Int(1, 0);
  const int64_t wsize = pd.Int(2, 0);
  const int int8_term = pd.Int(8, 0);
  if (num_output <= 0 || wsize <= 0 || wsize % num_output != 0)
    return InvalidArgument("bad num_output ", num_output, " / weight_data_size ", wsize);
  const int64_t num_input = wsize / num_output;
  std::vector<float> w, b;
  bool int8 = false;
  EMBER_RETURN_IF_ERROR(LoadBin(wsize, 0, &w, &int8));
  if (bias_term) EMBER_RETURN_IF_ERROR(LoadBin(num_output, 1, &b));
  if (int8_term) {
    std::vector<float> wscale, in_scale;
    EMBER_RETURN_IF_ERROR(LoadBin(num_output, 1, &wscale));
    EMBER_RETURN_IF_ERROR(LoadBin(1, 1, &in_scale));
    if (bin_ && int8)
      for (int64_t i = 0; i < wsize; ++i) {
        float s = wscale[static_cast<size_t>(i / num_input)];
        w[static_cast<size_t>(i)] = s == 0.f ? 0.f : w[static_cast<size_t>(i)] / s;
      }
  }
  // ncnn [out][in] -> Paddle fc W [in][out].
  std::vector<float> wt;
  if (bin_) {
    wt.resize(w.size());
    for (int64_t o = 0; o < num_output; ++o)
      for (int64_t i = 0; i < num_input; ++i)
        wt[static_cast<size_t>(i * num_output + o)] = w[static_cast<size_t>(o * num_input + i)];
  }
  const std::string wname = L.name + ".weight", bname = L.name + ".bias";
  EMBER_RETURN_IF_ERROR(AddWeight(wname, {num_input, num_output}, std::move(wt)));
  if (bias_term) EMBER_RETURN_IF_ERROR(AddWeight(bname, {num_output}, std::move(b)));
  const BlobInfo* in = Bottom(L, 0);
  // A 2-D blob whose rows have num_input values is multiplied row by row (ncnn's gemm path).
  const bool rows = in->rank == 2 && !in->hint.empty() && in->hint[0] == num_input;
  OpDesc op;
  op.type = "fc";
  op.SetInput("Input", {in->var});
  op.SetInput("W", {wname});
  if (bias_term) op.SetInput("Bias", {bname});
  op.SetOutput("Out", {TopVar(L, 0)});
  op.attrs["in_num_col_dims"] = Attribute::Int(rows ? 2 : 1);
  EMBER_RETURN_IF_ERROR(FusedActivation(L, &op));
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  block().ops.push_back(op);
  SetTop(L, 0, TopVar(L, 0), rows ? 2 : 1);
  return Status::OK();
}

// Paddle-style elementwise with the right broadcast for ncnn's rules: same rank aligns dim by dim; a 1-D
// operand against a 3-D/4-D one is per channel (ncnn: b.w == a.c); otherwise numpy trailing alignment.
static int64_t BroadcastAxis(int ra, int rb) {
  if (ra == rb || ra == 0 || rb == 0) return -1;
  int lo = std::min(ra, rb), hi = std::max(ra, rb);
  if (lo == 1 && hi >= 3) return 0;  // [1, c] against [1, c, ...]
  return -1;
}

Status Importer::BinaryOp(const NcnnLayer& L) {
  const int op_type = L.pd.Int(0, 0);
  const int with_scalar = L.pd.Int(1, 0);
  const float b = L.pd.Float(2, 0.f);
  const BlobInfo* A = Bottom(L, 0);
  const std::string out = TopVar(L, 0);
  static const char* const kNames[] = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
                                       "elementwise_max", "elementwise_min", "elementwise_pow"};
  if (with_scalar || L.bottoms.size() == 1) {
    switch (op_type) {
      case 0: AddActivation("scale", A->var, out, {{"scale", Attribute::Float(1.f)}, {"bias", Attribute::Float(b)}}); break;
      case 1: AddActivation("scale", A->var, out, {{"scale", Attribute::Float(1.f)}, {"bias", Attribute::Float(-b)}}); break;
      case 2: AddActivation("scale", A->var, out, {{"scale", Attribute::Float(b)}, {"bias", Attribute::Float(0.f)}}); break;
      case 3:
        if (b == 0.f) return InvalidArgument("division by the scalar 0");
        AddActivation("scale", A->var, out, {{"scale", Attribute::Float(1.f / b)}, {"bias", Attribute::Float(0.f)}});
        break;
      case 4: AddActivation("clip", A->var, out, {{"min", Attribute::Float(b)}}); break;
      case 5: AddActivation("clip", A->var, out, {{"max", Attribute::Float(b)}}); break;
      case 6: AddActivation("pow", A->var, out, {{"factor", Attribute::Float(b)}}); break;
      case 7: AddActivation("scale", A->var, out, {{"scale", Attribute::Float(-1.f)}, {"bias", Attribute::Float(b)}}); break;
      case 8: {  // b / x
        std::string t = Temp(out);
        AddActivation("reciprocal", A->var, t);
        AddActivation("scale", t, out, {{"scale", Attribute::Float(b)}, {"bias", Attribute::Float(0.f)}});
        break;
      }
      default:
        return Unimplemented("op_type ", op_type, " with a scalar is not supported");
    }
    SetTop(L, 0, out, A->rank);
    return Status::OK();
  }
  if (L.bottoms.size() != 2) return InvalidArgument("expects 2 inputs, got ", L.bottoms.size());
  const BlobInfo* B = Bottom(L, 1);
  std::string x = A->var, y = B->var;
  int op = op_type;
  if (op == 7 || op == 8 || op == 9) {  // reversed: b - a, b / a, b ^ a
    std::swap(x, y);
    op = op - 6;  // rsub -> sub, rdiv -> div, rpow -> pow
  }
  if (op < 0 || op > 6) return Unimplemented("op_type ", op_type, " is not supported");
  AddOp(kNames[op], {{"X", {x}}, {"Y", {y}}}, {{"Out", {out}}}, {{"axis", Attribute::Int(BroadcastAxis(A->rank, B->rank))}});
  SetTop(L, 0, out, std::max(A->rank, B->rank));
  return Status::OK();
}

Status Importer::UnaryOp(const NcnnLayer& L) {
  const int t = L.pd.Int(0, 0);
  const BlobInfo* in = Bottom(L, 0);
  const std::string out = TopVar(L, 0);
  // 0 abs 1 neg 2 floor 3 ceil 4 square 5 sqrt 6 rsqrt 7 exp 8 log 9 sin 10 cos 11 tan 12 asin 13 acos
  // 14 atan 15 reciprocal 16 tanh 17 log10 18 round 19 trunc
  static const char* const kTypes[] = {"abs", nullptr, "floor", "ceil", "square", "sqrt", "rsqrt", "exp", "log",
                                       "sin", "cos", "tan", "asin", "acos", "atan", "reciprocal", "tanh", "log10",
                                       "round", "trunc"};
  if (t < 0 || t > 19) return Unimplemented("op_type ", t, " is not supported");
  if (t == 1)
    AddActivation("scale", in->var, out, {{"scale", Attribute::Float(-1.f)}, {"bias", Attribute::Float(0.f)}});
  else
    AddActivation(kTypes[t], in->var, out);
  SetTop(L, 0, out, in->rank);
  return Status::OK();
}

Status Importer::Eltwise(const NcnnLayer& L) {
  const int op_type = L.pd.Int(0, 0);
  std::vector<float> coeffs = L.pd.Floats(1);
  if (L.bottoms.size() < 2) return InvalidArgument("expects at least 2 inputs");
  if (op_type < 0 || op_type > 2) return Unimplemented("op_type ", op_type, " is not supported");
  if (!coeffs.empty() && coeffs.size() != L.bottoms.size())
    return InvalidArgument(coeffs.size(), " coefficients for ", L.bottoms.size(), " inputs");
  if (op_type != 1 && !coeffs.empty()) return InvalidArgument("coefficients apply to op_type 1 (sum) only");
  const char* type = op_type == 0 ? "elementwise_mul" : op_type == 1 ? "elementwise_add" : "elementwise_max";
  const std::string out = TopVar(L, 0);
  std::vector<std::string> ins;
  for (size_t i = 0; i < L.bottoms.size(); ++i) {
    std::string v = Bottom(L, i)->var;
    if (!coeffs.empty() && coeffs[i] != 1.f) {
      std::string t = Temp(out);
      AddActivation("scale", v, t, {{"scale", Attribute::Float(coeffs[i])}, {"bias", Attribute::Float(0.f)}});
      v = t;
    }
    ins.push_back(v);
  }
  std::string acc = ins[0];
  for (size_t i = 1; i < ins.size(); ++i) {
    std::string o = i + 1 == ins.size() ? out : Temp(out);
    AddOp(type, {{"X", {acc}}, {"Y", {ins[i]}}}, {{"Out", {o}}}, {{"axis", Attribute::Int(-1)}});
    acc = o;
  }
  SetTop(L, 0, out, Bottom(L, 0)->rank);
  return Status::OK();
}

Status Importer::Slice(const NcnnLayer& L) {
  std::vector<int> slices = L.pd.Ints(0);
  std::vector<int> indices = L.pd.Ints(1);
  const int axis = L.pd.Int(1, 0);
  const BlobInfo* in = Bottom(L, 0);
  const size_t n = L.tops.size();
  if (!indices.empty()) return Unimplemented("slice indices (-23301) are not supported");
  if (slices.size() != n) return InvalidArgument(slices.size(), " slices for ", n, " outputs");
  int auto_count = 0;
  for (int s : slices) auto_count += s == -233;
  std::map<std::string, Attribute> a;
  a["axis"] = Attribute::Int(EmberAxis(axis));
  if (auto_count == static_cast<int>(n)) {
    a["num"] = Attribute::Int(static_cast<int64_t>(n));
  } else if (auto_count <= 1) {
    std::vector<int64_t> sec;
    for (int s : slices) sec.push_back(s == -233 ? -1 : s);
    a["sections"] = Attribute::Ints(sec);
  } else {
    // Several -233 among fixed sizes: each takes an equal share of what is left; needs the axis size.
    int rank = in->rank;
    int a_idx = axis < 0 ? axis + rank : axis;
    if (in->hint.empty() || a_idx < 0 || a_idx >= rank)
      return Unimplemented("several automatic (-233) slices among fixed sizes need the input's shape hint");
    int64_t size = in->hint[static_cast<size_t>(rank - 1 - a_idx)];
    std::vector<int64_t> sec;
    int64_t used = 0;
    for (size_t i = 0; i < n; ++i) {
      int64_t s = slices[i];
      if (s == -233) s = (size - used) / static_cast<int64_t>(n - i);
      sec.push_back(s);
      used += s;
    }
    a["sections"] = Attribute::Ints(sec);
  }
  std::vector<std::string> outs;
  for (size_t i = 0; i < n; ++i) outs.push_back(TopVar(L, i));
  AddOp("split", {{"X", {in->var}}}, {{"Out", outs}}, a);
  for (size_t i = 0; i < n; ++i) SetTop(L, i, outs[i], in->rank);
  return Status::OK();
}

Status Importer::Crop(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const BlobInfo* in = Bottom(L, 0);
  if (L.bottoms.size() != 1) return Unimplemented("crop to a reference blob (2 inputs) is not supported");
  std::vector<int64_t> axes, starts, ends;
  if (pd.HasArray(9) || pd.HasArray(10) || pd.HasArray(11)) {
    std::vector<int> s = pd.Ints(9), e = pd.Ints(10), ax = pd.Ints(11);
    if (s.size() != e.size() || s.size() != ax.size())
      return InvalidArgument("starts, ends and axes have ", s.size(), ", ", e.size(), " and ", ax.size(), " values");
    for (size_t i = 0; i < s.size(); ++i) {
      axes.push_back(EmberAxis(ax[i]));
      starts.push_back(s[i]);
      ends.push_back(e[i] == -233 || e[i] >= (1 << 30) ? INT32_MAX : e[i]);
    }
  } else {
    const int woff = pd.Int(0, 0), hoff = pd.Int(1, 0), doff = pd.Int(13, 0), coff = pd.Int(2, 0);
    const int outw = pd.Int(3, 0), outh = pd.Int(4, 0), outd = pd.Int(14, 0), outc = pd.Int(5, 0);
    const int woff2 = pd.Int(6, 0), hoff2 = pd.Int(7, 0), doff2 = pd.Int(15, 0), coff2 = pd.Int(8, 0);
    if (doff || outd || doff2) return Unimplemented("depth cropping is not supported");
    const int rank = in->rank;
    if (rank == 0) return Unimplemented("cropping needs the input's rank (no shape hint)");
    // (offset, size, offset2) per ncnn dim, outermost first.
    struct D { int off, size, off2; };
    std::vector<D> dims;
    if (rank == 3) dims = {{coff, outc, coff2}, {hoff, outh, hoff2}, {woff, outw, woff2}};
    else if (rank == 2) dims = {{hoff, outh, hoff2}, {woff, outw, woff2}};
    else if (rank == 1) dims = {{woff, outw, woff2}};
    else return Unimplemented("cropping a ", rank, "-D blob is not supported");
    for (size_t i = 0; i < dims.size(); ++i) {
      const D& d = dims[i];
      if (d.off == 0 && d.size <= 0 && d.off2 == 0) continue;
      if (d.size == -233 || d.size <= 0) {
        if (d.off2 != 0) return Unimplemented("crop with offset2 is not supported");
        axes.push_back(static_cast<int64_t>(i) + 1);
        starts.push_back(d.off);
        ends.push_back(INT32_MAX);
      } else {
        axes.push_back(static_cast<int64_t>(i) + 1);
        starts.push_back(d.off);
        ends.push_back(static_cast<int64_t>(d.off) + d.size);
      }
    }
  }
  const std::string out = TopVar(L, 0);
  if (axes.empty()) {
    AddOp("assign", {{"X", {in->var}}}, {{"Out", {out}}});
  } else {
    AddOp("slice", {{"Input", {in->var}}}, {{"Out", {out}}},
          {{"axes", Attribute::Ints(axes)}, {"starts", Attribute::Ints(starts)}, {"ends", Attribute::Ints(ends)}});
  }
  SetTop(L, 0, out, in->rank);
  return Status::OK();
}

Status Importer::Reshape(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int w = pd.Int(0, -233), h = pd.Int(1, -233), d = pd.Int(11, -233), c = pd.Int(2, -233);
  if (pd.Int(3, 0) != 0) return Unimplemented("permute = 1 (caffe-order reshape) is not supported");
  if (L.bottoms.size() != 1) return Unimplemented("reshape to a shape blob is not supported");
  const BlobInfo* in = Bottom(L, 0);
  std::vector<int> ncnn;  // outermost first
  if (h == -233) ncnn = {w};
  else if (c == -233) ncnn = {h, w};
  else if (d == -233) ncnn = {c, h, w};
  else ncnn = {c, d, h, w};
  std::vector<int64_t> shape = {1};
  for (size_t i = 0; i < ncnn.size(); ++i) {
    int v = ncnn[i];
    if (v == 0) {
      // 0 copies the input's dim at the same ncnn position (w with w, h with h, ...).
      const int rank_out = static_cast<int>(ncnn.size());
      if (in->rank != rank_out)
        return Unimplemented("0 in a reshape that changes the rank needs the input's shape");
      shape.push_back(0);
    } else {
      if (v < -1) return InvalidArgument("bad target dim ", v);
      shape.push_back(v);
    }
  }
  const std::string out = TopVar(L, 0);
  AddOp("reshape2", {{"X", {in->var}}}, {{"Out", {out}}}, {{"shape", Attribute::Ints(shape)}});
  SetTop(L, 0, out, static_cast<int>(ncnn.size()));
  return Status::OK();
}

Status Importer::Permute(const NcnnLayer& L) {
  const int order = L.pd.Int(0, 0);
  const BlobInfo* in = Bottom(L, 0);
  const std::string out = TopVar(L, 0);
  std::vector<int64_t> axis;
  if (in->rank == 2) {
    if (order == 0) axis = {0, 1, 2};
    else if (order == 1) axis = {0, 2, 1};
    else return InvalidArgument("order_type ", order, " is not valid for a 2-D blob");
  } else if (in->rank == 3) {
    // order_type names the output's (w, h, c) in terms of the input's; in Ember's [1, c, h, w] order:
    static const int64_t kAxes[6][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3},
                                        {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1}};
    if (order < 0 || order > 5) return Unimplemented("order_type ", order, " is not supported for a 3-D blob");
    axis.assign(kAxes[order], kAxes[order] + 4);
  } else {
    return Unimplemented("permute of a ", in->rank, "-D blob is not supported");
  }
  AddOp("transpose2", {{"X", {in->var}}}, {{"Out", {out}}}, {{"axis", Attribute::Ints(axis)}});
  SetTop(L, 0, out, in->rank);
  return Status::OK();
}

Status Importer::Interp(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int type = pd.Int(0, 0);
  const float hs = pd.Float(1, 1.f), ws = pd.Float(2, 1.f);
  const int oh = pd.Int(3, 0), ow = pd.Int(4, 0);
  const int dynamic = pd.Int(5, 0);
  const int align = pd.Int(6, 0);
  const BlobInfo* in = Bottom(L, 0);
  if (L.bottoms.size() != 1 || dynamic) return Unimplemented("interp to a reference size is not supported");
  if (in->rank != 3 && in->rank != 0) return Unimplemented("interp of a ", in->rank, "-D blob is not supported");
  std::map<std::string, Attribute> a;
  std::string t;
  if (type == 1) t = "nearest_interp_v2";
  else if (type == 2) t = "bilinear_interp_v2";
  else return Unimplemented("resize_type ", type, " (only 1 nearest, 2 bilinear) is not supported");
  a["interp_method"] = Attribute::String(type == 1 ? "nearest" : "bilinear");
  a["align_corners"] = Attribute::Bool(align != 0);
  a["align_mode"] = Attribute::Int(0);
  if (oh > 0 && ow > 0) {
    a["out_h"] = Attribute::Int(oh);
    a["out_w"] = Attribute::Int(ow);
  } else {
    if (!(hs > 0.f) || !(ws > 0.f)) return InvalidArgument("bad scales ", hs, " ", ws);
    a["scale"] = Attribute::Floats({hs, ws});
  }
  const std::string out = TopVar(L, 0);
  AddOp(t, {{"X", {in->var}}}, {{"Out", {out}}}, a);
  SetTop(L, 0, out, 3);
  return Status::OK();
}

Status Importer::Padding(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int top = pd.Int(0, 0), bottom = pd.Int(1, 0), left = pd.Int(2, 0), right = pd.Int(3, 0);
  const int type = pd.Int(4, 0);
  const float value = pd.Float(5, 0.f);
  const int per_channel = pd.Int(6, 0);
  const int front = pd.Int(7, 0), behind = pd.Int(8, 0);
  if (per_channel) return Unimplemented("per-channel pad values are not supported");
  if (L.bottoms.size() != 1) return Unimplemented("pads from a blob are not supported");
  const BlobInfo* in = Bottom(L, 0);
  if (in->rank != 3 && in->rank != 0) return Unimplemented("padding a ", in->rank, "-D blob is not supported");
  if (top < 0 || bottom < 0 || left < 0 || right < 0 || front < 0 || behind < 0)
    return InvalidArgument("negative pads");
  const char* mode2d = type == 0 ? "constant" : type == 1 ? "edge" : type == 2 ? "reflect" : nullptr;
  const char* mode3d = type == 0 ? "constant" : type == 1 ? "replicate" : type == 2 ? "reflect" : nullptr;
  if (!mode2d) return Unimplemented("type ", type, " is not supported");
  const std::string out = TopVar(L, 0);
  if (front == 0 && behind == 0) {
    AddOp("pad2d", {{"X", {in->var}}}, {{"Out", {out}}},
          {{"paddings", Attribute::Ints({top, bottom, left, right})}, {"mode", Attribute::String(mode2d)},
           {"pad_value", Attribute::Float(value)}});
  } else {
    // Channel padding: view [1, c, h, w] as [1, 1, c, h, w] and pad depth, height and width.
    std::string t5 = Temp(out), p5 = Temp(out);
    AddOp("unsqueeze2", {{"X", {in->var}}}, {{"Out", {t5}}}, {{"axes", Attribute::Ints({1})}});
    AddOp("pad3d", {{"X", {t5}}}, {{"Out", {p5}}},
          {{"paddings", Attribute::Ints({left, right, top, bottom, front, behind})},
           {"mode", Attribute::String(mode3d)}, {"value", Attribute::Float(value)}});
    AddOp("squeeze2", {{"X", {p5}}}, {{"Out", {out}}}, {{"axes", Attribute::Ints({1})}});
  }
  SetTop(L, 0, out, 3);
  return Status::OK();
}

Status Importer::Reduction(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int op = pd.Int(0, 0);
  const int reduce_all = pd.Int(1, 1);
  const float coeff = pd.Float(2, 1.f);
  std::vector<int> axes = pd.Ints(3);
  const int keepdims = pd.Int(4, 0);
  const BlobInfo* in = Bottom(L, 0);
  const char* type = op == 0 ? "reduce_sum" : op == 3 ? "reduce_mean" : op == 4 ? "reduce_max" : nullptr;
  if (!type) return Unimplemented("operation ", op, " (only 0 sum, 3 mean, 4 max) is not supported");
  std::map<std::string, Attribute> a;
  a["keep_dim"] = Attribute::Bool(keepdims != 0);
  int out_rank = in->rank;
  if (reduce_all || axes.empty()) {
    if (!keepdims) {
      // ncnn gives a 1-D blob of one value; Ember keeps the batch dim: reduce every dim but the batch.
      if (in->rank == 0) return Unimplemented("reduce_all needs the input's rank");
      std::vector<int64_t> dims;
      for (int i = 1; i <= in->rank; ++i) dims.push_back(i);
      a["dim"] = Attribute::Ints(dims);
      a["keep_dim"] = Attribute::Bool(false);
      std::string t = Temp(TopVar(L, 0));
      AddOp(type, {{"X", {in->var}}}, {{"Out", {t}}}, a);
      AddOp("reshape2", {{"X", {t}}}, {{"Out", {TopVar(L, 0)}}}, {{"shape", Attribute::Ints({1, 1})}});
      SetTop(L, 0, TopVar(L, 0), 1);
      goto coeff_step;
    }
    std::vector<int64_t> dims;
    for (int i = 1; i <= in->rank; ++i) dims.push_back(i);
    if (dims.empty()) return Unimplemented("reduce_all needs the input's rank");
    a["dim"] = Attribute::Ints(dims);
  } else {
    std::vector<int64_t> dims;
    for (int x : axes) dims.push_back(EmberAxis(x));
    a["dim"] = Attribute::Ints(dims);
    if (!keepdims) {
      if (in->rank == 0) return Unimplemented("reduction without keepdims needs the input's rank");
      out_rank = std::max(1, in->rank - static_cast<int>(axes.size()));
    }
  }
  AddOp(type, {{"X", {in->var}}}, {{"Out", {TopVar(L, 0)}}}, a);
  SetTop(L, 0, TopVar(L, 0), out_rank);
coeff_step:
  if (coeff != 1.f) {
    // Apply the coefficient in place of the output: rename the reduction's output.
    OpDesc& last = block().ops.back();
    std::string t = Temp(TopVar(L, 0));
    for (auto& kv : last.outputs)
      for (auto& n : kv.second)
        if (n == TopVar(L, 0)) n = t;
    DeclareVar(t);
    AddActivation("scale", t, TopVar(L, 0), {{"scale", Attribute::Float(coeff)}, {"bias", Attribute::Float(0.f)}});
  }
  return Status::OK();
}

Status Importer::ShuffleChannel(const NcnnLayer& L) {
  const int group = L.pd.Int(0, 1);
  const int reverse = L.pd.Int(1, 0);
  const BlobInfo* in = Bottom(L, 0);
  if (group <= 0) return InvalidArgument("group must be positive, got ", group);
  if (in->rank != 0 && in->rank != 3) return Unimplemented("shuffling a ", in->rank, "-D blob is not supported");
  if (reverse)
    AddOp("ncnn_shuffle_channel", {{"X", {in->var}}}, {{"Out", {TopVar(L, 0)}}},
          {{"group", Attribute::Int(group)}, {"reverse", Attribute::Bool(true)}});
  else
    AddOp("shuffle_channel", {{"X", {in->var}}}, {{"Out", {TopVar(L, 0)}}}, {{"group", Attribute::Int(group)}});
  SetTop(L, 0, TopVar(L, 0), 3);
  return Status::OK();
}

Status Importer::Detection(const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const std::string out = TopVar(L, 0);
  std::vector<std::string> ins;
  for (size_t i = 0; i < L.bottoms.size(); ++i) ins.push_back(Bottom(L, i)->var);
  if (L.type == "PriorBox") {
    if (ins.size() != 2) return InvalidArgument("expects the feature map and the image");
    std::map<std::string, Attribute> a;
    std::vector<double> mins, maxs, ratios;
    for (float v : pd.Floats(0)) mins.push_back(v);
    for (float v : pd.Floats(1)) maxs.push_back(v);
    for (float v : pd.Floats(2)) ratios.push_back(v);
    a["min_sizes"] = Attribute::Floats(mins);
    a["max_sizes"] = Attribute::Floats(maxs);
    a["aspect_ratios"] = Attribute::Floats(ratios);
    a["variances"] = Attribute::Floats({pd.Float(3, 0.1f), pd.Float(4, 0.1f), pd.Float(5, 0.2f), pd.Float(6, 0.2f)});
    a["flip"] = Attribute::Bool(pd.Int(7, 1) != 0);
    a["clip"] = Attribute::Bool(pd.Int(8, 0) != 0);
    a["image_width"] = Attribute::Int(pd.Int(9, -233));
    a["image_height"] = Attribute::Int(pd.Int(10, -233));
    a["step_width"] = Attribute::Float(pd.Float(11, -233.f));
    a["step_height"] = Attribute::Float(pd.Float(12, -233.f));
    a["offset"] = Attribute::Float(pd.Float(13, 0.f));
    if (pd.Int(14, 0) || pd.Int(15, 0)) return Unimplemented("mmdetection-style steps (14, 15) are not supported");
    AddOp("ncnn_prior_box", {{"Input", {ins[0]}}, {"Image", {ins[1]}}}, {{"Out", {out}}}, a);
    SetTop(L, 0, out, 2);
    return Status::OK();
  }
  if (L.type == "DetectionOutput") {
    if (ins.size() != 3) return InvalidArgument("expects location, confidence and prior box inputs");
    std::map<std::string, Attribute> a;
    a["num_class"] = Attribute::Int(pd.Int(0, 0));
    a["nms_threshold"] = Attribute::Float(pd.Float(1, 0.05f));
    a["nms_top_k"] = Attribute::Int(pd.Int(2, 300));
    a["keep_top_k"] = Attribute::Int(pd.Int(3, 100));
    a["confidence_threshold"] = Attribute::Float(pd.Float(4, 0.5f));
    AddOp("ncnn_detection_output", {{"Loc", {ins[0]}}, {"Conf", {ins[1]}}, {"PriorBox", {ins[2]}}},
          {{"Out", {out}}}, a);
    SetTop(L, 0, out, 2);
    return Status::OK();
  }
  if (L.type == "Yolov3DetectionOutput" || L.type == "YoloDetectionOutput") {
    const bool v3 = L.type == "Yolov3DetectionOutput";
    std::map<std::string, Attribute> a;
    a["version"] = Attribute::Int(v3 ? 3 : 2);
    a["num_class"] = Attribute::Int(pd.Int(0, 20));
    a["num_box"] = Attribute::Int(pd.Int(1, 5));
    a["confidence_threshold"] = Attribute::Float(pd.Float(2, v3 ? 0.01f : 0.01f));
    a["nms_threshold"] = Attribute::Float(pd.Float(3, 0.45f));
    std::vector<double> biases, mask, scales;
    for (float v : pd.Floats(4)) biases.push_back(v);
    for (float v : pd.Floats(5)) mask.push_back(v);
    for (float v : pd.Floats(6)) scales.push_back(v);
    a["biases"] = Attribute::Floats(biases);
    if (v3) {
      a["mask"] = Attribute::Floats(mask);
      a["anchors_scale"] = Attribute::Floats(scales);
    }
    AddOp("ncnn_yolo_detection_output", {{"X", ins}}, {{"Out", {out}}}, a);
    SetTop(L, 0, out, 2);
    return Status::OK();
  }
  return Unimplemented("unknown detection layer");
}

Status Importer::ImportLayer(const NcnnLayer& L) {
  const std::string& t = L.type;
  const NcnnParamDict& pd = L.pd;
  // Only the source layers take no input; every converter below reads its first input.
  if (L.bottoms.empty() && t != "Input" && t != "MemoryData") return InvalidArgument("expects at least one input");
  auto one_in_out = [&]() -> Status {
    if (L.bottoms.size() != 1 || L.tops.size() != 1)
      return InvalidArgument("expects 1 input and 1 output, got ", L.bottoms.size(), " and ", L.tops.size());
    return Status::OK();
  };
  if (t == "Input") {
    if (!L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects no input and 1 output");
    int w = pd.Int(0, 0), h = pd.Int(1, 0), c = pd.Int(2, 0);
    auto hint = hints_.find(L.tops[0]);
    if (w <= 0 && h <= 0 && c <= 0 && hint != hints_.end()) {
      const auto& s = hint->second;
      w = s[0];
      h = s.size() >= 2 ? s[1] : 0;
      c = s.size() >= 3 ? s.back() : 0;
    }
    std::vector<int64_t> dims = {1};
    int rank;
    if (c > 0) dims.insert(dims.end(), {c, std::max(h, 1), std::max(w, 1)}), rank = 3;
    else if (h > 0) dims.insert(dims.end(), {h, std::max(w, 1)}), rank = 2;
    else if (w > 0) dims.push_back(w), rank = 1;
    else dims = {1, -1, -1, -1}, rank = 3;
    if (!DDim(dims).HasUnknown() && DDim(dims).numel() < 0)
      return InvalidArgument("input shape ", DDim(dims).ToString(), " has more elements than can be counted");
    const std::string name = TopVar(L, 0);
    VarDesc v;
    v.name = name;
    v.dims = dims;
    block().AddVar(v);
    OpDesc op;
    op.type = "feed";
    op.SetInput("X", {"feed"});
    op.SetOutput("Out", {name});
    op.attrs["col"] = Attribute::Int(feeds_++);
    block().ops.push_back(op);
    SetTop(L, 0, name, rank);
    return Status::OK();
  }
  if (t == "Split") {
    if (L.bottoms.size() != 1) return InvalidArgument("expects 1 input");
    const BlobInfo in = *Bottom(L, 0);
    for (size_t i = 0; i < L.tops.size(); ++i) SetTop(L, i, in.var, in.rank);
    return Status::OK();
  }
  if (t == "Noop") {
    if (L.bottoms.empty() || L.tops.empty()) {
      for (size_t i = 0; i < L.tops.size(); ++i) return Unimplemented("Noop without inputs");
      return Status::OK();
    }
    for (size_t i = 0; i < L.tops.size(); ++i) {
      const BlobInfo in = *Bottom(L, std::min(i, L.bottoms.size() - 1));
      SetTop(L, i, in.var, in.rank);
    }
    return Status::OK();
  }
  if (t == "MemoryData") {
    if (!L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects no input and 1 output");
    const int w = pd.Int(0, 0), h = pd.Int(1, 0), d = pd.Int(11, 0), c = pd.Int(2, 0);
    std::vector<int64_t> dims = {1};
    int rank;
    if (c > 0 && d > 0) dims.insert(dims.end(), {c, d, std::max(h, 1), std::max(w, 1)}), rank = 4;
    else if (c > 0) dims.insert(dims.end(), {c, std::max(h, 1), std::max(w, 1)}), rank = 3;
    else if (h > 0) dims.insert(dims.end(), {h, std::max(w, 1)}), rank = 2;
    else if (w > 0) dims.push_back(w), rank = 1;
    else return InvalidArgument("no shape");
    std::vector<float> v;
    EMBER_RETURN_IF_ERROR(LoadBin(DDim(dims).numel(), 1, &v));
    EMBER_RETURN_IF_ERROR(AddWeight(TopVar(L, 0), dims, std::move(v)));
    SetTop(L, 0, TopVar(L, 0), rank);
    return Status::OK();
  }
  if (t == "Convolution") return Conv(L, false);
  if (t == "ConvolutionDepthWise") return Conv(L, true);
  if (t == "Deconvolution") return Deconv(L, false);
  if (t == "DeconvolutionDepthWise") return Deconv(L, true);
  if (t == "Pooling") { EMBER_RETURN_IF_ERROR(one_in_out()); return Pooling(L); }
  if (t == "InnerProduct") { EMBER_RETURN_IF_ERROR(one_in_out()); return InnerProduct(L); }
  if (t == "BinaryOp") return BinaryOp(L);
  if (t == "UnaryOp") { EMBER_RETURN_IF_ERROR(one_in_out()); return UnaryOp(L); }
  if (t == "Eltwise") return Eltwise(L);
  if (t == "Slice") return Slice(L);
  if (t == "Crop") return Crop(L);
  if (t == "Reshape") return Reshape(L);
  if (t == "Permute") { EMBER_RETURN_IF_ERROR(one_in_out()); return Permute(L); }
  if (t == "Interp") return Interp(L);
  if (t == "Padding") return Padding(L);
  if (t == "Reduction") { EMBER_RETURN_IF_ERROR(one_in_out()); return Reduction(L); }
  if (t == "ShuffleChannel") { EMBER_RETURN_IF_ERROR(one_in_out()); return ShuffleChannel(L); }
  if (t == "Concat") {
    if (L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects inputs and 1 output");
    std::vector<std::string> xs;
    int rank = 0;
    for (size_t i = 0; i < L.bottoms.size(); ++i) {
      xs.push_back(Bottom(L, i)->var);
      rank = std::max(rank, Bottom(L, i)->rank);
    }
    AddOp("concat", {{"X", xs}}, {{"Out", {TopVar(L, 0)}}}, {{"axis", Attribute::Int(EmberAxis(pd.Int(0, 0)))}});
    SetTop(L, 0, TopVar(L, 0), rank);
    return Status::OK();
  }
  if (t == "MultiHeadAttention" || t == "Gemm" || t == "MatMul")
    return Unimplemented("ncnn layer type '", t, "' is not supported yet");
  if (t == "PriorBox" || t == "DetectionOutput" || t == "Yolov3DetectionOutput" || t == "YoloDetectionOutput")
    return Detection(L);

  EMBER_RETURN_IF_ERROR(one_in_out());
  const BlobInfo* in = Bottom(L, 0);
  const std::string out = TopVar(L, 0);
  if (t == "ReLU") {
    float slope = pd.Float(0, 0.f);
    if (slope == 0.f) AddActivation("relu", in->var, out);
    else AddActivation("leaky_relu", in->var, out, {{"alpha", Attribute::Float(slope)}});
  } else if (t == "Clip") {
    float lo = pd.Float(0, -FLT_MAX), hi = pd.Float(1, FLT_MAX);
    if (!(lo <= hi)) return InvalidArgument("min ", lo, " exceeds max ", hi);
    AddActivation("clip", in->var, out, {{"min", Attribute::Float(lo)}, {"max", Attribute::Float(hi)}});
  } else if (t == "Sigmoid") {
    AddActivation("sigmoid", in->var, out);
  } else if (t == "TanH") {
    AddActivation("tanh", in->var, out);
  } else if (t == "AbsVal") {
    AddActivation("abs", in->var, out);
  } else if (t == "HardSigmoid") {
    AddActivation("hard_sigmoid", in->var, out,
                  {{"slope", Attribute::Float(pd.Float(0, 0.2f))}, {"offset", Attribute::Float(pd.Float(1, 0.5f))}});
  } else if (t == "HardSwish") {
    const float alpha = pd.Float(0, 0.2f), beta = pd.Float(1, 0.5f);
    if (!(alpha > 0.f)) return Unimplemented("alpha ", alpha, " <= 0 is not supported");
    AddActivation("hard_swish", in->var, out,
                  {{"threshold", Attribute::Float(1.f / alpha)}, {"scale", Attribute::Float(1.f / alpha)},
                   {"offset", Attribute::Float(beta / alpha)}});
  } else if (t == "Swish") {
    AddActivation("swish", in->var, out, {{"beta", Attribute::Float(1.f)}});
  } else if (t == "GELU") {
    AddActivation("gelu", in->var, out, {{"approximate", Attribute::Bool(pd.Int(0, 0) != 0)}});
  } else if (t == "Dropout") {
    float scale = pd.Float(0, 1.f);
    if (scale == 1.f) AddOp("assign", {{"X", {in->var}}}, {{"Out", {out}}});
    else AddActivation("scale", in->var, out, {{"scale", Attribute::Float(scale)}, {"bias", Attribute::Float(0.f)}});
  } else if (t == "BatchNorm") {
    const int c = pd.Int(0, 0);
    const float eps = pd.Float(1, 0.f);
    if (c <= 0) return InvalidArgument("channels must be positive, got ", c);
    const char* names[] = {".slope", ".mean", ".var", ".bias"};
    for (const char* n : names) {
      std::vector<float> v;
      EMBER_RETURN_IF_ERROR(LoadBin(c, 1, &v));
      EMBER_RETURN_IF_ERROR(AddWeight(L.name + n, {c}, std::move(v)));
    }
    AddOp("batch_norm",
          {{"X", {in->var}}, {"Scale", {L.name + ".slope"}}, {"Bias", {L.name + ".bias"}}, {"Mean", {L.name + ".mean"}},
           {"Variance", {L.name + ".var"}}},
          {{"Y", {out}}}, {{"epsilon", Attribute::Float(eps)}});
  } else if (t == "Scale") {
    const int size = pd.Int(0, 0);
    const int bias_term = pd.Int(1, 0);
    if (size == -233) return Unimplemented("scale from a second blob is not supported");
    if (size <= 0) return InvalidArgument("scale_data_size must be positive, got ", size);
    std::vector<float> s, b;
    EMBER_RETURN_IF_ERROR(LoadBin(size, 1, &s));
    EMBER_RETURN_IF_ERROR(AddWeight(L.name + ".scale", {size}, std::move(s)));
    const int64_t axis = in->rank >= 2 ? 1 : -1;
    std::string mid = bias_term ? Temp(out) : out;
    AddOp("elementwise_mul", {{"X", {in->var}}, {"Y", {L.name + ".scale"}}}, {{"Out", {mid}}},
          {{"axis", Attribute::Int(axis)}});
    if (bias_term) {
      EMBER_RETURN_IF_ERROR(LoadBin(size, 1, &b));
      EMBER_RETURN_IF_ERROR(AddWeight(L.name + ".bias", {size}, std::move(b)));
      AddOp("elementwise_add", {{"X", {mid}}, {"Y", {L.name + ".bias"}}}, {{"Out", {out}}},
            {{"axis", Attribute::Int(axis)}});
    }
  } else if (t == "PReLU") {
    const int n = pd.Int(0, 0);
    if (n <= 0) return InvalidArgument("num_slope must be positive, got ", n);
    std::vector<float> s;
    EMBER_RETURN_IF_ERROR(LoadBin(n, 1, &s));
    EMBER_RETURN_IF_ERROR(AddWeight(L.name + ".slope", {n}, std::move(s)));
    AddOp("prelu", {{"X", {in->var}}, {"Alpha", {L.name + ".slope"}}}, {{"Out", {out}}},
          {{"mode", Attribute::String(n == 1 ? "all" : "channel")}});
  } else if (t == "Softmax") {
    AddOp("softmax", {{"X", {in->var}}}, {{"Out", {out}}}, {{"axis", Attribute::Int(EmberAxis(pd.Int(0, 0)))}});
  } else if (t == "Flatten") {
    AddOp("reshape2", {{"X", {in->var}}}, {{"Out", {out}}}, {{"shape", Attribute::Ints({1, -1})}});
    SetTop(L, 0, out, 1);
    return Status::OK();
  } else if (t == "LRN") {
    const int region = pd.Int(0, 0), size = pd.Int(1, 5);
    const float alpha = pd.Float(2, 1.f), beta = pd.Float(3, 0.75f), bias = pd.Float(4, 1.f);
    if (region != 0) return Unimplemented("region_type ", region, " (only 0 across channels) is not supported");
    if (size <= 0) return InvalidArgument("local_size must be positive, got ", size);
    AddOp("lrn", {{"X", {in->var}}}, {{"Out", {out}}},
          {{"n", Attribute::Int(size)}, {"k", Attribute::Float(bias)}, {"alpha", Attribute::Float(alpha / size)},
           {"beta", Attribute::Float(beta)}});
  } else if (t == "LayerNorm") {
    const int affine_size = pd.Int(0, 0);
    const float eps = pd.Float(1, 0.001f);
    const int affine = pd.Int(2, 1);
    if (affine_size <= 0) return InvalidArgument("affine_size must be positive");
    if (in->rank != 2 && in->rank != 1)
      return Unimplemented("layer norm of a ", in->rank, "-D blob is not supported");
    OpDesc& op = AddOp("layer_norm", {{"X", {in->var}}}, {{"Y", {out}}},
                       {{"begin_norm_axis", Attribute::Int(in->rank)}, {"epsilon", Attribute::Float(eps)}});
    (void)op;
    if (affine) {
      std::vector<float> g, b;
      EMBER_RETURN_IF_ERROR(LoadBin(affine_size, 1, &g));
      EMBER_RETURN_IF_ERROR(LoadBin(affine_size, 1, &b));
      EMBER_RETURN_IF_ERROR(AddWeight(L.name + ".gamma", {affine_size}, std::move(g)));
      EMBER_RETURN_IF_ERROR(AddWeight(L.name + ".beta", {affine_size}, std::move(b)));
      OpDesc& last = block().ops.back();
      last.SetInput("Scale", {L.name + ".gamma"});
      last.SetInput("Bias", {L.name + ".beta"});
    }
  } else {
    return Unimplemented("ncnn layer type '", t, "' is not supported");
  }
  SetTop(L, 0, out, in->rank);
  return Status::OK();
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool FileExists(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  std::fclose(f);
  return true;
}

}  // namespace

namespace {
Status ImportLayers(const std::vector<NcnnLayer>& layers, const std::string& source, ModelBin* mb,
                    ProgramDesc* program, Scope* weights) {
  Importer imp(source, program, weights, mb);
  Status s = imp.Run(layers);
  if (!s.ok()) {
    if (s.message().find(source) == std::string::npos) s.Prepend(source + ": ");
    return s;
  }
  if (!mb) EMBER_RETURN_IF_ERROR(GenerateWeights(*program, 1234, weights));
  return Status::OK();
}
}  // namespace

Status ImportNcnnBuffers(const std::string& param, bool binary_param, const std::string* bin, bool generate_weights,
                         const std::string& source, ProgramDesc* program, Scope* weights) {
  std::vector<NcnnLayer> layers;
  int blob_count = 0;
  EMBER_RETURN_IF_ERROR(binary_param ? ParseBinaryParam(param, source, &layers, &blob_count)
                                     : ParseTextParam(param, source, &layers, &blob_count));
  std::unique_ptr<ModelBin> mb;
  if (bin && !generate_weights)
    mb.reset(new ModelBin(bin, source + " weights"));
  else if (!generate_weights)
    return InvalidArgument(source, ": no weights given; pass a .bin or generate weights");
  return ImportLayers(layers, source, mb.get(), program, weights);
}

Status ImportNcnnFiles(const std::string& param_path, const std::string& bin_path, bool generate_weights,
                       ProgramDesc* program, Scope* weights) {
  std::string text;
  EMBER_RETURN_IF_ERROR(ReadFileToString(param_path, &text));
  std::vector<NcnnLayer> layers;
  int blob_count = 0;
  const bool binary = EndsWith(param_path, ".param.bin");
  EMBER_RETURN_IF_ERROR(binary ? ParseBinaryParam(text, param_path, &layers, &blob_count)
                               : ParseTextParam(text, param_path, &layers, &blob_count));

  std::string weights_path = bin_path;
  if (weights_path.empty() && !generate_weights) {
    std::string base = param_path.substr(0, param_path.size() - (binary ? 10 : 6));
    if (FileExists(base + ".bin")) weights_path = base + ".bin";
  }
  std::string bin;
  std::unique_ptr<ModelBin> mb;
  if (!weights_path.empty() && !generate_weights) {
    EMBER_RETURN_IF_ERROR(ReadFileToString(weights_path, &bin));
    mb.reset(new ModelBin(&bin, weights_path));
  } else if (!generate_weights) {
    return NotFound(param_path, ": no weight file (", param_path.substr(0, param_path.size() - (binary ? 10 : 6)),
                    ".bin) beside it; pass one or generate weights");
  }
  return ImportLayers(layers, param_path, mb.get(), program, weights);
}

}  // namespace ember
