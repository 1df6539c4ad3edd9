#include "io/onnx_importer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <set>
#include <sstream>

#include "framework/float16.h"
#include "framework/op_registry.h"
#include "onnx.pb.h"

namespace ember {

namespace {

// ONNX TensorProto.DataType numbers.
enum OnnxType : int {
  kOnnxUndefined = 0, kOnnxFloat = 1, kOnnxUInt8 = 2, kOnnxInt8 = 3, kOnnxUInt16 = 4, kOnnxInt16 = 5,
  kOnnxInt32 = 6, kOnnxInt64 = 7, kOnnxString = 8, kOnnxBool = 9, kOnnxFloat16 = 10, kOnnxDouble = 11,
  kOnnxUInt32 = 12, kOnnxUInt64 = 13,
};

const char* OnnxTypeName(int t) {
  static const char* kNames[] = {"UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64",
                                 "STRING", "BOOL", "FLOAT16", "DOUBLE", "UINT32", "UINT64", "COMPLEX64",
                                 "COMPLEX128", "BFLOAT16"};
  return t >= 0 && t <= 16 ? kNames[t] : "unknown";
}

// The Ember element type an ONNX tensor of type `t` is held in; false when Ember has none.
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

int VarTypeOf(DataType t) {
  switch (t) {
    case DataType::kFloat32: return static_cast<int>(VarDataType::kFP32);
    case DataType::kFloat16: return static_cast<int>(VarDataType::kFP16);
    case DataType::kInt8: return static_cast<int>(VarDataType::kInt8);
    case DataType::kUInt8: return static_cast<int>(VarDataType::kUInt8);
    case DataType::kInt32: return static_cast<int>(VarDataType::kInt32);
    case DataType::kInt64: return static_cast<int>(VarDataType::kInt64);
    case DataType::kBool: return static_cast<int>(VarDataType::kBool);
  }
  return static_cast<int>(VarDataType::kFP32);
}

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  *out = ss.str();
  return static_cast<bool>(f) || f.eof();
}

std::string DirName(const std::string& path) {
  size_t p = path.find_last_of('/');
  return p == std::string::npos ? "." : path.substr(0, p);
}

// Converts one TensorProto to a Tensor.
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
    std::string location;
    int64_t offset = 0, length = -1;
    for (const auto& kv : tp.external_data()) {
      if (kv.key() == "location") location = kv.value();
      else if (kv.key() == "offset") offset = std::atoll(kv.value().c_str());
      else if (kv.key() == "length") length = std::atoll(kv.value().c_str());
    }
    if (location.empty()) return ParseError(what, ": external data without a location");
    if (location.find("..") != std::string::npos || location[0] == '/')
      return ParseError(what, ": external data location '", location, "' must be a file beside the model");
    std::string path = dir + "/" + location;
    std::string file;
    if (!ReadFile(path, &file)) return NotFound(what, ": cannot read external data file ", path);
    if (offset < 0 || offset > static_cast<int64_t>(file.size()))
      return ParseError(what, ": external data offset ", offset, " is past the end of ", path);
    if (length < 0) length = static_cast<int64_t>(file.size()) - offset;
    if (offset + length > static_cast<int64_t>(file.size()))
      return ParseError(what, ": external data [", offset, ", ", offset + length, ") is past the end of ", path,
                        " (", file.size(), " bytes)");
    external = file.substr(static_cast<size_t>(offset), static_cast<size_t>(length));
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
    if (t == kOnnxFloat16) {
      float* f = static_cast<float*>(dst);
      for (int64_t i = 0; i < n; ++i) {
        uint16_t bits;
        std::memcpy(&bits, raw->data() + 2 * i, 2);
        f[i] = HalfToFloat(bits);
      }
    } else if (t == kOnnxDouble) {
      float* f = static_cast<float*>(dst);
      for (int64_t i = 0; i < n; ++i) {
        double v;
        std::memcpy(&v, raw->data() + 8 * i, 8);
        f[i] = static_cast<float>(v);
      }
    } else if (n > 0) {
      std::memcpy(dst, raw->data(), raw->size());
    }
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
      case DataType::kFloat32: v.push_back(static_cast<int64_t>(t.data<float>()[i])); break;
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

class Importer {
 public:
  Importer(const std::string& source, const std::string& dir, ProgramDesc* program, Scope* weights)
      : source_(source), dir_(dir), program_(program), weights_(weights) {}

  Status Run(const onnx::ModelProto& model);

 private:
  using Node = onnx::NodeProto;
  struct NodeAttrs;

  Status ImportNode(const Node& node);
  Status Convert(const Node& node, NodeAttrs& a);

  // Values: a known constant (initializer, Constant node) and the ONNX element type when known.
  const Tensor* Const(const std::string& name) const {
    auto it = consts_.find(name);
    return it == consts_.end() ? nullptr : &it->second;
  }
  Status AddWeight(const std::string& name, const Tensor& t);
  std::string Temp(const std::string& base) { return base + "@onnx_" + std::to_string(temp_++); }
  void DeclareVar(const std::string& name);
  void AddOp(const std::string& type, OpDesc::Slots ins, OpDesc::Slots outs,
             std::map<std::string, Attribute> attrs = {});
  // Runs an op whose inputs are all constants at load; its outputs become constants. False (and the op is
  // kept) when it cannot run here.
  bool Fold(const OpDesc& op);
  int Rank(const std::string& name) const {
    auto it = shapes_.find(name);
    return it == shapes_.end() ? -1 : static_cast<int>(it->second.size());
  }
  DataType TypeOf(const std::string& name, DataType def = DataType::kFloat32) const {
    auto it = types_.find(name);
    return it == types_.end() ? def : it->second;
  }

  std::string source_, dir_;
  ProgramDesc* program_;
  Scope* weights_;
  BlockDesc* block_ = nullptr;
  int64_t opset_ = 0;
  int temp_ = 0;
  int folded_ = 0;  // ops evaluated at load
  std::map<std::string, Tensor> consts_;
  std::map<std::string, std::vector<int64_t>> shapes_;  // dims known at import (-1 unknown)
  std::map<std::string, DataType> types_;               // element types known at import
};

// Reads one node's attributes with ONNX types; remembers which were read so unknown ones are reported.
struct Importer::NodeAttrs {
  const onnx::NodeProto& node;
  std::map<std::string, const onnx::AttributeProto*> by_name;
  std::set<std::string> used;
  Status status;

  explicit NodeAttrs(const onnx::NodeProto& n) : node(n) {
    for (const auto& a : n.attribute()) by_name[a.name()] = &a;
  }
  std::string Where() const {
    std::string first = node.output_size() > 0 ? node.output(0) : std::string();
    if (node.name().empty()) return StrCat("node ", node.op_type(), " (output '", first, "')");
    return StrCat("node '", node.name(), "' (", node.op_type(), ", output '", first, "')");
  }
  const onnx::AttributeProto* Get(const std::string& name) {
    used.insert(name);
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
  }
  // Get, with the attribute's declared type checked (AttributeProto.type: FLOAT 1, INT 2, STRING 3,
  // FLOATS 6, INTS 7; 0 = not declared, as in some old exports). A mismatch is kept in `status` (the first
  // one) and reads as absent.
  const onnx::AttributeProto* Typed(const std::string& name, int want, const char* want_name) {
    const auto* a = Get(name);
    if (a && a->type() != 0 && a->type() != want) {
      if (status.ok())
        status = InvalidArgument(Where(), ": attribute ", name, " has type ", a->type(), ", expected ", want_name);
      return nullptr;
    }
    return a;
  }
  bool Has(const std::string& name) { return by_name.count(name) > 0; }
  int64_t Int(const std::string& name, int64_t def) {
    const auto* a = Typed(name, 2, "INT");
    return a ? a->i() : def;
  }
  float Float(const std::string& name, float def) {
    const auto* a = Typed(name, 1, "FLOAT");
    return a ? a->f() : def;
  }
  std::string String(const std::string& name, const std::string& def) {
    const auto* a = Typed(name, 3, "STRING");
    return a ? a->s() : def;
  }
  std::vector<int64_t> Ints(const std::string& name, const std::vector<int64_t>& def) {
    const auto* a = Typed(name, 7, "INTS");
    return a ? std::vector<int64_t>(a->ints().begin(), a->ints().end()) : def;
  }
  std::vector<double> Floats(const std::string& name, const std::vector<double>& def) {
    const auto* a = Typed(name, 6, "FLOATS");
    return a ? std::vector<double>(a->floats().begin(), a->floats().end()) : def;
  }
  // Attributes the converter has no mapping for: the first one present is an error.
  void Ignore(std::initializer_list<const char*> names) {
    for (const char* n : names) used.insert(n);
  }
  Status Unsupported(const std::string& attr, const std::string& value) const {
    return Unimplemented(Where(), ": attribute ", attr, " = ", value, " is not supported");
  }
};

Status Importer::AddWeight(const std::string& name, const Tensor& t) {
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dims = t.dims().vec();
  v.dtype = VarTypeOf(t.dtype());
  block_->AddVar(v);
  EMBER_RETURN_IF_ERROR(weights_->Var(name)->GetMutable()->CopyFrom(t));
  EMBER_RETURN_IF_ERROR(consts_[name].CopyFrom(t));
  shapes_[name] = t.dims().vec();
  types_[name] = t.dtype();
  return Status::OK();
}

void Importer::DeclareVar(const std::string& name) {
  if (block_->FindVar(name)) return;
  VarDesc v;
  v.name = name;
  auto it = types_.find(name);
  if (it != types_.end()) v.dtype = VarTypeOf(it->second);
  auto s = shapes_.find(name);
  if (s != shapes_.end()) v.dims = s->second;
  block_->vars.push_back(v);
}

void Importer::AddOp(const std::string& type, OpDesc::Slots ins, OpDesc::Slots outs,
                     std::map<std::string, Attribute> attrs) {
  OpDesc op;
  op.type = type;
  op.inputs = std::move(ins);
  op.outputs = std::move(outs);
  op.attrs = std::move(attrs);
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  if (Fold(op)) return;
  block_->ops.push_back(std::move(op));
}

bool Importer::Fold(const OpDesc& op) {
  if (op.type == "feed" || op.type == "fetch") return false;
  if (op.type == "onnx_dropout") return false;  // a training-mode mask is drawn anew on every run
  std::vector<std::string> ins = op.AllInputNames();
  if (ins.empty()) return false;
  for (const auto& n : ins)
    if (!consts_.count(n)) return false;
  if (!FindOpCreator(op.type)) return false;
  // Small results only: folding exists for shape arithmetic, not to precompute large tensors.
  Scope scope(weights_);
  std::unique_ptr<OperatorBase> impl;
  if (!CreateOperator(op, &scope, &impl).ok() || !impl->InferShape().ok()) return false;
  std::vector<std::string> outs = op.AllOutputNames();
  for (const auto& n : outs) {
    Tensor* t = scope.Var(n)->GetMutable();
    if (t->numel() < 0 || t->numel() > 65536 || !t->Allocate().ok()) return false;
  }
  if (!impl->Init().ok() || !impl->Run().ok()) return false;
  for (const auto& n : outs)
    if (!AddWeight(n, scope.FindLocalVar(n)->Get()).ok()) return false;
  ++folded_;
  return true;
}

Status Importer::Run(const onnx::ModelProto& model) {
  for (const auto& os : model.opset_import())
    if (os.domain().empty() || os.domain() == "ai.onnx") opset_ = os.version();
  if (opset_ == 0) opset_ = 1;
  if (opset_ < 1 || opset_ > 21)
    return Unimplemented(source_, ": ONNX opset ", opset_, " is not supported (1 to 21 are)");
  if (!model.has_graph()) return ParseError(source_, ": the model has no graph");
  const onnx::GraphProto& g = model.graph();

  program_->blocks.assign(1, BlockDesc());
  program_->format = "onnx";
  program_->version = model.ir_version();
  block_ = &program_->block0();
  VarDesc feed, fetch;
  feed.name = "feed";
  feed.type = static_cast<int>(VarDataType::kFeedMinibatch);
  feed.persistable = true;
  fetch.name = "fetch";
  fetch.type = static_cast<int>(VarDataType::kFetchList);
  fetch.persistable = true;
  block_->vars = {feed, fetch};

  auto note_value_info = [&](const onnx::ValueInfoProto& vi) {
    if (!vi.has_type() || !vi.type().has_tensor_type()) return;
    const auto& tt = vi.type().tensor_type();
    DataType dt;
    if (tt.elem_type() && EmberTypeOf(tt.elem_type(), &dt)) types_[vi.name()] = dt;
    if (tt.has_shape()) {
      std::vector<int64_t> dims;
      for (const auto& d : tt.shape().dim()) dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
      shapes_[vi.name()] = dims;
    }
  };
  for (const auto& vi : g.value_info()) note_value_info(vi);
  for (const auto& vi : g.output()) note_value_info(vi);

  for (const auto& init : g.initializer()) {
    Tensor t;
    EMBER_RETURN_IF_ERROR(TensorFromProto(init, dir_, StrCat(source_, ": initializer '", init.name(), "'"), &t));
    EMBER_RETURN_IF_ERROR(AddWeight(init.name(), t));
  }
  int col = 0;
  for (const auto& in : g.input()) {
    if (consts_.count(in.name())) continue;  // an initializer (IR < 4 lists them as inputs too)
    note_value_info(in);
    if (in.has_type() && in.type().has_tensor_type()) {
      DataType dt;
      int et = in.type().tensor_type().elem_type();
      if (!EmberTypeOf(et, &dt))
        return Unimplemented(source_, ": graph input '", in.name(), "' has element type ", OnnxTypeName(et),
                             ", which is not supported");
    }
    AddOp("feed", {{"X", {"feed"}}}, {{"Out", {in.name()}}}, {{"col", Attribute::Int(col++)}});
  }
  for (const auto& node : g.node()) {
    Status s = ImportNode(node);
    if (!s.ok()) return s.Prepend(source_ + ": ");
  }
  col = 0;
  for (const auto& out : g.output()) {
    if (!block_->FindVar(out.name()))
      return ParseError(source_, ": graph output '", out.name(), "' is produced by no node");
    AddOp("fetch", {{"X", {out.name()}}}, {{"Out", {"fetch"}}}, {{"col", Attribute::Int(col++)}});
  }
  return Status::OK();
}

Status Importer::ImportNode(const Node& node) {
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    return Unimplemented("node '", node.name(), "' (", node.op_type(), "): domain '", node.domain(),
                         "' is not supported (only the default ONNX domain)");
  for (const auto& in : node.input())
    if (!in.empty() && !block_->FindVar(in))
      return ParseError("node '", node.name(), "' (", node.op_type(), ") reads '", in,
                        "', which no earlier node, input or initializer defines");
  NodeAttrs a(node);
  a.Ignore({"consumed_inputs"});  // a legacy (opset < 6) memory hint with no effect on results
  Status converted = Convert(node, a);
  if (!a.status.ok()) return a.status;  // an attribute of the wrong type, even if Convert carried on
  EMBER_RETURN_IF_ERROR(converted);
  for (const auto& kv : a.by_name)
    if (!a.used.count(kv.first))
      return Unimplemented(a.Where(), ": attribute ", kv.first, " is not supported");
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Node conversion.

Status Importer::Convert(const Node& node, NodeAttrs& a) {
  const std::string& op = node.op_type();
  auto in = [&](int i) -> std::string { return i < node.input_size() ? node.input(i) : std::string(); };
  auto out = [&](int i) -> std::string { return i < node.output_size() ? node.output(i) : std::string(); };
  const std::string x = in(0), y = out(0);
  auto fail = [&](const std::string& msg) { return Unimplemented(a.Where(), ": ", msg); };
  auto need_inputs = [&](int lo) -> Status {
    if (node.input_size() < lo || (lo > 0 && x.empty()))
      return InvalidArgument(a.Where(), ": needs ", lo, " inputs, has ", node.input_size());
    if (node.output_size() < 1 || y.empty()) return InvalidArgument(a.Where(), ": has no output");
    return Status::OK();
  };
  auto const_ints = [&](int i, const std::string& what, std::vector<int64_t>* v) -> Status {
    const Tensor* t = Const(in(i));
    if (!t) return fail(StrCat("input ", i, " (", what, ") must be a constant (initializer or Constant node)"));
    *v = ToInts(*t);
    return Status::OK();
  };
  auto same_type = [&]() { if (types_.count(x)) types_[y] = types_[x]; };
  auto act = [&](const std::string& type, std::map<std::string, Attribute> attrs = {}) -> Status {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    same_type();
    AddOp(type, {{"X", {x}}}, {{"Out", {y}}}, std::move(attrs));
    return Status::OK();
  };
  auto rank_of = [&](const std::string& name) -> int { return Rank(name); };
  auto norm_axis = [&](int64_t axis, int rank) -> int64_t { return axis < 0 && rank >= 0 ? axis + rank : axis; };

  // --- constants
  if (op == "Constant") {
    Tensor t;
    std::string what = a.Where();
    if (const auto* v = a.Get("value")) {
      EMBER_RETURN_IF_ERROR(TensorFromProto(v->t(), dir_, what, &t));
    } else if (const auto* vf = a.Get("value_float")) {
      t.Resize(DDim(std::vector<int64_t>{}));
      *t.mutable_data<float>() = vf->f();
    } else if (const auto* vi = a.Get("value_int")) {
      t.Resize(DDim(std::vector<int64_t>{}));
      *t.mutable_data<int64_t>() = vi->i();
    } else if (const auto* vfs = a.Get("value_floats")) {
      t.Resize(DDim({static_cast<int64_t>(vfs->floats_size())}));
      float* p = t.mutable_data<float>();
      for (int i = 0; i < vfs->floats_size(); ++i) p[i] = vfs->floats(i);
    } else if (const auto* vis = a.Get("value_ints")) {
      t.Resize(DDim({static_cast<int64_t>(vis->ints_size())}));
      int64_t* p = t.mutable_data<int64_t>();
      for (int i = 0; i < vis->ints_size(); ++i) p[i] = vis->ints(i);
    } else {
      return fail("only value, value_float(s) and value_int(s) are supported");
    }
    return AddWeight(y, t);
  }

  // --- activations (the activation family)
  if (op == "Relu") return act("relu");
  if (op == "Sigmoid") return act("sigmoid");
  if (op == "Tanh") return act("tanh");
  if (op == "Exp") return act("exp");
  if (op == "Log") return act("log");
  if (op == "Sqrt") return act("sqrt");
  if (op == "Abs") return act("abs");
  if (op == "LeakyRelu") return act("leaky_relu", {{"alpha", Attribute::Float(a.Float("alpha", 0.01f))}});
  if (op == "HardSigmoid")
    return act("hard_sigmoid", {{"slope", Attribute::Float(a.Float("alpha", 0.2f))},
                                {"offset", Attribute::Float(a.Float("beta", 0.5f))}});
  if (op == "HardSwish")
    return act("hard_swish", {{"threshold", Attribute::Float(6.f)}, {"scale", Attribute::Float(6.f)},
                              {"offset", Attribute::Float(3.f)}});
  if (op == "Gelu") {
    std::string approx = a.String("approximate", "none");
    if (approx != "none" && approx != "tanh") return a.Unsupported("approximate", approx);
    return act("gelu", {{"approximate", Attribute::Bool(approx == "tanh")}});
  }
  if (op == "Clip") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    float lo = -std::numeric_limits<float>::infinity(), hi = std::numeric_limits<float>::infinity();
    std::string lo_t, hi_t;  // runtime bounds
    if (opset_ < 11) {
      lo = a.Float("min", lo);
      hi = a.Float("max", hi);
    } else {
      for (int i = 1; i <= 2; ++i) {
        if (in(i).empty()) continue;
        const Tensor* t = Const(in(i));
        if (!t) {
          (i == 1 ? lo_t : hi_t) = in(i);
          continue;
        }
        std::vector<double> v = ToDoubles(*t);
        if (v.size() != 1) return fail(StrCat("input ", i, " must hold one value"));
        (i == 1 ? lo : hi) = static_cast<float>(v[0]);
      }
    }
    same_type();
    if (lo_t.empty() && hi_t.empty() && TypeOf(x) == DataType::kFloat32)
      return act("clip", {{"min", Attribute::Float(lo)}, {"max", Attribute::Float(hi)}});
    // Runtime bounds (or integer data): max with the lower bound, then min with the upper one.
    auto bound = [&](const std::string& t, float v, const std::string& base) -> std::string {
      if (!t.empty()) return t;
      std::string name = Temp(base);
      Tensor c(TypeOf(x), DDim(std::vector<int64_t>{}));
      if (TypeOf(x) == DataType::kFloat32) *c.mutable_data<float>() = v;
      else if (TypeOf(x) == DataType::kInt32) *c.mutable_data<int32_t>() = static_cast<int32_t>(std::max<double>(std::min<double>(v, INT32_MAX), INT32_MIN));
      else *c.mutable_data<int64_t>() = std::isinf(v) ? (v > 0 ? INT64_MAX : INT64_MIN) : static_cast<int64_t>(v);
      (void)AddWeight(name, c);
      return name;
    };
    std::string mid = Temp(y);
    types_[mid] = TypeOf(x);
    AddOp("elementwise_max", {{"X", {x}}, {"Y", {bound(lo_t, lo, "clip_min")}}}, {{"Out", {mid}}},
          {{"axis", Attribute::Int(-1)}});
    AddOp("elementwise_min", {{"X", {mid}}, {"Y", {bound(hi_t, hi, "clip_max")}}}, {{"Out", {y}}},
          {{"axis", Attribute::Int(-1)}});
    return Status::OK();
  }
  if (op == "Identity" || op == "Dropout") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    if (op == "Dropout") {
      const int64_t seed = a.Int("seed", 0);
      float ratio = a.Float("ratio", 0.5f);
      std::string ratio_var, training_var;  // known at run time only
      if (opset_ >= 12 && !in(1).empty()) {
        const Tensor* r = Const(in(1));
        if (r && r->numel() != 1) return fail("input ratio must hold one value");
        if (r) ratio = static_cast<float>(ToDoubles(*r)[0]);
        else ratio_var = in(1);
      }
      bool training = false;
      if (opset_ >= 12 && !in(2).empty()) {
        const Tensor* t = Const(in(2));
        if (t && t->numel() != 1) return fail("input training_mode must hold one value");
        if (t) training = ToInts(*t) != std::vector<int64_t>{0};
        else training_var = in(2);
      }
      if (opset_ < 7 && a.Int("is_test", 0) == 0) training = true;
      const bool maybe_random = (training || !training_var.empty()) && (ratio != 0.f || !ratio_var.empty());
      if (maybe_random) {
        // Training mode: onnx_dropout draws the mask, or copies when the runtime values make it deterministic.
        if (opset_ < 10 && node.output_size() > 1 && !out(1).empty())
          return fail("output mask of a training-mode Dropout before opset 10 (of the input's type) is not supported");
        OpDesc::Slots ins = {{"X", {x}}};
        if (!ratio_var.empty()) ins.push_back({"Ratio", {ratio_var}});
        if (!training_var.empty()) ins.push_back({"TrainingMode", {training_var}});
        OpDesc::Slots outs = {{"Out", {y}}};
        if (node.output_size() > 1 && !out(1).empty()) {
          types_[out(1)] = DataType::kBool;
          outs.push_back({"Mask", {out(1)}});
        }
        same_type();
        AddOp("onnx_dropout", ins, outs,
              {{"ratio", Attribute::Float(ratio)}, {"training_mode", Attribute::Bool(training)},
               {"seed", Attribute::Int(seed)}});
        return Status::OK();
      }
      if (node.output_size() > 1 && !out(1).empty()) {
        // The mask of an inference dropout is all true.
        Tensor t(DataType::kBool, DDim(std::vector<int64_t>{}));
        *t.mutable_data<bool>() = true;
        std::string one = Temp(out(1)), shape = Temp(out(1));
        EMBER_RETURN_IF_ERROR(AddWeight(one, t));
        AddOp("shape", {{"Input", {x}}}, {{"Out", {shape}}});
        types_[out(1)] = DataType::kBool;
        AddOp("expand_v2", {{"X", {one}}, {"Shape", {shape}}}, {{"Out", {out(1)}}});
      }
    }
    return act("assign");
  }

  // --- elementwise
  static const std::map<std::string, std::string> kBinary = {
      {"Add", "elementwise_add"}, {"Sub", "elementwise_sub"}, {"Mul", "elementwise_mul"},
      {"Div", "elementwise_div"}, {"Pow", "elementwise_pow"}, {"Max", "elementwise_max"},
      {"Min", "elementwise_min"}, {"Sum", "elementwise_add"}};
  auto bin = kBinary.find(op);
  if (bin != kBinary.end()) {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    // Before opset 7, broadcasting was opt-in (broadcast = 1) with Paddle's own axis semantics.
    int64_t paddle_axis = -1;
    if (opset_ < 7 && a.Int("broadcast", 0) != 0) paddle_axis = a.Int("axis", -1);
    a.Ignore({"broadcast", "axis", "consumed_inputs"});
    if (op == "Pow") {
      // x ^ constant scalar: the pow activation.
      const Tensor* e = Const(in(1));
      if (e && e->numel() == 1 && TypeOf(x) == DataType::kFloat32) {
        same_type();
        AddOp("pow", {{"X", {x}}}, {{"Out", {y}}}, {{"factor", Attribute::Float(ToDoubles(*e)[0])}});
        return Status::OK();
      }
      // Output type is X's. Integer powers are computed in float32 and cast back.
      DataType xt = TypeOf(x), yt = TypeOf(in(1));
      if (!types_.count(x) || !types_.count(in(1))) {
        if (types_.count(x) != types_.count(in(1))) return fail("Pow needs both input types (no value_info)");
      }
      if (xt != DataType::kFloat32 || yt != DataType::kFloat32) {
        auto to_float = [&](const std::string& v, DataType t) -> std::string {
          if (t == DataType::kFloat32) return v;
          std::string c = Temp(v);
          types_[c] = DataType::kFloat32;
          AddOp("cast", {{"X", {v}}}, {{"Out", {c}}},
                {{"in_dtype", Attribute::Int(VarTypeOf(t))}, {"out_dtype", Attribute::Int(VarTypeOf(DataType::kFloat32))}});
          return c;
        };
        std::string fx = to_float(x, xt), fy = to_float(in(1), yt);
        std::string fz = xt == DataType::kFloat32 ? y : Temp(y);
        types_[fz] = DataType::kFloat32;
        AddOp("elementwise_pow", {{"X", {fx}}, {"Y", {fy}}}, {{"Out", {fz}}}, {{"axis", Attribute::Int(-1)}});
        if (fz != y) {
          types_[y] = xt;
          AddOp("cast", {{"X", {fz}}}, {{"Out", {y}}},
                {{"in_dtype", Attribute::Int(VarTypeOf(DataType::kFloat32))}, {"out_dtype", Attribute::Int(VarTypeOf(xt))}});
        }
        return Status::OK();
      }
    }
    std::string acc = x;
    if (node.input_size() == 1) {
      same_type();
      AddOp("assign", {{"X", {x}}}, {{"Out", {y}}});
      return Status::OK();
    }
    for (int i = 1; i < node.input_size(); ++i) {
      std::string dst = i + 1 == node.input_size() ? y : Temp(y);
      if (types_.count(x)) types_[dst] = types_[x];
      AddOp(bin->second, {{"X", {acc}}, {"Y", {in(i)}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(paddle_axis)}});
      acc = dst;
    }
    return Status::OK();
  }
  if (op == "Mean") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::string acc = x;
    for (int i = 1; i < node.input_size(); ++i) {
      std::string dst = Temp(y);
      AddOp("elementwise_add", {{"X", {acc}}, {"Y", {in(i)}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(-1)}});
      acc = dst;
    }
    same_type();
    AddOp("scale", {{"X", {acc}}}, {{"Out", {y}}},
          {{"scale", Attribute::Float(1.0 / node.input_size())}, {"bias", Attribute::Float(0)},
           {"bias_after_scale", Attribute::Bool(true)}});
    return Status::OK();
  }

  // --- convolution and pooling (2-D; 1-D runs as 2-D with a height of 1)
  // Reads kernel/strides/dilations/pads/auto_pad for `nsp` spatial dims and returns them as 2-D values with
  // explicit pads [top, bottom, left, right] (or padding_algorithm SAME when the input size is unknown).
  struct Spatial {
    std::vector<int64_t> kernel, strides, dilations, paddings, output_padding;
    std::string algo = "EXPLICIT";
  };
  auto spatial = [&](int nsp, std::vector<int64_t> kernel, bool transposed, Spatial* sp) -> Status {
    if (nsp < 1 || nsp > 3)
      return fail(StrCat("only 1-D, 2-D and 3-D ", op, " are supported, got ", nsp, " spatial dims"));
    std::vector<int64_t> strides = a.Ints("strides", std::vector<int64_t>(nsp, 1));
    std::vector<int64_t> dil = a.Ints("dilations", std::vector<int64_t>(nsp, 1));
    std::vector<int64_t> pads = a.Ints("pads", std::vector<int64_t>(2 * nsp, 0));
    std::string ap = a.String("auto_pad", "NOTSET");
    if (static_cast<int>(strides.size()) != nsp || static_cast<int>(dil.size()) != nsp ||
        static_cast<int>(pads.size()) != 2 * nsp || static_cast<int>(kernel.size()) != nsp)
      return fail("kernel_shape, strides, dilations and pads do not match the number of spatial dims");
    std::vector<int64_t> in_sz;
    auto it = shapes_.find(x);
    if (it != shapes_.end() && static_cast<int>(it->second.size()) == nsp + 2)
      in_sz.assign(it->second.end() - nsp, it->second.end());
    bool known = !in_sz.empty() && std::all_of(in_sz.begin(), in_sz.end(), [](int64_t v) { return v > 0; });
    std::vector<int64_t> out_pad = transposed ? a.Ints("output_padding", std::vector<int64_t>(nsp, 0)) : std::vector<int64_t>();
    std::vector<int64_t> out_shape = transposed ? a.Ints("output_shape", {}) : std::vector<int64_t>();
    if (out_shape.size() > static_cast<size_t>(nsp)) out_shape.erase(out_shape.begin(), out_shape.end() - nsp);
    if (ap == "VALID") {
      std::fill(pads.begin(), pads.end(), 0);
    } else if (ap == "SAME_UPPER" || ap == "SAME_LOWER" || !out_shape.empty()) {
      if (ap != "NOTSET" && ap != "SAME_UPPER" && ap != "SAME_LOWER") return a.Unsupported("auto_pad", ap);
      if (!known) {
        if (ap == "SAME_UPPER" && !transposed && out_shape.empty()) {
          sp->algo = "SAME";
        } else {
          return fail(StrCat("auto_pad ", ap, " / output_shape needs the input's spatial size (no value_info for it)"));
        }
      } else {
        for (int i = 0; i < nsp; ++i) {
          int64_t eff = (kernel[i] - 1) * dil[i] + 1, total;
          if (transposed) {
            int64_t target = out_shape.empty() ? in_sz[i] * strides[i] : out_shape[i];
            total = strides[i] * (in_sz[i] - 1) + out_pad[i] + eff - target;
          } else {
            int64_t out = (in_sz[i] + strides[i] - 1) / strides[i];
            total = std::max<int64_t>((out - 1) * strides[i] + eff - in_sz[i], 0);
          }
          bool upper = transposed ? ap == "SAME_UPPER" : ap != "SAME_LOWER";
          int64_t small = total >= 0 ? total / 2 : -((-total + 1) / 2), big = total - small;  // floor division
          pads[i] = upper ? small : big;
          pads[i + nsp] = upper ? big : small;
          if (pads[i + nsp] < 0 && transposed) {  // a larger output: the missing rows come from output_padding
            out_pad[i] -= pads[i + nsp];
            pads[i + nsp] = 0;
          }
          if (pads[i] < 0 || pads[i + nsp] < 0)
            return fail(StrCat("output_shape ", DDim(out_shape).ToString(), " is larger than the op can produce"));
        }
      }
    } else if (ap != "NOTSET") {
      return a.Unsupported("auto_pad", ap);
    }
    if (nsp == 1) {
      sp->kernel = {1, kernel[0]};
      sp->strides = {1, strides[0]};
      sp->dilations = {1, dil[0]};
      sp->paddings = {0, 0, pads[0], pads[1]};
    } else if (nsp == 2) {
      sp->kernel = kernel;
      sp->strides = strides;
      sp->dilations = dil;
      sp->paddings = {pads[0], pads[2], pads[1], pads[3]};
    } else {  // 3-D: Paddle's {front, back, top, bottom, left, right}
      sp->kernel = kernel;
      sp->strides = strides;
      sp->dilations = dil;
      sp->paddings = {pads[0], pads[3], pads[1], pads[4], pads[2], pads[5]};
    }
    if (sp->algo != "EXPLICIT") sp->paddings.assign(sp->paddings.size(), 0);
    if (transposed) {
      if (static_cast<int>(out_pad.size()) != nsp) return a.Unsupported("output_padding", DDim(out_pad).ToString());
      sp->output_padding = nsp == 1 ? std::vector<int64_t>{0, out_pad[0]} : out_pad;
    }
    return Status::OK();
  };
  // 1-D: X [N, C, L] → [N, C, 1, L] before, and the output back after.
  auto to_2d = [&](int nsp) -> std::string {
    if (nsp != 1) return x;
    std::string x4 = Temp(x);
    same_type();
    if (types_.count(x)) types_[x4] = types_[x];
    AddOp("unsqueeze2", {{"X", {x}}}, {{"Out", {x4}}}, {{"axes", Attribute::Ints({2})}});
    return x4;
  };
  auto from_2d = [&](int nsp, const std::string& y4) {
    if (nsp != 1) return;
    AddOp("squeeze2", {{"X", {y4}}}, {{"Out", {y}}}, {{"axes", Attribute::Ints({2})}});
  };
  if (op == "Conv" || op == "ConvTranspose") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    const bool transposed = op == "ConvTranspose";
    const Tensor* w = Const(in(1));
    int wrank = w ? w->dims().size() : rank_of(in(1));
    int nsp = 0;
    std::vector<int64_t> kernel = a.Ints("kernel_shape", {});
    auto ws = shapes_.find(in(1));
    if (w && w->dims().size() < 3)
      return fail(StrCat("weight '", in(1), "' has rank ", w->dims().size(), "; it needs [out, in, kernel...]"));
    if (w) kernel.assign(w->dims().vec().begin() + 2, w->dims().vec().end());
    else if (kernel.empty() && ws != shapes_.end() && ws->second.size() > 2)
      kernel.assign(ws->second.begin() + 2, ws->second.end());
    if (wrank < 0) wrank = static_cast<int>(kernel.size()) + 2;
    nsp = wrank - 2;
    Spatial sp;
    EMBER_RETURN_IF_ERROR(spatial(nsp, kernel, transposed, &sp));
    std::string filter = in(1);
    if (nsp == 1 && !w) {
      filter = Temp(in(1));
      AddOp("unsqueeze2", {{"X", {in(1)}}}, {{"Out", {filter}}}, {{"axes", Attribute::Ints({2})}});
    } else if (nsp == 1) {
      Tensor w4;
      EMBER_RETURN_IF_ERROR(w4.CopyFrom(*w));
      w4.Resize(DDim({w->dims()[0], w->dims()[1], 1, w->dims()[2]}));
      filter = Temp(in(1));
      EMBER_RETURN_IF_ERROR(AddWeight(filter, w4));
    }
    std::string x4 = to_2d(nsp), y4 = nsp >= 2 ? y : Temp(y);
    std::map<std::string, Attribute> attrs = {
        {"strides", Attribute::Ints(sp.strides)}, {"paddings", Attribute::Ints(sp.paddings)},
        {"dilations", Attribute::Ints(sp.dilations)}, {"groups", Attribute::Int(a.Int("group", 1))},
        {"padding_algorithm", Attribute::String(sp.algo)}};
    if (transposed && std::any_of(sp.output_padding.begin(), sp.output_padding.end(), [](int64_t v) { return v != 0; }))
      attrs["output_padding"] = Attribute::Ints(sp.output_padding);
    OpDesc::Slots ins = {{"Input", {x4}}, {"Filter", {filter}}};
    if (!in(2).empty()) ins.push_back({"Bias", {in(2)}});
    same_type();
    if (types_.count(x)) types_[y4] = types_[x];
    if (nsp == 3) AddOp(transposed ? "conv3d_transpose" : "conv3d", ins, {{"Output", {y4}}}, attrs);
    else AddOp(transposed ? "conv2d_transpose" : "conv2d", ins, {{"Output", {y4}}}, attrs);
    from_2d(nsp, y4);
    return Status::OK();
  }
  if (op == "MaxPool" || op == "AveragePool") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<int64_t> k = a.Ints("kernel_shape", {});
    int nsp = static_cast<int>(k.size());
    Spatial sp;
    EMBER_RETURN_IF_ERROR(spatial(nsp, k, false, &sp));
    const bool dilated = std::any_of(sp.dilations.begin(), sp.dilations.end(), [](int64_t d) { return d != 1; });
    if (dilated && op != "MaxPool") return a.Unsupported("dilations", DDim(a.Ints("dilations", {})).ToString());
    const int64_t storage_order = a.Int("storage_order", 0);
    if (storage_order != 0 && storage_order != 1) return a.Unsupported("storage_order", std::to_string(storage_order));
    const bool indices = node.output_size() > 1 && !out(1).empty();
    if (indices && nsp == 3) return fail("output Indices is supported for 1-D and 2-D MaxPool only, got 3-D");
    bool ceil = a.Int("ceil_mode", 0) != 0;
    bool exclusive = a.Int("count_include_pad", 0) == 0;
    std::string x4 = to_2d(nsp), y4 = nsp >= 2 ? y : Temp(y);
    same_type();
    if (types_.count(x)) types_[y4] = types_[x];
    std::map<std::string, Attribute> attrs = {
        {"pooling_type", Attribute::String(op == "MaxPool" ? "max" : "avg")}, {"ksize", Attribute::Ints(sp.kernel)},
        {"strides", Attribute::Ints(sp.strides)}, {"paddings", Attribute::Ints(sp.paddings)},
        {"ceil_mode", Attribute::Bool(ceil)}, {"exclusive", Attribute::Bool(exclusive)},
        {"padding_algorithm", Attribute::String(sp.algo)}};
    if (dilated) attrs["dilations"] = Attribute::Ints(sp.dilations);
    if (nsp == 3) {
      AddOp("pool3d", {{"X", {x4}}}, {{"Out", {y4}}}, attrs);
      return Status::OK();
    }
    if (!indices) {
      if (storage_order != 0) return a.Unsupported("storage_order", "1 (without the Indices output)");
      AddOp("pool2d", {{"X", {x4}}}, {{"Out", {y4}}}, attrs);
      from_2d(nsp, y4);
      return Status::OK();
    }
    // Indices: ONNX counts over the whole tensor, ((n * C + c) * H + h) * W + w (storage_order 0) or
    // (n * C + c) * H * W + w * H + h (1). pool2d's Mask is h * W + w in the plane; pooling the input with H
    // and W swapped gives w * H + h. The plane offsets need the input's dims at load.
    auto it = shapes_.find(x);
    if (it == shapes_.end() || static_cast<int>(it->second.size()) != nsp + 2 ||
        std::any_of(it->second.begin(), it->second.end(), [](int64_t d) { return d <= 0; }))
      return fail("output Indices needs the input's shape at load (no value_info for it)");
    const std::vector<int64_t> xd = it->second;
    int64_t plane = 1;
    for (size_t i = 2; i < xd.size(); ++i) plane *= xd[i];
    // 1-D runs as 2-D [N, C, 1, L]: the plane index is l either way.
    std::string src = x4, pooled = y4, mask = Temp(out(1));
    if (storage_order == 1 && nsp == 2) {
      src = Temp(x);
      pooled = Temp(y);
      AddOp("transpose2", {{"X", {x}}}, {{"Out", {src}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
      auto swap = [](std::vector<int64_t> v, size_t i, size_t j) { std::swap(v[i], v[j]); return v; };
      attrs["ksize"] = Attribute::Ints(swap(sp.kernel, 0, 1));
      attrs["strides"] = Attribute::Ints(swap(sp.strides, 0, 1));
      attrs["paddings"] = Attribute::Ints({sp.paddings[2], sp.paddings[3], sp.paddings[0], sp.paddings[1]});
      if (dilated) attrs["dilations"] = Attribute::Ints(swap(sp.dilations, 0, 1));
    }
    AddOp("pool2d", {{"X", {src}}}, {{"Out", {pooled}}, {"Mask", {mask}}}, attrs);
    if (storage_order == 1 && nsp == 2) {
      std::string mt = Temp(out(1));
      AddOp("transpose2", {{"X", {pooled}}}, {{"Out", {y}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
      AddOp("transpose2", {{"X", {mask}}}, {{"Out", {mt}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
      mask = mt;
    }
    std::string m64 = Temp(out(1)), offsets = Temp(out(1));
    AddOp("cast", {{"X", {mask}}}, {{"Out", {m64}}},
          {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt32))},
           {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}});
    Tensor off(DataType::kInt64, DDim({xd[0], xd[1], 1, 1}));
    for (int64_t i = 0; i < xd[0] * xd[1]; ++i) off.mutable_data<int64_t>()[i] = i * plane;
    EMBER_RETURN_IF_ERROR(AddWeight(offsets, off));
    types_[out(1)] = DataType::kInt64;
    std::string idx = nsp == 2 ? out(1) : Temp(out(1));
    AddOp("elementwise_add", {{"X", {m64}}, {"Y", {offsets}}}, {{"Out", {idx}}}, {{"axis", Attribute::Int(-1)}});
    if (nsp == 1) {
      from_2d(nsp, y4);
      AddOp("squeeze2", {{"X", {idx}}}, {{"Out", {out(1)}}}, {{"axes", Attribute::Ints({2})}});
    }
    return Status::OK();
  }
  if (op == "GlobalAveragePool" || op == "GlobalMaxPool") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int r = rank_of(x);
    if (r >= 0 && r != 4 && r != 5) return fail(StrCat("only 4-D and 5-D inputs are supported, got rank ", r));
    same_type();
    AddOp(r == 5 ? "pool3d" : "pool2d", {{"X", {x}}}, {{"Out", {y}}},
          {{"pooling_type", Attribute::String(op == "GlobalMaxPool" ? "max" : "avg")},
           {"ksize", Attribute::Ints(r == 5 ? std::vector<int64_t>{1, 1, 1} : std::vector<int64_t>{1, 1})},
           {"global_pooling", Attribute::Bool(true)}});
    return Status::OK();
  }
  if (op == "BatchNormalization") {
    EMBER_RETURN_IF_ERROR(need_inputs(5));
    a.Ignore({"momentum", "is_test"});
    if (a.Int("spatial", 1) == 0) return a.Unsupported("spatial", "0");
    if (a.Int("training_mode", 0) != 0) {
      // Batch statistics: y = (x - m) / sqrt(v + eps) * scale + B with m, v over every dim but 1; the running
      // statistics outputs are input * momentum + batch * (1 - momentum).
      int r = rank_of(x);
      if (r < 2) return a.Unsupported("training_mode", "1 (the input's rank must be known at load)");
      float eps = a.Float("epsilon", 1e-5f), mom = a.Float("momentum", 0.9f);
      std::vector<int64_t> dims = {0}, mid;
      for (int i = 2; i < r; ++i) {
        dims.push_back(i);
        mid.push_back(i - 1);
      }
      std::map<std::string, Attribute> red = {{"dim", Attribute::Ints(dims)}, {"keep_dim", Attribute::Bool(true)}};
      auto ew = [&](const std::string& type, const std::string& l, const std::string& rr) {
        std::string o = Temp(y);
        AddOp(type, {{"X", {l}}, {"Y", {rr}}}, {{"Out", {o}}}, {{"axis", Attribute::Int(-1)}});
        return o;
      };
      auto scale = [&](const std::string& v, float sc, float bias, const std::string& dst = "") {
        std::string o = dst.empty() ? Temp(y) : dst;
        AddOp("scale", {{"X", {v}}}, {{"Out", {o}}}, {{"scale", Attribute::Float(sc)}, {"bias", Attribute::Float(bias)}});
        return o;
      };
      auto per_channel = [&](const std::string& v) {  // [C] -> [C, 1, ...] against [N, C, ...]
        if (mid.empty()) return v;
        std::string o = Temp(y);
        AddOp("unsqueeze2", {{"X", {v}}}, {{"Out", {o}}}, {{"axes", Attribute::Ints(mid)}});
        return o;
      };
      auto flat = [&](const std::string& v) {
        std::string o = Temp(y);
        AddOp("reshape2", {{"X", {v}}}, {{"Out", {o}}}, {{"shape", Attribute::Ints({-1})}});
        return o;
      };
      std::string m = Temp(y), v = Temp(y), inv = Temp(y);
      AddOp("reduce_mean", {{"X", {x}}}, {{"Out", {m}}}, red);
      std::string d = ew("elementwise_sub", x, m);
      AddOp("reduce_mean", {{"X", {ew("elementwise_mul", d, d)}}}, {{"Out", {v}}}, red);
      AddOp("pow", {{"X", {scale(v, 1.f, eps)}}}, {{"Out", {inv}}}, {{"factor", Attribute::Float(-0.5)}});
      std::string normed = ew("elementwise_mul", ew("elementwise_mul", d, inv), per_channel(in(1)));
      same_type();
      AddOp("elementwise_add", {{"X", {normed}}, {"Y", {per_channel(in(2))}}}, {{"Out", {y}}},
            {{"axis", Attribute::Int(-1)}});
      for (int k = 1; k <= 2; ++k) {
        if (node.output_size() <= k || out(k).empty()) continue;
        std::string batch = scale(flat(k == 1 ? m : v), 1.f - mom, 0.f);
        std::string run = scale(in(k + 2), mom, 0.f);
        AddOp("elementwise_add", {{"X", {run}}, {"Y", {batch}}}, {{"Out", {out(k)}}}, {{"axis", Attribute::Int(-1)}});
      }
      return Status::OK();
    }
    for (int i = 1; i < node.output_size(); ++i)
      if (!out(i).empty()) return fail("outputs running_mean/running_var exist only in training mode");
    same_type();
    AddOp("batch_norm",
          {{"X", {x}}, {"Scale", {in(1)}}, {"Bias", {in(2)}}, {"Mean", {in(3)}}, {"Variance", {in(4)}}},
          {{"Y", {y}}}, {{"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
    return Status::OK();
  }
  if (op == "InstanceNormalization") {
    EMBER_RETURN_IF_ERROR(need_inputs(3));
    same_type();
    AddOp("instance_norm", {{"X", {x}}, {"Scale", {in(1)}}, {"Bias", {in(2)}}}, {{"Y", {y}}},
          {{"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
    return Status::OK();
  }
  if (op == "LayerNormalization") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    int64_t axis = a.Int("axis", -1);
    int r = rank_of(x);
    if (axis < 0) {
      if (r < 0) return fail("a negative axis needs the input's rank (no value_info for it)");
      axis += r;
    }
    if (a.Int("stash_type", 1) != 1) return a.Unsupported("stash_type", std::to_string(a.Int("stash_type", 1)));
    if ((node.output_size() > 1 && !out(1).empty()) || (node.output_size() > 2 && !out(2).empty())) {
      // Mean and InvStdDev, shaped X[:axis] + 1s: reductions over dims axis..rank-1 with keep_dim.
      if (r < 0) return fail("outputs Mean/InvStdDev need the input's rank (no value_info for it)");
      std::vector<int64_t> dims;
      for (int64_t i = axis; i < r; ++i) dims.push_back(i);
      std::map<std::string, Attribute> red = {{"dim", Attribute::Ints(dims)}, {"keep_dim", Attribute::Bool(true)}};
      std::string mean = out(1).empty() ? Temp(y) : out(1);
      std::string diff = Temp(y), sq = Temp(y), var = Temp(y), ve = Temp(y);
      AddOp("reduce_mean", {{"X", {x}}}, {{"Out", {mean}}}, red);
      if (node.output_size() > 2 && !out(2).empty()) {
        AddOp("elementwise_sub", {{"X", {x}}, {"Y", {mean}}}, {{"Out", {diff}}}, {{"axis", Attribute::Int(-1)}});
        AddOp("elementwise_mul", {{"X", {diff}}, {"Y", {diff}}}, {{"Out", {sq}}}, {{"axis", Attribute::Int(-1)}});
        AddOp("reduce_mean", {{"X", {sq}}}, {{"Out", {var}}}, red);
        AddOp("scale", {{"X", {var}}}, {{"Out", {ve}}},
              {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(a.Float("epsilon", 1e-5f))}});
        AddOp("pow", {{"X", {ve}}}, {{"Out", {out(2)}}}, {{"factor", Attribute::Float(-0.5)}});
      }
    }
    // Paddle's layer_norm takes Scale/Bias flattened to [prod(dims[axis:])].
    OpDesc::Slots ins = {{"X", {x}}};
    for (int i = 1; i <= 2; ++i) {
      if (in(i).empty()) continue;
      std::string flat = Temp(in(i));
      AddOp("reshape2", {{"X", {in(i)}}}, {{"Out", {flat}}}, {{"shape", Attribute::Ints({-1})}});
      ins.push_back({i == 1 ? "Scale" : "Bias", {flat}});
    }
    same_type();
    std::string lx = x, ly = y;
    if (axis == 0) {  // Paddle's layer_norm needs begin_norm_axis >= 1: add a leading 1 and drop it after
      lx = Temp(x);
      ly = Temp(y);
      AddOp("unsqueeze2", {{"X", {x}}}, {{"Out", {lx}}}, {{"axes", Attribute::Ints({0})}});
      ins[0].second = {lx};
    }
    AddOp("layer_norm", ins, {{"Y", {ly}}},
          {{"begin_norm_axis", Attribute::Int(axis == 0 ? 1 : axis)}, {"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
    if (axis == 0) AddOp("squeeze2", {{"X", {ly}}}, {{"Out", {y}}}, {{"axes", Attribute::Ints({0})}});
    return Status::OK();
  }
  if (op == "LRN") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int64_t size = a.Int("size", 0);
    if (size <= 0) return a.Unsupported("size", std::to_string(size));
    same_type();
    AddOp("lrn", {{"X", {x}}}, {{"Out", {y}}},
          {{"n", Attribute::Int(size)}, {"alpha", Attribute::Float(a.Float("alpha", 1e-4f) / size)},
           {"beta", Attribute::Float(a.Float("beta", 0.75f))}, {"k", Attribute::Float(a.Float("bias", 1.f))}});
    return Status::OK();
  }
  if (op == "PRelu") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    const Tensor* slope = Const(in(1));
    int r = rank_of(x);
    std::string mode;
    if (slope && TypeOf(x) == DataType::kFloat32) {
      std::vector<int64_t> sd = slope->dims().vec();
      if (slope->numel() == 1) {
        mode = "all";
      } else if (opset_ < 7 && r >= 2 && sd.size() == 1) {
        mode = "channel";  // PRelu-1/6: one slope per channel
      } else if (r >= 2 && static_cast<int>(sd.size()) <= r - 1) {
        // Slope right-aligned against X: only dim 1 of X non-1 → channel mode.
        int off = r - static_cast<int>(sd.size());
        bool channel = true;
        for (size_t i = 0; i < sd.size(); ++i) {
          int xi = off + static_cast<int>(i);
          if ((xi == 1) != (sd[i] != 1)) channel = false;
        }
        auto it = shapes_.find(x);
        bool element = it != shapes_.end() && static_cast<int>(sd.size()) == r - 1 &&
                       std::equal(sd.begin(), sd.end(), it->second.begin() + 1);
        if (channel) mode = "channel";
        else if (element) mode = "element";
      }
    }
    same_type();
    if (!mode.empty()) {
      AddOp("prelu", {{"X", {x}}, {"Alpha", {in(1)}}}, {{"Out", {y}}}, {{"mode", Attribute::String(mode)}});
      return Status::OK();
    }
    // Any other slope (numpy broadcasting, or a runtime tensor): relu(x) + slope * min(x, 0).
    Tensor zero(TypeOf(x), DDim(std::vector<int64_t>{}));
    EMBER_RETURN_IF_ERROR(zero.Allocate());
    std::memset(zero.raw_data(), 0, SizeOf(zero.dtype()));
    std::string z = Temp(y), pos = Temp(y), neg = Temp(y), scaled = Temp(y);
    EMBER_RETURN_IF_ERROR(AddWeight(z, zero));
    for (const auto& n : {pos, neg, scaled}) types_[n] = TypeOf(x);
    AddOp("elementwise_max", {{"X", {x}}, {"Y", {z}}}, {{"Out", {pos}}}, {{"axis", Attribute::Int(-1)}});
    AddOp("elementwise_min", {{"X", {x}}, {"Y", {z}}}, {{"Out", {neg}}}, {{"axis", Attribute::Int(-1)}});
    AddOp("elementwise_mul", {{"X", {neg}}, {"Y", {in(1)}}}, {{"Out", {scaled}}}, {{"axis", Attribute::Int(-1)}});
    AddOp("elementwise_add", {{"X", {pos}}, {"Y", {scaled}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
    return Status::OK();
  }

  // --- matrix products
  if (op == "MatMul") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    same_type();
    AddOp("matmul_v2", {{"X", {x}}, {"Y", {in(1)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Gemm") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    float alpha = a.Float("alpha", 1.f), beta = a.Float("beta", 1.f);
    bool ta = a.Int("transA", 0) != 0, tb = a.Int("transB", 0) != 0;
    a.Ignore({"broadcast"});
    std::string prod = in(2).empty() ? y : Temp(y);
    types_[prod] = DataType::kFloat32;
    AddOp("matmul", {{"X", {x}}, {"Y", {in(1)}}}, {{"Out", {prod}}},
          {{"transpose_X", Attribute::Bool(ta)}, {"transpose_Y", Attribute::Bool(tb)},
           {"alpha", Attribute::Float(alpha)}});
    if (!in(2).empty()) {
      std::string c = in(2);
      if (beta != 1.f) {
        const Tensor* ct = Const(c);
        if (ct && ct->dtype() == DataType::kFloat32) {
          Tensor scaled;
          EMBER_RETURN_IF_ERROR(scaled.CopyFrom(*ct));
          for (int64_t i = 0; i < scaled.numel(); ++i) scaled.data<float>()[i] *= beta;
          c = Temp(c);
          EMBER_RETURN_IF_ERROR(AddWeight(c, scaled));
        } else {
          std::string sc = Temp(c);
          AddOp("scale", {{"X", {c}}}, {{"Out", {sc}}},
                {{"scale", Attribute::Float(beta)}, {"bias", Attribute::Float(0)}});
          c = sc;
        }
      }
      types_[y] = DataType::kFloat32;
      AddOp("elementwise_add", {{"X", {prod}}, {"Y", {c}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
    }
    return Status::OK();
  }

  // --- softmax
  if (op == "Softmax" || op == "LogSoftmax") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::string type = op == "Softmax" ? "softmax" : "log_softmax";
    same_type();
    if (opset_ >= 13) {
      AddOp(type, {{"X", {x}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(a.Int("axis", -1))}});
      return Status::OK();
    }
    // Before opset 13 the input is flattened to 2-D at `axis` and softmax runs over the second dim.
    int64_t axis = a.Int("axis", 1);
    int r = rank_of(x);
    if (r >= 0 && norm_axis(axis, r) == r - 1) {
      AddOp(type, {{"X", {x}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
      return Status::OK();
    }
    std::string flat = Temp(y), sm = Temp(y), shape = Temp(y), shape64 = Temp(y);
    AddOp("flatten", {{"X", {x}}}, {{"Out", {flat}}}, {{"axis", Attribute::Int(axis)}});
    AddOp(type, {{"X", {flat}}}, {{"Out", {sm}}}, {{"axis", Attribute::Int(-1)}});
    AddOp("shape", {{"Input", {x}}}, {{"Out", {shape}}});
    AddOp("reshape2", {{"X", {sm}}, {"Shape", {shape}}}, {{"Out", {y}}});
    return Status::OK();
  }

  // --- shape ops
  if (op == "Reshape") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    same_type();
    if (opset_ < 5) {
      AddOp("reshape2", {{"X", {x}}}, {{"Out", {y}}}, {{"shape", Attribute::Ints(a.Ints("shape", {}))}});
      return Status::OK();
    }
    std::map<std::string, Attribute> attrs;
    if (a.Int("allowzero", 0) != 0) attrs["allowzero"] = Attribute::Bool(true);  // a 0 is a zero-size dim
    if (const Tensor* s = Const(in(1))) {
      attrs["shape"] = Attribute::Ints(ToInts(*s));
      AddOp("reshape2", {{"X", {x}}}, {{"Out", {y}}}, attrs);
    } else {
      AddOp("reshape2", {{"X", {x}}, {"Shape", {in(1)}}}, {{"Out", {y}}}, attrs);
    }
    return Status::OK();
  }
  if (op == "Flatten") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int64_t axis = a.Int("axis", 1);
    if (axis < 0) {
      int r = rank_of(x);
      if (r < 0) return fail("a negative axis needs the input's rank (no value_info for it)");
      axis += r;
    }
    same_type();
    AddOp("flatten", {{"X", {x}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(axis)}});
    return Status::OK();
  }
  if (op == "Transpose") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<int64_t> perm = a.Ints("perm", {});
    if (perm.empty()) {
      int r = rank_of(x);
      if (r < 0) return fail("a Transpose without perm needs the input's rank (no value_info for it)");
      for (int i = r - 1; i >= 0; --i) perm.push_back(i);
    }
    same_type();
    AddOp("transpose2", {{"X", {x}}}, {{"Out", {y}}}, {{"axis", Attribute::Ints(perm)}});
    return Status::OK();
  }
  if (op == "Concat") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<std::string> xs;
    for (const auto& s : node.input())
      if (!s.empty()) xs.push_back(s);
    same_type();
    AddOp("concat", {{"X", xs}}, {{"Out", {y}}}, {{"axis", Attribute::Int(a.Int("axis", 0))}});
    return Status::OK();
  }
  if (op == "Squeeze" || op == "Unsqueeze") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<int64_t> axes;
    OpDesc::Slots ins = {{"X", {x}}};
    if (opset_ >= 13) {
      if (!in(1).empty()) {
        if (const Tensor* t = Const(in(1))) axes = ToInts(*t);
        else ins.push_back({"AxesTensor", {in(1)}});  // axes known at run time only
      }
    } else {
      axes = a.Ints("axes", {});
    }
    if (op == "Unsqueeze" && axes.empty() && ins.size() == 1) return fail("Unsqueeze needs axes");
    same_type();
    std::map<std::string, Attribute> attrs = {{"axes", Attribute::Ints(axes)}};
    // ONNX's axes are positions in the output (any order, negatives from the output rank).
    if (op == "Unsqueeze") attrs["output_axes"] = Attribute::Bool(true);
    AddOp(op == "Squeeze" ? "squeeze2" : "unsqueeze2", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "Slice") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    // strided_slice takes every part as an attribute (constant) or a tensor (runtime).
    std::map<std::string, Attribute> attrs;
    OpDesc::Slots ins = {{"Input", {x}}};
    if (opset_ < 10) {
      attrs["starts"] = Attribute::Ints(a.Ints("starts", {}));
      attrs["ends"] = Attribute::Ints(a.Ints("ends", {}));
      if (a.Has("axes")) attrs["axes"] = Attribute::Ints(a.Ints("axes", {}));
    } else {
      if (node.input_size() < 3) return InvalidArgument(a.Where(), ": needs starts and ends");
      const char* attr_names[] = {"", "starts", "ends", "axes", "strides"};
      const char* slots[] = {"", "StartsTensor", "EndsTensor", "AxesTensor", "StridesTensor"};
      for (int i = 1; i <= 4; ++i) {
        if (in(i).empty()) continue;
        if (const Tensor* t = Const(in(i))) attrs[attr_names[i]] = Attribute::Ints(ToInts(*t));
        else ins.push_back({slots[i], {in(i)}});
      }
    }
    same_type();
    AddOp("strided_slice", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "Split") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<int64_t> split;
    OpDesc::Slots ins = {{"X", {x}}};
    if (opset_ >= 13) {
      if (!in(1).empty()) {
        if (const Tensor* t = Const(in(1))) split = ToInts(*t);
        else ins.push_back({"SectionsTensorList", {in(1)}});  // one 1-D tensor of every section
      }
    } else {
      split = a.Ints("split", {});
    }
    int64_t num_outputs = a.Int("num_outputs", 0);
    std::vector<std::string> outs(node.output().begin(), node.output().end());
    for (auto& o : outs) {
      if (o.empty()) o = Temp(y);
      if (types_.count(x)) types_[o] = types_[x];
    }
    std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(a.Int("axis", 0))}};
    if (!split.empty()) attrs["sections"] = Attribute::Ints(split);
    else if (ins.size() > 1) attrs["sections"] = Attribute::Ints({});
    else if (num_outputs > 0 && num_outputs != static_cast<int64_t>(outs.size()))
      return a.Unsupported("num_outputs", std::to_string(num_outputs));
    else attrs["num"] = Attribute::Int(static_cast<int64_t>(outs.size()));
    AddOp("split", ins, {{"Out", outs}}, attrs);
    return Status::OK();
  }
  if (op == "Shape") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int64_t start = a.Int("start", 0);
    bool has_end = a.Has("end");
    int64_t end = a.Int("end", 0);
    std::string s32 = Temp(y), s64 = (start != 0 || has_end) ? Temp(y) : y;
    AddOp("shape", {{"Input", {x}}}, {{"Out", {s32}}});
    AddOp("cast", {{"X", {s32}}}, {{"Out", {s64}}},
          {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt32))},
           {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}});
    types_[y] = DataType::kInt64;
    if (s64 != y)
      AddOp("slice", {{"Input", {s64}}}, {{"Out", {y}}},
            {{"axes", Attribute::Ints({0})}, {"starts", Attribute::Ints({start})},
             {"ends", Attribute::Ints({has_end ? end : std::numeric_limits<int32_t>::max()})}});
    return Status::OK();
  }
  if (op == "Cast") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int64_t to = a.Int("to", 0);
    DataType dt;
    if (!EmberTypeOf(static_cast<int>(to), &dt) || to == kOnnxFloat16 || to == kOnnxDouble)
      return a.Unsupported("to", StrCat(to, " (", OnnxTypeName(static_cast<int>(to)), ")"));
    a.Ignore({"saturate"});
    types_[y] = dt;
    AddOp("cast", {{"X", {x}}}, {{"Out", {y}}},
          {{"in_dtype", Attribute::Int(VarTypeOf(TypeOf(x)))}, {"out_dtype", Attribute::Int(VarTypeOf(dt))}});
    return Status::OK();
  }
  if (op == "Pad") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::string mode = a.String("mode", "constant");
    if (mode != "constant" && mode != "reflect" && mode != "edge") return a.Unsupported("mode", mode);
    std::map<std::string, Attribute> attrs = {{"mode", Attribute::String(mode)}};
    OpDesc::Slots ins = {{"X", {x}}};
    std::vector<int64_t> pads;
    std::string pads_t;
    if (opset_ < 11) {
      pads = a.Ints("pads", {});
      attrs["pad_value"] = Attribute::Float(a.Float("value", 0.f));
    } else {
      if (node.input_size() < 2) return InvalidArgument(a.Where(), ": needs pads");
      if (const Tensor* t = Const(in(1))) pads = ToInts(*t);
      else pads_t = in(1);
      if (!in(2).empty()) {
        const Tensor* v = Const(in(2));
        if (v && v->numel() == 1 && v->dtype() == DataType::kFloat32) attrs["pad_value"] = Attribute::Float(ToDoubles(*v)[0]);
        else ins.push_back({"PadValue", {in(2)}});
      }
    }
    // ONNX pads are [begin_0 .. begin_n-1, end_0 .. end_n-1] over `axes` (all dims by default); Ember's are
    // [begin_0, end_0, begin_1, end_1, ...] over every dim.
    int r = rank_of(x);
    std::vector<int64_t> axes;
    if (opset_ >= 18 && !in(3).empty()) {
      EMBER_RETURN_IF_ERROR(const_ints(3, "axes", &axes));
      if (r < 0) return fail("input axes needs the rank of the data input (no value_info for it)");
      for (auto& ax : axes) ax = norm_axis(ax, r);
    }
    if (!pads_t.empty()) {
      if (!axes.empty()) return fail("input axes with runtime pads is not supported");
      int64_t n = r;
      auto it = shapes_.find(pads_t);
      if (n < 0 && it != shapes_.end() && it->second.size() == 1 && it->second[0] > 0) n = it->second[0] / 2;
      if (n < 0) return fail("runtime pads need the rank of the data input (no value_info for it)");
      Tensor perm(DataType::kInt64, DDim({2 * n}));
      for (int64_t i = 0; i < n; ++i) {
        perm.mutable_data<int64_t>()[2 * i] = i;
        perm.mutable_data<int64_t>()[2 * i + 1] = n + i;
      }
      std::string idx = Temp(y), pairs = Temp(y);
      EMBER_RETURN_IF_ERROR(AddWeight(idx, perm));
      AddOp("gather", {{"X", {pads_t}}, {"Index", {idx}}}, {{"Out", {pairs}}}, {{"axis", Attribute::Int(0)}});
      ins.push_back({"Paddings", {pairs}});
    } else {
      size_t n = pads.size() / 2;
      if (pads.size() % 2) return a.Unsupported("pads", DDim(pads).ToString());
      if (axes.empty()) {
        for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int64_t>(i));
      } else if (axes.size() != n) {
        return fail("pads must have two values per axis");
      }
      size_t full = r >= 0 ? static_cast<size_t>(r) : n;
      std::vector<int64_t> pairs(2 * full, 0);
      for (size_t i = 0; i < n; ++i) {
        if (axes[i] < 0 || static_cast<size_t>(axes[i]) >= full) return fail("pads do not match the data rank");
        pairs[2 * static_cast<size_t>(axes[i])] = pads[i];
        pairs[2 * static_cast<size_t>(axes[i]) + 1] = pads[i + n];
      }
      attrs["paddings"] = Attribute::Ints(pairs);
    }
    same_type();
    AddOp("pad", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  static const std::set<std::string> kReduce = {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceL1",
                                                "ReduceL2", "ReduceSumSquare", "ReduceLogSum", "ReduceLogSumExp"};
  if (kReduce.count(op)) {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::vector<int64_t> axes;
    std::string axes_var;  // axes known at run time only
    bool axes_input = (op == "ReduceSum" && opset_ >= 13) || opset_ >= 18;
    if (axes_input) {
      if (!in(1).empty()) {
        if (const Tensor* t = Const(in(1))) axes = ToInts(*t);
        else axes_var = in(1);
      }
    } else {
      axes = a.Ints("axes", {});
    }
    bool keep = a.Int("keepdims", 1) != 0;
    bool noop = a.Int("noop_with_empty_axes", 0) != 0;
    same_type();
    if (axes.empty() && noop && axes_var.empty()) {
      AddOp("assign", {{"X", {x}}}, {{"Out", {y}}});
      return Status::OK();
    }
    // Reducing every dim without keepdims gives a scalar in ONNX; Ember's reduce ops give [1].
    // (With runtime axes the result of a full reduction keeps Ember's shape [1].)
    bool all_dims = axes.empty() && axes_var.empty();
    if (!all_dims && axes_var.empty() && rank_of(x) >= 0) {
      std::set<int64_t> uniq;
      for (int64_t ax : axes) uniq.insert(norm_axis(ax, rank_of(x)));
      all_dims = static_cast<int>(uniq.size()) == rank_of(x);
    }
    auto reduce = [&](const std::string& type, const std::string& src, const std::string& dst, bool keep_dim) {
      if (types_.count(x)) types_[dst] = types_[x];
      std::string r = !keep_dim && all_dims ? Temp(dst) : dst;
      if (!axes_var.empty()) {
        AddOp(type, {{"X", {src}}, {"DimTensor", {axes_var}}}, {{"Out", {r}}},
              {{"keep_dim", Attribute::Bool(keep_dim)}, {"noop_with_empty_dim", Attribute::Bool(noop)}});
      } else {
        AddOp(type, {{"X", {src}}}, {{"Out", {r}}},
              {{"dim", Attribute::Ints(axes.empty() ? std::vector<int64_t>{0} : axes)},
               {"keep_dim", Attribute::Bool(keep_dim)}, {"reduce_all", Attribute::Bool(axes.empty())}});
      }
      if (r != dst) {  // [1] -> []: gather element 0 with a scalar index
        std::string zero = Temp(dst);
        Tensor z(DataType::kInt64, DDim(std::vector<int64_t>{}));
        *z.mutable_data<int64_t>() = 0;
        (void)AddWeight(zero, z);
        AddOp("gather", {{"X", {r}}, {"Index", {zero}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(0)}});
      }
    };
    auto unary = [&](const std::string& type, const std::string& src, std::map<std::string, Attribute> attrs = {}) {
      std::string dst = Temp(y);
      if (types_.count(x)) types_[dst] = types_[x];
      AddOp(type, {{"X", {src}}}, {{"Out", {dst}}}, std::move(attrs));
      return dst;
    };
    auto neg = [&](const std::string& src, const std::string& dst) {
      AddOp("scale", {{"X", {src}}}, {{"Out", {dst}}}, {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(0)}});
    };
    if (op == "ReduceMean" || op == "ReduceSum" || op == "ReduceMax") {
      reduce(op == "ReduceMean" ? "reduce_mean" : op == "ReduceSum" ? "reduce_sum" : "reduce_max", x, y, keep);
    } else if (op == "ReduceMin") {  // -max(-x)
      std::string nx = Temp(y), r = Temp(y);
      neg(x, nx);
      reduce("reduce_max", nx, r, keep);
      neg(r, y);
    } else if (op == "ReduceL1") {
      reduce("reduce_sum", unary("abs", x), y, keep);
    } else if (op == "ReduceSumSquare" || op == "ReduceL2") {
      std::string sq = Temp(y);
      AddOp("elementwise_mul", {{"X", {x}}, {"Y", {x}}}, {{"Out", {sq}}}, {{"axis", Attribute::Int(-1)}});
      if (op == "ReduceSumSquare") {
        reduce("reduce_sum", sq, y, keep);
      } else {
        std::string r = Temp(y);
        reduce("reduce_sum", sq, r, keep);
        AddOp("sqrt", {{"X", {r}}}, {{"Out", {y}}});
      }
    } else if (op == "ReduceLogSum") {
      std::string r = Temp(y);
      reduce("reduce_sum", x, r, keep);
      AddOp("log", {{"X", {r}}}, {{"Out", {y}}});
    } else {  // ReduceLogSumExp = m + log(sum(exp(x - m))), m = max(x): no overflow
      std::string m = Temp(y), d = Temp(y), s = Temp(y), m2 = keep ? m : Temp(y), l = Temp(y);
      reduce("reduce_max", x, m, true);
      AddOp("elementwise_sub", {{"X", {x}}, {"Y", {m}}}, {{"Out", {d}}}, {{"axis", Attribute::Int(-1)}});
      reduce("reduce_sum", unary("exp", d), s, keep);
      AddOp("log", {{"X", {s}}}, {{"Out", {l}}});
      if (!keep) reduce("reduce_max", x, m2, false);
      AddOp("elementwise_add", {{"X", {l}}, {"Y", {m2}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
    }
    return Status::OK();
  }
  if (op == "ArgMax" || op == "ArgMin") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    int64_t axis = a.Int("axis", 0);
    std::string src = x;
    if (op == "ArgMin") {  // the first minimum is the first maximum of -x
      src = Temp(y);
      if (types_.count(x)) types_[src] = types_[x];
      AddOp("scale", {{"X", {x}}}, {{"Out", {src}}}, {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(0)}});
    }
    std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(axis)},
                                              {"keepdims", Attribute::Bool(a.Int("keepdims", 1) != 0)},
                                              {"dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}};
    types_[y] = DataType::kInt64;
    if (a.Int("select_last_index", 0) == 0) {
      AddOp("arg_max", {{"X", {src}}}, {{"Out", {y}}}, attrs);
      return Status::OK();
    }
    // The last maximum: (n - 1) - argmax(X reversed along axis); the reversal is a gather.
    auto it = shapes_.find(x);
    int r = rank_of(x);
    int64_t ax = norm_axis(axis, r);
    if (r < 0 || ax < 0 || ax >= r || it->second[static_cast<size_t>(ax)] <= 0)
      return a.Unsupported("select_last_index", "1 (the size of the axis must be known at load)");
    const int64_t n = it->second[static_cast<size_t>(ax)];
    Tensor rev(DataType::kInt64, DDim({n}));
    for (int64_t i = 0; i < n; ++i) rev.mutable_data<int64_t>()[i] = n - 1 - i;
    std::string idx = Temp(y), flipped = Temp(y), am = Temp(y);
    EMBER_RETURN_IF_ERROR(AddWeight(idx, rev));
    AddOp("gather", {{"X", {src}}, {"Index", {idx}}}, {{"Out", {flipped}}}, {{"axis", Attribute::Int(ax)}});
    AddOp("arg_max", {{"X", {flipped}}}, {{"Out", {am}}}, attrs);
    AddOp("scale", {{"X", {am}}}, {{"Out", {y}}},
          {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(static_cast<double>(n - 1))}});
    return Status::OK();
  }
  if (op == "DepthToSpace" || op == "SpaceToDepth") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::map<std::string, Attribute> attrs = {{"blocksize", Attribute::Int(a.Int("blocksize", 0))}};
    if (op == "DepthToSpace") {
      std::string mode = a.String("mode", "DCR");
      if (mode != "DCR" && mode != "CRD") return a.Unsupported("mode", mode);
      attrs["mode"] = Attribute::String(mode);
    }
    same_type();
    AddOp(op == "DepthToSpace" ? "depth_to_space" : "space_to_depth", {{"X", {x}}}, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "Resize" || op == "Upsample") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::string mode = a.String("mode", "nearest");
    if (mode == "bilinear") mode = "linear";  // Upsample-7/9 spelling
    std::map<std::string, Attribute> attrs = {{"mode", Attribute::String(mode)}};
    if (op == "Resize" && opset_ >= 11) {
      std::string ctm = a.String("coordinate_transformation_mode", "half_pixel");
      if (ctm == "half_pixel_symmetric") return a.Unsupported("coordinate_transformation_mode", ctm);
      if (ctm == "tf_crop_and_resize") {
        attrs["extrapolation_value"] = Attribute::Float(a.Float("extrapolation_value", 0.f));
        if (in(1).empty()) return fail("tf_crop_and_resize needs input roi");
      }
      attrs["coordinate_transformation_mode"] = Attribute::String(ctm);
      attrs["nearest_mode"] = Attribute::String(a.String("nearest_mode", "round_prefer_floor"));
      attrs["cubic_coeff_a"] = Attribute::Float(a.Float("cubic_coeff_a", -0.75f));
      attrs["exclude_outside"] = Attribute::Bool(a.Int("exclude_outside", 0) != 0);
      a.Ignore({"extrapolation_value"});  // only read by tf_crop_and_resize
      if (a.Int("antialias", 0) != 0) return a.Unsupported("antialias", "1");
      if (a.Has("axes")) return fail("attribute axes is not supported");
      std::string policy = a.String("keep_aspect_ratio_policy", "stretch");
      if (policy != "stretch") return a.Unsupported("keep_aspect_ratio_policy", policy);
    } else {
      // Upsample and Resize-10: asymmetric coordinates, nearest rounds down.
      attrs["coordinate_transformation_mode"] = Attribute::String("asymmetric");
      attrs["nearest_mode"] = Attribute::String("floor");
    }
    OpDesc::Slots ins = {{"X", {x}}};
    if (op == "Upsample" && opset_ < 9) {
      std::vector<double> sc = a.Floats("scales", {});
      attrs["scales"] = Attribute::Floats(sc);
      if (a.Has("width_scale") || a.Has("height_scale")) return fail("attributes width_scale/height_scale are not supported");
    } else {
      int si = (op == "Resize" && opset_ >= 11) ? 2 : 1;
      if (!in(si).empty()) {
        if (const Tensor* t = Const(in(si))) {
          if (t->numel() > 0) attrs["scales"] = Attribute::Floats(ToDoubles(*t));
        } else {
          ins.push_back({"Scales", {in(si)}});
        }
      }
      if (op == "Resize" && opset_ >= 11 && !in(3).empty()) {
        if (const Tensor* t = Const(in(3))) attrs["sizes"] = Attribute::Ints(ToInts(*t));
        else ins.push_back({"Sizes", {in(3)}});
      }
      if (op == "Resize" && opset_ >= 11 && !in(1).empty() &&
          attrs["coordinate_transformation_mode"].s == "tf_crop_and_resize") {
        if (const Tensor* t = Const(in(1))) attrs["roi"] = Attribute::Floats(ToDoubles(*t));
        else ins.push_back({"Roi", {in(1)}});
      }
    }
    same_type();
    AddOp("resize", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "Gather") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    same_type();
    AddOp("gather", {{"X", {x}}, {"Index", {in(1)}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(a.Int("axis", 0))}});
    return Status::OK();
  }
  static const std::map<std::string, std::string> kCompare = {
      {"Equal", "equal"}, {"Less", "less_than"}, {"LessOrEqual", "less_equal"}, {"Greater", "greater_than"},
      {"GreaterOrEqual", "greater_equal"}};
  auto cmp = kCompare.find(op);
  if (cmp != kCompare.end()) {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    if (opset_ < 7) a.Ignore({"broadcast", "axis"});
    types_[y] = DataType::kBool;
    AddOp(cmp->second, {{"X", {x}}, {"Y", {in(1)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Where") {
    EMBER_RETURN_IF_ERROR(need_inputs(3));
    if (types_.count(in(1))) types_[y] = types_[in(1)];
    AddOp("where", {{"Condition", {x}}, {"X", {in(1)}}, {"Y", {in(2)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Expand") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    same_type();
    if (const Tensor* t = Const(in(1)))
      AddOp("expand_v2", {{"X", {x}}}, {{"Out", {y}}}, {{"shape", Attribute::Ints(ToInts(*t))}});
    else
      AddOp("expand_v2", {{"X", {x}}, {"Shape", {in(1)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Tile") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    same_type();
    if (const Tensor* t = Const(in(1)))
      AddOp("tile", {{"X", {x}}}, {{"Out", {y}}}, {{"repeat_times", Attribute::Ints(ToInts(*t))}});
    else
      AddOp("tile", {{"X", {x}}, {"RepeatTimes", {in(1)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Range") {
    EMBER_RETURN_IF_ERROR(need_inputs(3));
    same_type();
    AddOp("range", {{"Start", {x}}, {"End", {in(1)}}, {"Step", {in(2)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "TopK") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(a.Int("axis", -1))},
                                              {"largest", Attribute::Bool(a.Int("largest", 1) != 0)},
                                              {"sorted", Attribute::Bool(a.Int("sorted", 1) != 0)}};
    if (a.Int("sorted", 1) == 0) return a.Unsupported("sorted", "0");
    OpDesc::Slots ins = {{"X", {x}}};
    if (opset_ < 10) {
      attrs["k"] = Attribute::Int(a.Int("k", 1));
    } else if (const Tensor* t = Const(in(1))) {
      std::vector<int64_t> k = ToInts(*t);
      if (k.size() != 1) return fail("input K must hold one value");
      attrs["k"] = Attribute::Int(k[0]);
    } else {
      ins.push_back({"K", {in(1)}});
    }
    std::string values = y, indices = out(1).empty() ? Temp(y) : out(1);
    same_type();
    types_[indices] = DataType::kInt64;
    AddOp("top_k_v2", ins, {{"Out", {values}}, {"Indices", {indices}}}, attrs);
    return Status::OK();
  }
  if (op == "ConstantOfShape") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    Tensor value;
    if (const auto* v = a.Get("value")) {
      EMBER_RETURN_IF_ERROR(TensorFromProto(v->t(), dir_, a.Where() + " attribute value", &value));
      if (value.numel() != 1) return fail("attribute value must hold one element");
    } else {
      value.Resize(DDim({1}));
      *value.mutable_data<float>() = 0.f;
    }
    value.Resize(DDim(std::vector<int64_t>{}));
    if (const Tensor* t = Const(x)) {
      // Known shape: the result is a constant.
      std::vector<int64_t> shape = ToInts(*t);
      Tensor filled(value.dtype(), DDim(shape));
      EMBER_RETURN_IF_ERROR(filled.Allocate());
      const size_t esz = SizeOf(value.dtype());
      for (int64_t i = 0; i < filled.numel(); ++i)
        std::memcpy(static_cast<char*>(filled.raw_data()) + i * esz, value.raw_data(), esz);
      return AddWeight(y, filled);
    }
    std::string scalar = Temp(y);
    EMBER_RETURN_IF_ERROR(AddWeight(scalar, value));
    types_[y] = value.dtype();
    AddOp("expand_v2", {{"X", {scalar}}, {"Shape", {x}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Neg") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    same_type();
    AddOp("scale", {{"X", {x}}}, {{"Out", {y}}}, {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(0)}});
    return Status::OK();
  }
  if (op == "Erf") return act("erf");
  if (op == "Size") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    types_[y] = DataType::kInt64;
    AddOp("size", {{"Input", {x}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "GatherElements") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    same_type();
    AddOp("take_along_axis", {{"Input", {x}}, {"Index", {in(1)}}}, {{"Result", {y}}},
          {{"Axis", Attribute::Int(a.Int("axis", 0))}});
    return Status::OK();
  }
  if (op == "Trilu") {
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    std::map<std::string, Attribute> attrs = {{"lower", Attribute::Bool(a.Int("upper", 1) == 0)}};
    OpDesc::Slots ins = {{"X", {x}}};
    if (!in(1).empty()) {
      if (const Tensor* t = Const(in(1))) {
        std::vector<int64_t> k = ToInts(*t);
        if (k.size() != 1) return fail("input k must hold one value");
        attrs["diagonal"] = Attribute::Int(k[0]);
      } else {
        ins.push_back({"Diagonal", {in(1)}});
      }
    }
    same_type();
    AddOp("tril_triu", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "CumSum") {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    std::map<std::string, Attribute> attrs = {{"exclusive", Attribute::Bool(a.Int("exclusive", 0) != 0)},
                                              {"reverse", Attribute::Bool(a.Int("reverse", 0) != 0)}};
    OpDesc::Slots ins = {{"X", {x}}};
    if (const Tensor* t = Const(in(1))) {
      std::vector<int64_t> ax = ToInts(*t);
      if (ax.size() != 1) return fail("input axis must hold one value");
      attrs["axis"] = Attribute::Int(ax[0]);
    } else {
      ins.push_back({"AxisTensor", {in(1)}});
    }
    same_type();
    AddOp("cumsum", ins, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  if (op == "Elu") return act("elu", {{"alpha", Attribute::Float(a.Float("alpha", 1.f))}});
  if (op == "Selu")
    return act("selu", {{"alpha", Attribute::Float(a.Float("alpha", 1.67326319217681884765625f))},
                        {"scale", Attribute::Float(a.Float("gamma", 1.05070102214813232421875f))}});
  if (op == "Softplus") return act("softplus", {{"beta", Attribute::Float(1.f)}, {"threshold", Attribute::Float(20.f)}});
  if (op == "Softsign") return act("softsign");
  if (op == "Celu") return act("celu", {{"alpha", Attribute::Float(a.Float("alpha", 1.f))}});
  if (op == "ThresholdedRelu")
    return act("thresholded_relu", {{"threshold", Attribute::Float(a.Float("alpha", 1.f))}});
  static const std::map<std::string, std::string> kUnary = {
      {"Floor", "floor"}, {"Ceil", "ceil"}, {"Round", "round"}, {"Reciprocal", "reciprocal"}, {"Sin", "sin"},
      {"Cos", "cos"}, {"Tan", "tan"}, {"Asin", "asin"}, {"Acos", "acos"}, {"Atan", "atan"}};
  auto un = kUnary.find(op);
  if (un != kUnary.end()) return act(un->second);
  static const std::map<std::string, std::string> kLogical = {
      {"And", "logical_and"}, {"Or", "logical_or"}, {"Xor", "logical_xor"}};
  auto lg = kLogical.find(op);
  if (lg != kLogical.end()) {
    EMBER_RETURN_IF_ERROR(need_inputs(2));
    if (opset_ < 7) a.Ignore({"broadcast", "axis"});
    types_[y] = DataType::kBool;
    AddOp(lg->second, {{"X", {x}}, {"Y", {in(1)}}}, {{"Out", {y}}});
    return Status::OK();
  }
  if (op == "Not") {  // x == false
    EMBER_RETURN_IF_ERROR(need_inputs(1));
    Tensor f(DataType::kBool, DDim(std::vector<int64_t>{}));
    *f.mutable_data<bool>() = false;
    std::string c = Temp(y);
    EMBER_RETURN_IF_ERROR(AddWeight(c, f));
    types_[y] = DataType::kBool;
    AddOp("equal", {{"X", {x}}, {"Y", {c}}}, {{"Out", {y}}});
    return Status::OK();
  }

  return Unimplemented(a.Where(), ": op type ", op, " is not supported");
}

}  // namespace

Status ParseOnnxTensor(const void* data, size_t size, const std::string& source, Tensor* out, std::string* name,
                       const std::string& dir) {
  onnx::TensorProto tp;
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()) || !tp.ParseFromArray(data, static_cast<int>(size)))
    return ParseError(source, ": not a valid ONNX TensorProto");
  if (name) *name = tp.name();
  return TensorFromProto(tp, dir, source, out);
}

Status ImportOnnxBuffer(const void* data, size_t size, const std::string& source, ProgramDesc* program,
                        Scope* weights) {
  if (!data) return InvalidArgument(source, ": model buffer is null");
  onnx::ModelProto model;
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      !model.ParseFromArray(data, static_cast<int>(size)))
    return ParseError(source, ": not a valid ONNX model (protobuf parse failed)");
  Importer imp(source, DirName(source), program, weights);
  return imp.Run(model);
}

Status ImportOnnxFile(const std::string& path, ProgramDesc* program, Scope* weights) {
  std::string buf;
  if (!ReadFile(path, &buf)) return NotFound("cannot read ONNX model file ", path);
  return ImportOnnxBuffer(buf.data(), buf.size(), path, program, weights);
}

}  // namespace ember
