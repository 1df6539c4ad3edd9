// What an ONNX op converter works with: the graph being built (OnnxGraph), one node's attributes (OnnxAttrs)
// and the per-node context (OnnxContext) passed to every converter, plus the converter table's row type.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "onnx.pb.h"

namespace ember {

// The opsets of the default ONNX domain this build imports.
constexpr int kOnnxMinOpset = 1;
constexpr int kOnnxMaxOpset = 28;

// The graph being built and what is known about its values at import. Methods in importer.cpp.
struct OnnxGraph {
  std::string dir;  // external data files are looked up here
  int64_t opset = 1;
  BlockDesc* block = nullptr;
  Scope* weights = nullptr;
  int temp = 0;
  int folded = 0;  // ops evaluated at load
  std::map<std::string, Tensor> consts;                 // initializers, Constant nodes, folded results
  std::map<std::string, std::vector<int64_t>> shapes;  // dims known at import (-1 unknown)
  std::map<std::string, DataType> types;               // element types known at import
  std::set<std::string> halves;                        // values ONNX types float16 (float32 in Ember)

  Status AddWeight(const std::string& name, const Tensor& t);
  Status AddWeight(const std::string& name, Tensor&& t);  // takes t's storage
  void DeclareWeight(const std::string& name, const Tensor& t);
  void DeclareVar(const std::string& name);
  void AddOp(const std::string& type, OpDesc::Slots ins, OpDesc::Slots outs,
             std::map<std::string, Attribute> attrs = {});
  // Runs an op whose inputs are all constants at load; its outputs become constants. False (and the op is
  // kept) when it cannot run here.
  bool Fold(const OpDesc& op);
};

// A node no converter takes that a registered custom op does: a node outside the default domain whose op_type is
// a custom op, or a default-domain one when Ember has no converter for it (onnx_custom.cpp).
bool IsCustomOnnxNode(const onnx::NodeProto& node, bool has_converter);
Status ImportCustomOnnxNode(OnnxGraph& g, const onnx::NodeProto& node);

// Reads one node's attributes with ONNX types; remembers which were read so unknown ones are reported.
struct OnnxAttrs {
  const onnx::NodeProto& node;
  std::map<std::string, const onnx::AttributeProto*> by_name;
  std::set<std::string> used;
  Status status;

  explicit OnnxAttrs(const onnx::NodeProto& n);
  std::string Where() const;
  const onnx::AttributeProto* Get(const std::string& name);
  // Get, with the attribute's declared type checked (AttributeProto.type: FLOAT 1, INT 2, STRING 3,
  // FLOATS 6, INTS 7, STRINGS 8; 0 = not declared, as in some old exports). A mismatch is kept in `status`
  // (the first one) and reads as absent.
  const onnx::AttributeProto* Typed(const std::string& name, int want, const char* want_name);
  bool Has(const std::string& name) const { return by_name.count(name) > 0; }
  int64_t Int(const std::string& name, int64_t def);
  float Float(const std::string& name, float def);
  std::string String(const std::string& name, const std::string& def);
  std::vector<int64_t> Ints(const std::string& name, const std::vector<int64_t>& def);
  std::vector<double> Floats(const std::string& name, const std::vector<double>& def);
  std::vector<std::string> Strings(const std::string& name, const std::vector<std::string>& def);
  // Attributes the converter has no mapping for: the first one present is an error.
  void Ignore(std::initializer_list<const char*> names) {
    for (const char* n : names) used.insert(n);
  }
  // `value` is printed as given: a string read from the model must come quoted (Quote).
  Status Unsupported(const std::string& attr, const std::string& value) const;
};

// One node being converted: its inputs and outputs, attributes, the known constants, types and shapes, and
// the op emitter.
class OnnxContext {
 public:
  OnnxContext(OnnxGraph& graph, const onnx::NodeProto& node) : g_(graph), node_(node), attrs_(node) {}

  const onnx::NodeProto& node() const { return node_; }
  const std::string& op_type() const { return node_.op_type(); }
  int64_t opset() const { return g_.opset; }
  const std::string& dir() const { return g_.dir; }
  OnnxAttrs& attrs() { return attrs_; }
  // Input / output i, or "" when the node has fewer (or the optional one is left out).
  std::string In(int i) const { return i < node_.input_size() ? node_.input(i) : std::string(); }
  std::string Out(int i) const { return i < node_.output_size() ? node_.output(i) : std::string(); }
  std::string Where() const { return attrs_.Where(); }

  Status Fail(const std::string& msg) const { return Unimplemented(Where(), ": ", msg); }
  // At least `lo` inputs (the first one named) and a named first output.
  Status NeedInputs(int lo) const;
  // Input i's value, which must be a constant at load.
  Status ConstInts(int i, const std::string& what, std::vector<int64_t>* v) const;

  const Tensor* Const(const std::string& name) const;
  const std::vector<int64_t>* Shape(const std::string& name) const;
  int Rank(const std::string& name) const;
  bool HasType(const std::string& name) const { return g_.types.count(name) > 0; }
  bool IsHalf(const std::string& name) const { return g_.halves.count(name) > 0; }
  void SetHalf(const std::string& name) { g_.halves.insert(name); }
  DataType TypeOf(const std::string& name, DataType def = DataType::kFloat32) const;
  void SetType(const std::string& name, DataType t) { g_.types[name] = t; }
  void CopyType(const std::string& from, const std::string& to);  // when `from`'s type is known
  void SameType() { CopyType(In(0), Out(0)); }                   // output 0 has input 0's type

  std::string Temp(const std::string& base) { return base + "@onnx_" + std::to_string(g_.temp++); }
  void AddOp(const std::string& type, OpDesc::Slots ins, OpDesc::Slots outs,
             std::map<std::string, Attribute> attrs = {}) {
    g_.AddOp(type, std::move(ins), std::move(outs), std::move(attrs));
  }
  Status AddWeight(const std::string& name, const Tensor& t) { return g_.AddWeight(name, t); }
  // Input 0 -> `type` (slots X / Out) -> output 0, of the same type.
  Status EmitUnary(const std::string& type, std::map<std::string, Attribute> attrs = {});
  // y = x (of type `from`) cast to `to`.
  void AddCast(const std::string& x, DataType from, const std::string& y, DataType to);
  // Converts `inner`, a node this converter built (the ConvInteger inside QLinearConv), with `convert` in this
  // graph; an attribute of it that `convert` does not read is an error.
  Status ConvertInner(const onnx::NodeProto& inner, Status (*convert)(OnnxContext&));

 private:
  OnnxGraph& g_;
  const onnx::NodeProto& node_;
  OnnxAttrs attrs_;
};

// A negative axis counted from the end, when the rank is known.
inline int64_t NormAxis(int64_t axis, int rank) { return axis < 0 && rank >= 0 ? axis + rank : axis; }

// One row of the converter table: `convert` imports `op_type` for opsets min_opset..max_opset.
struct OnnxConverter {
  const char* op_type;
  int min_opset;
  int max_opset;
  Status (*convert)(OnnxContext&);
};

// The rows of each family file; the importer joins them into one lookup.
const std::vector<OnnxConverter>& OnnxNnConverters();         // onnx_nn.cpp
const std::vector<OnnxConverter>& OnnxMathConverters();       // onnx_math.cpp
const std::vector<OnnxConverter>& OnnxShapeConverters();      // onnx_shape.cpp
const std::vector<OnnxConverter>& OnnxControlConverters();    // onnx_control.cpp
const std::vector<OnnxConverter>& OnnxDetectionConverters();  // onnx_detection.cpp
const std::vector<OnnxConverter>& OnnxTransformerConverters();  // onnx_transformer.cpp
const std::vector<OnnxConverter>& OnnxLossConverters();         // onnx_loss.cpp
const std::vector<OnnxConverter>& OnnxSamplingConverters();     // onnx_sampling.cpp
const std::vector<OnnxConverter>& OnnxSequenceConverters();     // onnx_sequence.cpp
const std::vector<OnnxConverter>& OnnxQuantizeConverters();     // onnx_quantize.cpp

// Converters other families build on.
Status ConvertConv(OnnxContext& c);  // Conv and ConvTranspose (onnx_nn.cpp)

}  // namespace ember
