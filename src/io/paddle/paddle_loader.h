// Loader for PaddlePaddle inference models: the protobuf ProgramDesc plus parameters, either one file per
// persistable variable or one combined file. Every length, count and offset is checked against the buffer
// it points into; errors name the file and the variable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "io/file_util.h"

namespace ember {

enum class ParamsLayout { kSeparate, kCombined };

// Where a model's files are. For kSeparate, params_dir holds one file per weight.
struct PaddleModelFiles {
  std::string model_file;
  std::string params_file;  // kCombined
  std::string params_dir;   // kSeparate
  ParamsLayout layout = ParamsLayout::kSeparate;
};

// Finds the model and params files: PATH is a folder (`__model__` or `model` or a single `*.pdmodel`, with
// `params` / `__params__` / `weights` / `<stem>.pdiparams` beside it, or else one file per weight), or a
// model file (with params_file, or its `.pdiparams` sibling, or separate weights in its folder).
Status FindPaddleModelFiles(const std::string& path, const std::string& params_file, PaddleModelFiles* out);

// Parses a serialized ProgramDesc. `source` names the buffer in error messages.
Status ParseProgramDesc(const void* data, size_t size, const std::string& source, ProgramDesc* out);

// Loads the weights of block 0's persistable variables into `weights`. When `backing` holds `data` (a
// memory-mapped file, or caller memory that outlives the model), tensors that need no conversion are views
// of it (zero-copy); otherwise they are copied.
Status LoadCombinedParams(const ProgramDesc& program, const void* data, size_t size, const std::string& source,
                          Scope* weights, const std::shared_ptr<Allocation>& backing = nullptr);
Status LoadSeparateParams(const ProgramDesc& program, const std::string& dir, Scope* weights);

// Weight variables as the params file orders them: block 0's persistable tensors sorted by name (bytes).
std::vector<const VarDesc*> WeightVarsInFileOrder(const ProgramDesc& program);

// Parses one serialized tensor at data[*offset], checks it against `var`, advances *offset.
Status ParseSerializedTensor(const uint8_t* data, size_t size, size_t* offset, const VarDesc& var,
                             const std::string& source, Tensor* out,
                             const std::shared_ptr<Allocation>& backing = nullptr);

// Writes a serialized tensor (format of ParseSerializedTensor) for `var`: used by `ember convert` and tests.
// A float32 tensor written as FP16 is rounded to nearest even, finite values beyond the half range saturating
// to +-65504 (FloatToHalfSaturating); `saturated` (optional) is increased by how many did.
void AppendSerializedTensor(const Tensor& t, int var_dtype, std::string* out, size_t* saturated = nullptr);
// Serializes a ProgramDesc to Paddle's protobuf format.
Status SerializeProgramDesc(const ProgramDesc& program, std::string* out);

}  // namespace ember
