// Activation ranges for post-training quantization: per tensor, the threshold T that maps to 127 (symmetric
// int8), from calibration data seen in two passes: the abs max first, then a histogram of |x| over [0, max].
// - minmax: T = the abs max.
// - percentile: the smallest bin edge below which `percentile` % of the |x| values lie.
// - kl: the threshold whose 128-level quantization of the histogram loses the least information: KL(P || Q)
//   over candidate cuts of the 2048-bin histogram, P the values below the cut with the rest added to its last
//   bin, Q P merged into 128 levels and spread back over each level's nonzero bins (the method of TensorRT's
//   8-bit calibration, which ncnn's and MNN's quantizers use too).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "framework/status.h"

namespace ember {

// kAuto is QuantizeModel's: it tries kl, percentile and minmax and keeps the one whose model is closest to the
// float one on the calibration samples (a threshold is always one of the three).
enum class CalibrationMethod { kMinMax, kPercentile, kKl, kAuto };

// "auto", "minmax", "percentile", "kl" -> the method; InvalidArgument naming the choices otherwise.
Status ParseCalibrationMethod(const std::string& name, CalibrationMethod* out);
const char* CalibrationMethodName(CalibrationMethod m);

class ActivationRange {
 public:
  static constexpr int kBins = 2048;

  // Pass 1: the abs max of every value seen.
  void ObserveMax(const float* x, int64_t n);
  // Pass 2 (after every ObserveMax): |x| counted in kBins bins over [0, abs max].
  void ObserveHistogram(const float* x, int64_t n);

  float abs_max() const { return abs_max_; }
  const std::vector<double>& histogram() const { return hist_; }
  // The threshold by `method` (percentile in (0, 100], for kPercentile; not kAuto, which is kl here); abs_max()
  // when nothing was counted.
  float Threshold(CalibrationMethod method, double percentile = 99.99) const;

 private:
  float abs_max_ = 0;
  std::vector<double> hist_;
};

// The KL threshold of a histogram of |x| with bins of `bin_width`: for the cut of i >= `levels` bins with the
// smallest KL(P || Q) (see above), (i + 0.5) * bin_width.
float KlThreshold(const std::vector<double>& hist, float bin_width, int levels = 128);

}  // namespace ember
