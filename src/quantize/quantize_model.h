// Post-training int8 quantization of a model's convolutions into Paddle's quantized-program form, which Ember
// loads onto its int8 kernels (passes/fold_quantized_conv_pass.cpp) and Paddle's own tools read:
//   x -> quantize_linear -> dequantize_linear -> conv2d(Filter = dequantize_linear(int8 weight))
// with one activation scale per tensor (the calibrated threshold T: values in [-T, T] map to [-127, 127]) and
// one weight scale per output channel (the channel's abs max), symmetric, zero points 0.
//
// The program is the one as loaded with the folding passes applied first (batch_norm, per-channel scale and
// bias into the conv), so the int8 weights are the ones that run. Convs whose input channels per group are
// fewer than 8 (depthwise ones) or with few products per output (min_k) stay float: int8 does not pay there.
// Convs that read the model's input or write its outputs through ops without weights (a stem after a
// normalizing scale, a detector's heads before reshape / concat / softmax) stay float unless asked: the error
// shows most there. options.keep_float names more by op output, input variable or op type.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "io/ember.h"
#include "quantize/calibration.h"

namespace ember {

struct QuantizeOptions {
  CalibrationMethod method = CalibrationMethod::kAuto;
  double percentile = 99.99;            // for kPercentile
  std::vector<std::string> keep_float;  // conv output / input variables or op types left float
  bool quantize_first_last = false;     // also the convs reading the input and making the outputs
  // Convs with fewer multiply-adds per output (K = input channels per group x kernel h x w) stay float: there
  // the int8 conv's quantize, layout and epilogue passes cost more than its products save (ncnn's graphs,
  // tools/bench_int8.sh: K >= 128 made int8 faster or even on all five, K >= 0 slower on three).
  int64_t min_k = 128;
  bool sensitivity = false;             // per layer: the output error its quantization alone adds
};

// One calibration sample: a tensor for each feed.
using CalibrationSample = std::map<std::string, Tensor>;

// How far a model's outputs are from the float model's over the calibration samples.
struct OutputError {
  double max_rel = 0;  // the largest |quantized - float| / (max - min of the float output), over outputs and samples
  double mean_rel = 0;  // the mean of |quantized - float| / that range, averaged over outputs and samples
  int top1_same = 0;   // samples whose first output's arg max agrees (classifiers)
  int samples = 0;
};

struct QuantizedLayer {
  std::string output;    // the conv's output variable
  std::string input;     // its input variable
  float threshold = 0;   // the activation range T
  int64_t weights = 0;   // filter elements
  bool quantized = false;
  std::string reason;    // why it stayed float
  double alone_error = -1;  // with sensitivity: OutputError::max_rel with only this layer quantized
};

struct QuantizeResult {
  ProgramDesc program;  // the quantized program (weights in the scope passed to QuantizeModel)
  std::vector<QuantizedLayer> layers;  // every conv, in program order
  CalibrationMethod method = CalibrationMethod::kKl;  // the thresholds' method (kAuto's pick)
  // With kAuto: each method tried and its OutputError::mean_rel against the float model on the samples.
  std::vector<std::pair<CalibrationMethod, double>> tried;
};

// Quantizes `model` (loaded with optimize = false: the program as loaded). New weights go into `weights`,
// a scope whose parent is model->weights().
Status QuantizeModel(const std::shared_ptr<const Model>& model, const std::vector<CalibrationSample>& calibration,
                     const QuantizeOptions& options, Scope* weights, QuantizeResult* result);

// Runs both models on every sample and compares `model`'s outputs with `reference`'s (the same fetches).
Status CompareModels(const std::shared_ptr<const Model>& reference, const std::shared_ptr<const Model>& model,
                     const std::vector<CalibrationSample>& samples, OutputError* error);

}  // namespace ember
