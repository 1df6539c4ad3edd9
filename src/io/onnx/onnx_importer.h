// ONNX importer: an ONNX ModelProto into Ember's ProgramDesc (with feed/fetch ops for the graph's inputs and
// outputs) and a weight scope (initializers, Constant nodes).
//
// Each ONNX node becomes one or more Ember ops with Paddle-style slots and attributes, by the converter that
// the converter table (onnx_context.h; one row per op type and opset range) holds for it. ONNX inputs that an
// Ember op takes as an attribute (Reshape shape, Slice starts/ends, Clip min/max, Pad pads, ...) are read
// from initializers or Constant nodes at import, or bound to the op's tensor slot when it has one. Ops or
// attribute values Ember cannot honour fail the import with a message naming the node and the attribute.
#pragma once

#include <string>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

// `path` names the .onnx file (external-data files are looked up beside it).
Status ImportOnnxFile(const std::string& path, ProgramDesc* program, Scope* weights);
// From memory: tensors in external data files are read from `external_dir` (ImportOnnxFile passes the model's
// folder); with none, such a tensor is an error (a buffer has no folder, and the working directory is not one).
Status ImportOnnxBuffer(const void* data, size_t size, const std::string& source, ProgramDesc* program,
                        Scope* weights, const std::string& external_dir = "");

// Parses one serialized ONNX TensorProto (the .pb files of ONNX test data sets) into a tensor. float32,
// int32, int64, bool, uint8 and int8 keep their type; float16 and double become float32. `name` receives
// the tensor's name when not null. External data is looked up in `dir`.
Status ParseOnnxTensor(const void* data, size_t size, const std::string& source, Tensor* out,
                       std::string* name = nullptr, const std::string& dir = "");

}  // namespace ember
