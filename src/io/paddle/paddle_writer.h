// Writer for PaddlePaddle inference models: a ProgramDesc plus a weight scope (from any loader or importer:
// Paddle, ONNX, ncnn) into `model.pdmodel` (the protobuf ProgramDesc) and `model.pdiparams` (block 0's
// persistable tensors, sorted by name, back to back), the files io/paddle/paddle_loader.h reads back.
//
// The program is written as given (callers pass the program as loaded, so the passes run again at load and
// the file holds only ops Paddle/Ember define). Before writing, PreparePaddleProgram:
// - drops persistable tensors no op reads (e.g. intermediate constants of the ONNX importer's folding),
// - sets each weight's VarDesc dtype and dims from its tensor (so the file's TensorDescs and VarDescs agree,
//   and float16/float64 sources that were widened at load are written as the float32 they now are),
// - with fp16_weights, marks float32 weights of more than one element FP16: SerializePaddleModel rounds them to
//   half (nearest even; tiny values become subnormal or zero) and the loader widens them back to float32 once.
//   Scalars stay float32: they save nothing and are often epsilons or scales a half would flush or round. So does
//   a weight holding a finite value beyond the half range (|x| >= 65520): saturated to 65504 it could change the
//   outputs completely (PP-OCRv4's detector has batch_norm variances of 1e7..1e8); report->fp16_kept_float
//   names them. (SerializePaddleModel still saturates and counts where a caller marks such a weight FP16.) Other dtypes (int64 shapes, int8) stay.
// - optionally runs the program once (InferVarDescs) to give every computed variable its real dtype and,
//   where the program did not declare them, its dims,
// - widens integer attributes whose values do not fit in int32 to LONG/LONGS (Paddle's INT/INTS are int32).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

struct PaddleWriteOptions {
  // Run the program once on generated inputs to record computed variables' dtypes and dims.
  bool infer_var_descs = true;
  // Input shapes for that run; a feed not listed uses its declared dims with every unknown dim (-1) as 1.
  std::map<std::string, std::vector<int64_t>> feed_shapes;
  // Store float32 weights as FP16 (half the params file; see above).
  bool fp16_weights = false;
};

struct PaddleWriteReport {
  size_t weights = 0;          // tensors written to the params file
  size_t params_bytes = 0;
  size_t dropped_weights = 0;  // persistable tensors no op reads (not written)
  size_t vars_inferred = 0;    // VarDescs given a dtype or dims by the inference run
  std::string infer_error;     // why the inference run failed (the model is still written, as declared)
  size_t fp16_weights = 0;     // float32 weights stored as FP16 (fp16_weights)
  size_t fp16_saturated = 0;   // their values beyond the half range, written as +-65504 (a caller's FP16 marks)
  std::vector<std::string> fp16_saturated_weights;  // the weights holding them
  std::vector<std::string> fp16_kept_float;  // float32 weights left float32: a value beyond the half range
};


// Runs `program` once with `weights` and records each computed variable's dtype (always) and dims (where
// the VarDesc has none). `inferred` (optional) receives how many VarDescs changed.
Status InferVarDescs(ProgramDesc* program, const Scope& weights,
                     const std::map<std::string, std::vector<int64_t>>& feed_shapes, size_t* inferred = nullptr);

// The rewrites listed above (all but InferVarDescs), on a copy the caller owns.
Status PreparePaddleProgram(ProgramDesc* program, const Scope& weights, PaddleWriteReport* report = nullptr,
                            bool fp16_weights = false);

// Serializes a prepared program and its weights: the .pdmodel and .pdiparams contents (a float32 tensor whose
// VarDesc says FP16 is rounded to half).
Status SerializePaddleModel(const ProgramDesc& program, const Scope& weights, std::string* model,
                            std::string* params, PaddleWriteReport* report = nullptr);

// Prepares a copy of `program` and writes dir/model.pdmodel and dir/model.pdiparams (dir is created).
Status WritePaddleModel(const ProgramDesc& program, const Scope& weights, const std::string& dir,
                        const PaddleWriteOptions& options = {}, PaddleWriteReport* report = nullptr);

}  // namespace ember
