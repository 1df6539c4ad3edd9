// Custom ops: an op type Ember lacks, registered at run time by the application (no fork, no rebuild).
//
//   ember::Status s = ember::RegisterCustomOp("my_relu",
//       [](ember::CustomOpContext& c) {            // output shapes from the input shapes
//         c.output(0).Resize(c.input(0).dims());
//         c.output(0).set_dtype(ember::DataType::kFloat32);
//         return ember::Status::OK();
//       },
//       [](ember::CustomOpContext& c) {            // the outputs are allocated at the shapes set above
//         float slope = 0.f;
//         if (c.HasAttr("slope")) EMBER_RETURN_IF_ERROR(c.GetAttr("slope", &slope));
//         const float* x = c.input(0).data<float>();
//         float* y = c.output(0).data<float>();
//         for (int64_t i = 0; i < c.output(0).numel(); ++i) y[i] = x[i] > 0 ? x[i] : slope * x[i];
//         return ember::Status::OK();
//       });
//
// The op is then found by its type in every format: a Paddle op of that type, an ONNX node of that op_type
// (any domain; a default-domain node only when Ember has no converter for it) and an ncnn layer of that type.
// Its inputs and outputs are the op's slots in order: a Paddle op's as the program lists them, an imported
// ONNX node's or ncnn layer's all in slot "X" and "Out". Attributes keep their names (an ncnn param `3=...`
// is attribute "3", an array `-23303=...` too).
//
// Registration is process-wide and permanent: register before loading the models that use the op. It is
// thread safe (a mutex guards the registry); predictors may run the op from several threads at once, so the
// callbacks must be safe to call concurrently. Callbacks return a Status; an exception they throw becomes an
// Internal error naming the op (never escapes Ember).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

struct OpDesc;

// What a custom op's callbacks see: its inputs, outputs and attributes. Valid during the callback only.
class CustomOpContext {
 public:
  CustomOpContext(const OpDesc& op, std::vector<const Tensor*> inputs, std::vector<Tensor*> outputs)
      : op_(op), inputs_(std::move(inputs)), outputs_(std::move(outputs)) {}

  const std::string& type() const;
  // How Ember's messages name the op: "my_relu (output relu_0.tmp_0)".
  std::string name() const;

  int num_inputs() const { return static_cast<int>(inputs_.size()); }
  int num_outputs() const { return static_cast<int>(outputs_.size()); }
  // Input / output i over all slots in order (0 <= i < num_*; checked, an out-of-range i throws, which Ember
  // reports as an error naming the op).
  const Tensor& input(int i) const;
  Tensor& output(int i);
  // Variable i of a named slot, nullptr when absent (Paddle ops keep their slot names).
  const Tensor* input(const std::string& slot, int i = 0) const;
  Tensor* output(const std::string& slot, int i = 0);

  // Attributes by name. GetAttr fails with NotFound when absent and InvalidArgument when the attribute has
  // another type (an integer attribute may be read as float, and an integer list as a float list).
  bool HasAttr(const std::string& name) const;
  Status GetAttr(const std::string& name, int64_t* out) const;
  Status GetAttr(const std::string& name, int* out) const;
  Status GetAttr(const std::string& name, float* out) const;
  Status GetAttr(const std::string& name, std::string* out) const;
  Status GetAttr(const std::string& name, std::vector<int64_t>* out) const;
  Status GetAttr(const std::string& name, std::vector<float>* out) const;
  const OpDesc& desc() const { return op_; }

 private:
  const OpDesc& op_;
  std::vector<const Tensor*> inputs_;
  std::vector<Tensor*> outputs_;
};

// Sets every output's dims and dtype from the inputs (and attributes); called before each Compute.
using CustomInferShapeFn = std::function<Status(CustomOpContext& ctx)>;
// Writes the outputs, which have storage for the dims and dtypes InferShape set.
using CustomComputeFn = std::function<Status(CustomOpContext& ctx)>;

// Registers op `type`. InvalidArgument for an empty type, a missing callback, a type that is a built-in op of
// this build or one already registered; Unimplemented in a build without the registry (EMBER_CUSTOM_OPS off:
// a net profile whose models run no custom op, custom_op_not_built.cpp).
Status RegisterCustomOp(const std::string& type, CustomInferShapeFn infer_shape, CustomComputeFn compute);

// Whether `type` is a registered custom op, and every registered type (sorted).
bool IsCustomOp(const std::string& type);
std::vector<std::string> CustomOpTypes();

}  // namespace ember
