#include "quantize/calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ember {

Status ParseCalibrationMethod(const std::string& name, CalibrationMethod* out) {
  if (name == "minmax") *out = CalibrationMethod::kMinMax;
  else if (name == "percentile") *out = CalibrationMethod::kPercentile;
  else if (name == "kl") *out = CalibrationMethod::kKl;
  else if (name == "auto") *out = CalibrationMethod::kAuto;
  else return InvalidArgument("calibration method ", Quote(name), " is not one of auto, kl, minmax, percentile");
  return Status::OK();
}

const char* CalibrationMethodName(CalibrationMethod m) {
  switch (m) {
    case CalibrationMethod::kMinMax: return "minmax";
    case CalibrationMethod::kPercentile: return "percentile";
    case CalibrationMethod::kKl: return "kl";
    case CalibrationMethod::kAuto: return "auto";
  }
  return "?";
}

// Values that are not finite (an overflowing layer) carry no range: both passes skip them.
void ActivationRange::ObserveMax(const float* x, int64_t n) {
  float m = abs_max_;
  for (int64_t i = 0; i < n; ++i)
    if (std::isfinite(x[i])) m = std::max(m, std::fabs(x[i]));
  abs_max_ = m;
}

void ActivationRange::ObserveHistogram(const float* x, int64_t n) {
  if (hist_.empty()) hist_.assign(kBins, 0.0);
  if (!(abs_max_ > 0)) return;
  const float per_bin = kBins / abs_max_;
  for (int64_t i = 0; i < n; ++i) {
    const float a = std::fabs(x[i]);
    // Zeros (ReLU's half of the values) carry no range information; NaN and infinities skipped.
    if (!(a > 0) || !std::isfinite(a)) continue;
    hist_[static_cast<size_t>(std::min(static_cast<int>(a * per_bin), kBins - 1))] += 1;
  }
}

float ActivationRange::Threshold(CalibrationMethod method, double percentile) const {
  double total = 0;
  for (double h : hist_) total += h;
  if (method == CalibrationMethod::kMinMax || total == 0 || !(abs_max_ > 0)) return abs_max_;
  const float width = abs_max_ / kBins;
  if (method == CalibrationMethod::kKl) return KlThreshold(hist_, width);
  const double want = total * std::min(100.0, std::max(0.0, percentile)) / 100.0;
  double seen = 0;
  for (int i = 0; i < kBins; ++i) {
    seen += hist_[static_cast<size_t>(i)];
    if (seen >= want) return (i + 1) * width;
  }
  return abs_max_;
}

namespace {

// KL(P || Q) of the cut at `cut` bins, both normalized; Q from P's first `cut` bins merged into `levels`.
double KlOfCut(const std::vector<double>& hist, int cut, int levels) {
  std::vector<double> p(hist.begin(), hist.begin() + cut);
  for (size_t i = static_cast<size_t>(cut); i < hist.size(); ++i) p[static_cast<size_t>(cut - 1)] += hist[i];
  std::vector<double> q(static_cast<size_t>(cut), 0.0);
  const double merged = static_cast<double>(cut) / levels;
  for (int j = 0; j < levels; ++j) {
    const int start = static_cast<int>(j * merged);
    const int end = j == levels - 1 ? cut : static_cast<int>((j + 1) * merged);
    double sum = 0;
    int nonzero = 0;
    for (int k = start; k < end; ++k) sum += hist[static_cast<size_t>(k)], nonzero += hist[static_cast<size_t>(k)] != 0;
    for (int k = start; k < end && nonzero; ++k)
      if (hist[static_cast<size_t>(k)] != 0) q[static_cast<size_t>(k)] = sum / nonzero;
  }
  double sp = 0, sq = 0;
  for (int k = 0; k < cut; ++k) sp += p[static_cast<size_t>(k)], sq += q[static_cast<size_t>(k)];
  double kl = 0;
  for (int k = 0; k < cut; ++k) {
    const double pk = p[static_cast<size_t>(k)] / sp;
    if (pk == 0) continue;
    const double qk = q[static_cast<size_t>(k)] / sq;
    // The last bin's outliers have no counterpart in Q when their own bin was empty: a large finite penalty.
    kl += qk > 0 ? pk * std::log(pk / qk) : pk * 30.0;
  }
  return kl;
}

}  // namespace

float KlThreshold(const std::vector<double>& hist, float bin_width, int levels) {
  const int bins = static_cast<int>(hist.size());
  if (bins <= levels) return bins * bin_width;
  int best = bins;
  double best_kl = std::numeric_limits<double>::infinity();
  for (int cut = levels; cut <= bins; ++cut) {
    const double kl = KlOfCut(hist, cut, levels);
    if (kl < best_kl) best_kl = kl, best = cut;
  }
  return std::min(static_cast<float>(best) + 0.5f, static_cast<float>(bins)) * bin_width;
}

}  // namespace ember
