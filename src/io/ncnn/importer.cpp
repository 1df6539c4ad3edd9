// ncnn importer. Reads ncnn's graph formats (text .param, magic 7767517, and binary .param.bin) and its
// .bin weights and writes the same ProgramDesc the Paddle loader produces, so the passes, kernels and tools
// treat the three formats alike.
//
// This file is the driver (shape hints, blob checks, feeds and fetches, the converter lookup) and the
// context the converters share (weights, the op emitter, fused activations). The converters live in the
// family files (ncnn_nn, ncnn_math, ncnn_shape, ncnn_detection), one function and one table row per layer
// type; the layout rules are in ncnn_context.h.
#include "io/ncnn/ncnn_importer.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "io/converter_list.h"
#include "io/generated_weights.h"
#include "io/ncnn/ncnn_context.h"
#include "io/file_util.h"

namespace ember {

// ---------------------------------------------------------------------------------------------------------
// The context
// ---------------------------------------------------------------------------------------------------------

const NcnnBlob* NcnnContext::FindBlob(const std::string& blob) const {
  auto it = blobs_.find(blob);
  return it == blobs_.end() ? nullptr : &it->second;
}

std::vector<std::string> NcnnContext::BottomVars(const NcnnLayer& L) const {
  std::vector<std::string> vars;
  for (size_t i = 0; i < L.bottoms.size(); ++i) vars.push_back(Bottom(L, i)->var);
  return vars;
}

void NcnnContext::SetTop(const NcnnLayer& L, size_t i, const std::string& var, int rank) {
  NcnnBlob b;
  b.var = var;
  b.rank = rank;
  auto h = hints_.find(L.tops[i]);
  if (h != hints_.end()) {
    b.hint = h->second;
    b.rank = static_cast<int>(h->second.size());
  }
  blobs_[L.tops[i]] = b;
}

const std::vector<int>* NcnnContext::Hint(const std::string& blob) const {
  auto it = hints_.find(blob);
  return it == hints_.end() ? nullptr : &it->second;
}

Status NcnnContext::LoadBin(int64_t n, int type, std::vector<float>* out, bool* int8) {
  if (int8) *int8 = false;
  if (!bin_) {
    out->clear();
    return Status::OK();
  }
  return bin_->Load(n, type, out, int8);
}

Status NcnnContext::AddWeight(const std::string& name, std::vector<int64_t> dims, std::vector<float> values,
                              DataType dtype) {
  if (block().FindVar(name)) return InvalidArgument("duplicate weight name ", Quote(name));
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dims = dims;
  v.dtype = VarDataTypeOf(dtype);
  block().vars.push_back(v);
  if (!bin_) return Status::OK();  // generated later
  DDim d(dims);
  if (static_cast<int64_t>(values.size()) != d.numel())
    return Internal("weight ", Quote(name), " has ", values.size(), " values for dims ", d.ToString());
  Tensor t(dtype, d);
  if (dtype == DataType::kInt8) {  // values read from int8 storage: exact
    std::transform(values.begin(), values.end(), t.mutable_data<int8_t>(),
                   [](float x) { return static_cast<int8_t>(x); });
    *weights_->Var(name)->GetMutable() = std::move(t);
    return Status::OK();
  }
  float* p = t.mutable_data<float>();
  std::copy(values.begin(), values.end(), p);
  *weights_->Var(name)->GetMutable() = std::move(t);
  return Status::OK();
}

void NcnnContext::DeclareVar(const std::string& name, std::vector<int64_t> dims) {
  if (block().FindVar(name)) return;
  VarDesc v;
  v.name = name;
  v.dims = std::move(dims);
  block().vars.push_back(v);
}

OpDesc& NcnnContext::Emit(OpDesc op) {
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  block().ops.push_back(std::move(op));
  return block().ops.back();
}

OpDesc& NcnnContext::AddOp(const std::string& type, OpDesc::Slots inputs, OpDesc::Slots outputs,
                           std::map<std::string, Attribute> attrs) {
  OpDesc op;
  op.type = type;
  op.inputs = std::move(inputs);
  op.outputs = std::move(outputs);
  op.attrs = std::move(attrs);
  return Emit(std::move(op));
}

Status NcnnContext::AddActivationLayer(const NcnnLayer& L, const std::string& type,
                                       std::map<std::string, Attribute> attrs) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const NcnnBlob* in = Bottom(L, 0);
  AddActivation(type, in->var, L.tops[0], std::move(attrs));
  SetTop(L, 0, L.tops[0], in->rank);
  return Status::OK();
}

std::string NcnnContext::ToImage(const std::string& var) {
  std::string t = Temp(var);
  AddOp("reshape2", {{"X", {var}}}, {{"Out", {t}}}, {{"shape", Attribute::Ints({1, -1, 1, 1})}});
  return t;
}

Status NcnnOneInOut(const NcnnLayer& L) {
  if (L.bottoms.size() != 1 || L.tops.size() != 1)
    return InvalidArgument("expects 1 input and 1 output, got ", L.bottoms.size(), " and ", L.tops.size());
  return Status::OK();
}

Status NcnnFusedActivation(const NcnnLayer& L, OpDesc* op) {
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

namespace {

// ---------------------------------------------------------------------------------------------------------
// The converter table
// ---------------------------------------------------------------------------------------------------------

// Every row of the family tables this build keeps (converter_selection.h).
const std::vector<NcnnConverter>& AllConverters() {
  static const std::vector<NcnnConverter> all = [] {
    std::vector<NcnnConverter> v;
    for (const auto* family : {&NcnnNnConverters(), &NcnnMathConverters(), &NcnnShapeConverters(),
                               &NcnnDetectionConverters()})
      for (const auto& row : *family)
        if (row.convert) v.push_back(row);
    return v;
  }();
  return all;
}

const NcnnConverter* FindConverter(const std::string& layer_type) {
  static const std::map<std::string, const NcnnConverter*> by_type = [] {
    std::map<std::string, const NcnnConverter*> m;
    for (const auto& row : AllConverters()) m.emplace(row.layer_type, &row);
    return m;
  }();
  auto it = by_type.find(layer_type);
  return it == by_type.end() ? nullptr : it->second;
}

// Every error about a layer starts with the format, the layer's index, name and type.
Status LayerError(const NcnnLayer& L, Status s) {
  if (s.ok()) return s;
  s.Prepend(StrCat("ncnn layer ", L.index, " ", Quote(L.name), " (", Quote(L.type), "): "));
  return s;
}

// Before converting anything: the first layer whose type has no converter, with every other such type, so a
// slim build's error names all it lacks.
Status CheckConvertersBuilt(const std::vector<NcnnLayer>& layers) {
  const NcnnLayer* first = nullptr;
  std::set<std::string> others;
  for (const auto& L : layers) {
    if (FindConverter(L.type) || IsCustomNcnnLayer(L.type)) continue;
    if (!first) first = &L;
    else if (L.type != first->type) others.insert(Quote(L.type));
  }
  if (!first) return Status::OK();
  std::string nor;
  for (const auto& t : others) nor += (nor.empty() ? "; nor for " : ", ") + t;
  return LayerError(*first, Unimplemented("no converter for ", Quote(first->type), " in this build (net profile '",
                                          EMBER_NET_PROFILE, "')", nor));
}

Status ConvertLayer(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnConverter* converter = FindConverter(L.type);
  if (!converter && IsCustomNcnnLayer(L.type)) return ConvertCustomLayer(ctx, L);
  if (!converter)
    return Unimplemented("no converter for ", Quote(L.type), " in this build (net profile '", EMBER_NET_PROFILE, "')");
  // Only the source layers take no input; every other converter reads its first input.
  if (L.bottoms.empty() && L.type != "Input" && L.type != "MemoryData")
    return InvalidArgument("expects at least one input");
  // Split and Noop pass their inputs through; every other converter writes its first output.
  if (L.tops.empty() && L.type != "Split" && L.type != "Noop") return InvalidArgument("expects at least one output");
  return converter->convert(ctx, L);
}

// ---------------------------------------------------------------------------------------------------------
// The driver
// ---------------------------------------------------------------------------------------------------------

// The -23330 shape hints: per top blob, its ncnn (w, h, [d,] c).
void ReadShapeHints(const std::vector<NcnnLayer>& layers, NcnnContext& ctx) {
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
      ctx.SetHint(L.tops[j], shape);
    }
  }
}

void InitProgram(ProgramDesc* program) {
  program->blocks.assign(1, BlockDesc());
  program->format = "ncnn";
  program->version = 0;
  program->block0().DeclareFeedFetchVars();
}

Status Run(const std::vector<NcnnLayer>& layers, const std::string& path, NcnnModelBin* bin, ProgramDesc* program,
           Scope* weights) {
  EMBER_RETURN_IF_ERROR(CheckConvertersBuilt(layers));
  InitProgram(program);
  NcnnContext ctx(program, weights, bin);
  ReadShapeHints(layers, ctx);
  std::set<std::string> consumed;
  std::vector<std::string> produced;
  std::set<std::string> produced_set;
  for (const auto& L : layers) {
    for (const auto& b : L.bottoms) {
      if (!ctx.FindBlob(b))
        return LayerError(L, NotFound(path, ": input blob ", Quote(b), " is not produced by an earlier layer"));
      consumed.insert(b);
    }
    for (const auto& t : L.tops)
      if (produced_set.count(t)) return LayerError(L, InvalidArgument(path, ": blob ", Quote(t), " is produced twice"));
    EMBER_RETURN_IF_ERROR(LayerError(L, ConvertLayer(ctx, L)));
    if (FindConverter(L.type)) program->source_op_types.insert(L.type);  // not a custom op's type
    for (const auto& t : L.tops) {
      // A converter binds the outputs its layer type has; extra tops in the .param are an error.
      if (!ctx.FindBlob(t))
        return LayerError(L, InvalidArgument(path, ": lists output blob ", Quote(t), " but a ", Quote(L.type),
                                             " layer does not produce it (", L.tops.size(), " outputs listed)"));
      produced.push_back(t);
      produced_set.insert(t);
    }
  }
  if (bin && bin->pos() != bin->size())
    return ParseError(path, ": weight file has ", bin->size() - bin->pos(), " bytes left after the last layer (",
                      bin->size(), " bytes): the .bin does not match the .param");
  int col = 0;
  for (const auto& t : produced) {
    if (consumed.count(t)) continue;
    OpDesc op;
    op.type = "fetch";
    op.SetInput("X", {ctx.FindBlob(t)->var});
    op.SetOutput("Out", {"fetch"});
    op.attrs["col"] = Attribute::Int(col++);
    program->block0().ops.push_back(op);
  }
  if (col == 0) return InvalidArgument(path, ": the graph has no output blob");
  return Status::OK();
}

Status ImportLayers(const std::vector<NcnnLayer>& layers, const std::string& source, NcnnModelBin* mb,
                    ProgramDesc* program, Scope* weights) {
  Status s = Run(layers, source, mb, program, weights);
  if (!s.ok()) {
    if (s.message().find(source) == std::string::npos) s.Prepend(source + ": ");
    return s;
  }
  if (!mb) EMBER_RETURN_IF_ERROR(GenerateWeights(*program, 1234, weights));
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

std::vector<ConverterInfo> NcnnConverterList() {
  std::vector<ConverterInfo> list;
  for (const auto& row : AllConverters()) list.push_back({row.layer_type, 0, 0});
  return list;
}

Status ImportNcnnBuffers(const std::string& param, bool binary_param, const std::string* bin, bool generate_weights,
                         const std::string& source, ProgramDesc* program, Scope* weights) {
  std::vector<NcnnLayer> layers;
  int blob_count = 0;
  EMBER_RETURN_IF_ERROR(binary_param ? ParseNcnnBinaryParam(param, source, &layers, &blob_count)
                                     : ParseNcnnTextParam(param, source, &layers, &blob_count));
  std::unique_ptr<NcnnModelBin> mb;
  if (bin && !generate_weights)
    mb.reset(new NcnnModelBin(bin, source + " weights"));
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
  EMBER_RETURN_IF_ERROR(binary ? ParseNcnnBinaryParam(text, param_path, &layers, &blob_count)
                               : ParseNcnnTextParam(text, param_path, &layers, &blob_count));

  std::string weights_path = bin_path;
  if (weights_path.empty() && !generate_weights) {
    std::string base = param_path.substr(0, param_path.size() - (binary ? 10 : 6));
    if (FileExists(base + ".bin")) weights_path = base + ".bin";
  }
  std::string bin;
  std::unique_ptr<NcnnModelBin> mb;
  if (!weights_path.empty() && !generate_weights) {
    EMBER_RETURN_IF_ERROR(ReadFileToString(weights_path, &bin));
    mb.reset(new NcnnModelBin(&bin, weights_path));
  } else if (!generate_weights) {
    return NotFound(param_path, ": no weight file (", param_path.substr(0, param_path.size() - (binary ? 10 : 6)),
                    ".bin) beside it; pass one or generate weights");
  }
  return ImportLayers(layers, param_path, mb.get(), program, weights);
}

}  // namespace ember
