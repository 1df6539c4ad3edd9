// The ONNX importer's driver: reads the model, declares feeds, fetches and initializers, and hands every node
// to the converter its op type and the model's opset select in the converter table.
#include "io/onnx/onnx_importer.h"

#include <limits>
#include <memory>
#include <set>

#include "framework/op_registry.h"
#include "io/converter_list.h"
#include "io/file_util.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

// Every row of the family tables this build keeps (converter_selection.h), and the rows of each op type.
const std::vector<OnnxConverter>& AllConverters() {
  static const std::vector<OnnxConverter> all = [] {
    std::vector<OnnxConverter> v;
    for (const auto* family : {&OnnxNnConverters(), &OnnxMathConverters(), &OnnxShapeConverters(),
                               &OnnxControlConverters(), &OnnxDetectionConverters(), &OnnxTransformerConverters(),
                               &OnnxLossConverters(), &OnnxSamplingConverters(), &OnnxSequenceConverters(),
                               &OnnxQuantizeConverters()})
      for (const auto& row : *family)
        if (row.convert) v.push_back(row);
    return v;
  }();
  return all;
}

const std::vector<const OnnxConverter*>* RowsOf(const std::string& op_type) {
  static const std::map<std::string, std::vector<const OnnxConverter*>> by_op = [] {
    std::map<std::string, std::vector<const OnnxConverter*>> m;
    for (const auto& row : AllConverters()) m[row.op_type].push_back(&row);
    return m;
  }();
  auto it = by_op.find(op_type);
  return it == by_op.end() ? nullptr : &it->second;
}

// The converter for `node` at `opset`, or the error saying there is none (and which opsets have one).
Status FindConverter(const onnx::NodeProto& node, int64_t opset, const OnnxConverter** found) {
  const auto* rows = RowsOf(node.op_type());
  std::string covered;
  if (rows) {
    for (const OnnxConverter* row : *rows) {
      if (opset >= row->min_opset && opset <= row->max_opset) {
        *found = row;
        return Status::OK();
      }
      covered += StrCat(covered.empty() ? "" : ", ", row->min_opset);
      if (row->max_opset != row->min_opset) covered += StrCat("-", row->max_opset);
    }
  }
  std::string label = node.name().empty()
                          ? StrCat("ONNX node (", Quote(node.op_type()), ", output ",
                                   Quote(node.output_size() > 0 ? node.output(0) : ""))
                          : StrCat("ONNX node ", Quote(node.name()), " (", Quote(node.op_type()));
  if (!node.domain().empty() && node.domain() != "ai.onnx") label += StrCat(", domain ", Quote(node.domain()));
  std::string others = covered.empty() ? "" : StrCat(" (it has converters for opsets ", covered, ")");
  return Unimplemented(label, ", opset ", opset, "): no converter for ", Quote(node.op_type()), " at opset ", opset,
                       " in this build (net profile '", EMBER_NET_PROFILE, "')", others);
}

// Before converting anything: the first node with no converter at `opset`, with every other such op type, so a
// slim build's error names all it lacks.
Status CheckConvertersBuilt(const onnx::GraphProto& g, int64_t opset) {
  Status first;
  std::string first_type;
  std::set<std::string> others;
  for (const auto& node : g.node()) {
    const OnnxConverter* found = nullptr;
    Status s = FindConverter(node, opset, &found);
    if (s.ok() || IsCustomOnnxNode(node, false)) continue;
    if (first.ok()) first = s, first_type = node.op_type();
    else if (node.op_type() != first_type) others.insert(Quote(node.op_type()));
  }
  if (first.ok()) return first;
  std::string nor;
  for (const auto& t : others) nor += (nor.empty() ? "; nor for " : ", ") + t;
  return Status(first.code(), first.message() + nor);
}

class Importer {
 public:
  Importer(const std::string& source, const std::string& dir, ProgramDesc* program, Scope* weights)
      : source_(source), program_(program) {
    g_.dir = dir;
    g_.weights = weights;
  }

  // Consumes the initializers' bytes as it converts them (a model's weights are held once, not twice).
  Status Run(onnx::ModelProto* model);

 private:
  void NoteValueInfo(const onnx::ValueInfoProto& vi);
  Status AddInputs(onnx::GraphProto* g);
  Status ImportNode(const onnx::NodeProto& node);

  std::string source_;
  ProgramDesc* program_;
  OnnxGraph g_;
};

void Importer::NoteValueInfo(const onnx::ValueInfoProto& vi) {
  if (!vi.has_type() || !vi.type().has_tensor_type()) return;
  const auto& tt = vi.type().tensor_type();
  DataType dt;
  if (tt.elem_type() && EmberTypeOf(tt.elem_type(), &dt)) g_.types[vi.name()] = dt;
  if (tt.elem_type() == kOnnxFloat16) g_.halves.insert(vi.name());
  if (tt.has_shape()) {
    std::vector<int64_t> dims;
    for (const auto& d : tt.shape().dim()) dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
    g_.shapes[vi.name()] = dims;
  }
}

// Initializers become weights (each proto's bytes freed once converted), the other graph inputs feed ops.
Status Importer::AddInputs(onnx::GraphProto* g) {
  for (onnx::TensorProto& init : *g->mutable_initializer()) {
    Tensor t;
    const std::string what = StrCat(source_, ": initializer ", Quote(init.name()));
    EMBER_RETURN_IF_ERROR(TensorFromProtoTakingBytes(&init, g_.dir, what, &t));
    EMBER_RETURN_IF_ERROR(g_.AddWeight(init.name(), std::move(t)));
    if (init.data_type() == kOnnxFloat16) g_.halves.insert(init.name());
    std::string().swap(*init.mutable_raw_data());
    init.clear_float_data();
  }
  int col = 0;
  for (const auto& in : g->input()) {
    if (g_.consts.count(in.name())) continue;  // an initializer (IR < 4 lists them as inputs too)
    NoteValueInfo(in);
    if (in.has_type() && in.type().has_tensor_type()) {
      DataType dt;
      int et = in.type().tensor_type().elem_type();
      if (!EmberTypeOf(et, &dt))
        return Unimplemented(source_, ": graph input ", Quote(in.name()), " has element type ", OnnxTypeName(et),
                             ", which is not supported");
    }
    g_.AddOp("feed", {{"X", {"feed"}}}, {{"Out", {in.name()}}}, {{"col", Attribute::Int(col++)}});
  }
  return Status::OK();
}

Status Importer::Run(onnx::ModelProto* proto) {
  const onnx::ModelProto& model = *proto;
  int64_t opset = 0;
  for (const auto& os : model.opset_import())
    if (os.domain().empty() || os.domain() == "ai.onnx") opset = os.version();
  if (opset == 0) opset = 1;
  if (opset < kOnnxMinOpset || opset > kOnnxMaxOpset)
    return Unimplemented(source_, ": ONNX opset ", opset, " is not supported (", kOnnxMinOpset, " to ",
                         kOnnxMaxOpset, " are)");
  g_.opset = opset;
  if (!model.has_graph()) return ParseError(source_, ": the model has no graph");
  const onnx::GraphProto& g = model.graph();

  program_->blocks.assign(1, BlockDesc());
  program_->format = "onnx";
  program_->version = model.ir_version();
  g_.block = &program_->block0();
  g_.block->DeclareFeedFetchVars();

  for (const auto& vi : g.value_info()) NoteValueInfo(vi);
  for (const auto& vi : g.output()) NoteValueInfo(vi);
  EMBER_RETURN_IF_ERROR(AddInputs(proto->mutable_graph()));
  Status built = CheckConvertersBuilt(g, g_.opset);
  if (!built.ok()) return built.Prepend(source_ + ": ");
  for (const auto& node : g.node()) {
    Status s = ImportNode(node);
    if (!s.ok()) return s.Prepend(source_ + ": ");
  }
  int col = 0;
  for (const auto& out : g.output()) {
    if (!g_.block->FindVar(out.name()))
      return ParseError(source_, ": graph output ", Quote(out.name()), " is produced by no node");
    g_.AddOp("fetch", {{"X", {out.name()}}}, {{"Out", {"fetch"}}}, {{"col", Attribute::Int(col++)}});
  }
  return Status::OK();
}

Status Importer::ImportNode(const onnx::NodeProto& node) {
  const OnnxConverter* converter = nullptr;
  Status found = FindConverter(node, g_.opset, &converter);
  const bool custom = IsCustomOnnxNode(node, found.ok());
  if (!custom && !node.domain().empty() && node.domain() != "ai.onnx")
    return Unimplemented("node ", Quote(node.name()), " (", Quote(node.op_type()), "): domain ", Quote(node.domain()),
                         " is not supported (only the default ONNX domain, or a registered custom op)");
  for (const auto& in : node.input())
    if (!in.empty() && !g_.block->FindVar(in))
      return ParseError("node ", Quote(node.name()), " (", Quote(node.op_type()), ") reads ", Quote(in),
                        ", which no earlier node, input or initializer defines");
  if (custom) return ImportCustomOnnxNode(g_, node);
  EMBER_RETURN_IF_ERROR(found);
  program_->source_op_types.insert(node.op_type());
  OnnxContext c(g_, node);
  OnnxAttrs& a = c.attrs();
  a.Ignore({"consumed_inputs"});  // a legacy (opset < 6) memory hint with no effect on results
  Status converted = converter->convert(c);
  if (!a.status.ok()) return a.status;  // an attribute of the wrong type, even if the converter carried on
  EMBER_RETURN_IF_ERROR(converted);
  for (const auto& kv : a.by_name)
    if (!a.used.count(kv.first))
      return Unimplemented(a.Where(), ": attribute ", Quote(kv.first), " is not supported");
  return Status::OK();
}

}  // namespace

void OnnxGraph::DeclareWeight(const std::string& name, const Tensor& t) {
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dims = t.dims().vec();
  v.dtype = VarDataTypeOf(t.dtype());
  block->AddVar(v);
  shapes[name] = t.dims().vec();
  types[name] = t.dtype();
}

Status OnnxGraph::AddWeight(const std::string& name, const Tensor& t) {
  DeclareWeight(name, t);
  Tensor* w = weights->Var(name)->GetMutable();
  EMBER_RETURN_IF_ERROR(w->CopyFrom(t));
  consts[name].ShareDataWith(*w);  // read-only during the import: one copy serves both
  return Status::OK();
}

Status OnnxGraph::AddWeight(const std::string& name, Tensor&& t) {
  DeclareWeight(name, t);
  weights->Var(name)->GetMutable()->ShareDataWith(t);  // nothing else holds t's storage: no copy
  consts[name].ShareDataWith(t);
  return Status::OK();
}

void OnnxGraph::DeclareVar(const std::string& name) {
  if (block->FindVar(name)) return;
  VarDesc v;
  v.name = name;
  auto it = types.find(name);
  if (it != types.end()) v.dtype = VarDataTypeOf(it->second);
  auto s = shapes.find(name);
  if (s != shapes.end()) v.dims = s->second;
  block->vars.push_back(v);
}

void OnnxGraph::AddOp(const std::string& type, OpDesc::Slots ins, OpDesc::Slots outs,
                      std::map<std::string, Attribute> attrs) {
  OpDesc op;
  op.type = type;
  op.inputs = std::move(ins);
  op.outputs = std::move(outs);
  op.attrs = std::move(attrs);
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  if (Fold(op)) return;
  block->ops.push_back(std::move(op));
}

bool OnnxGraph::Fold(const OpDesc& op) {
  if (op.type == "feed" || op.type == "fetch") return false;
  if (op.type == "onnx_dropout") return false;  // a training-mode mask is drawn anew on every run
  std::vector<std::string> ins = op.AllInputNames();
  if (ins.empty()) return false;
  for (const auto& n : ins)
    if (!consts.count(n)) return false;
  if (!FindBuiltinOpCreator(op.type)) return false;  // a custom op's callbacks run only in predictors
  // Small results only: folding exists for shape arithmetic, not to precompute large tensors.
  Scope scope(weights);
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
  ++folded;
  return true;
}

std::vector<ConverterInfo> OnnxConverterList() {
  std::vector<ConverterInfo> list;
  for (const auto& row : AllConverters()) list.push_back({row.op_type, row.min_opset, row.max_opset});
  return list;
}

Status ParseOnnxTensor(const void* data, size_t size, const std::string& source, Tensor* out, std::string* name,
                       const std::string& dir) {
  onnx::TensorProto tp;
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()) || !tp.ParseFromArray(data, static_cast<int>(size)))
    return ParseError(source, ": not a valid ONNX TensorProto");
  if (name) *name = tp.name();
  return TensorFromProto(tp, dir, source, out);
}

namespace {

Status ParseModel(const void* data, size_t size, const std::string& source, onnx::ModelProto* model) {
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      !model->ParseFromArray(data, static_cast<int>(size)))
    return ParseError(source, ": not a valid ONNX model (protobuf parse failed)");
  return Status::OK();
}

}  // namespace

Status ImportOnnxBuffer(const void* data, size_t size, const std::string& source, ProgramDesc* program,
                        Scope* weights, const std::string& external_dir) {
  if (!data) return InvalidArgument(source, ": model buffer is null");
  onnx::ModelProto model;
  EMBER_RETURN_IF_ERROR(ParseModel(data, size, source, &model));
  Importer imp(source, external_dir, program, weights);
  return imp.Run(&model);
}

Status ImportOnnxFile(const std::string& path, ProgramDesc* program, Scope* weights) {
  onnx::ModelProto model;
  {
    // Mapped, not read into a buffer (a copy and its page faults: a third of resnet50's load), and unmapped once
    // parsed, so the file's bytes, the parsed model and the weights are never all in memory at once.
    std::shared_ptr<Allocation> mapped;
    if (MapFile(path, &mapped, true).ok()) {
      EMBER_RETURN_IF_ERROR(ParseModel(mapped->ptr() ? mapped->ptr() : "", mapped->size(), path, &model));
    } else {  // not a regular file (a pipe), or it cannot be mapped
      std::string buf;
      Status read = ReadFileToString(path, &buf);
      if (!read.ok())
        return read.code() == StatusCode::kNotFound ? NotFound("cannot read ONNX model file ", path) : read;
      EMBER_RETURN_IF_ERROR(ParseModel(buf.data(), buf.size(), path, &model));
    }
  }
  Importer imp(path, DirName(path), program, weights);
  return imp.Run(&model);
}

}  // namespace ember
