// Calibration thresholds on distributions whose right answer is known: the abs max, percentiles of a uniform
// distribution; the KL cut keeps nearly all of a light-tailed Gaussian (clipping it costs more than the
// coarser levels) and is not dragged by one far outlier (the search's smallest cut, 128 of 2048 bins).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "quantize/calibration.h"

using namespace ember;

namespace {

ActivationRange Observe(const std::vector<float>& x) {
  ActivationRange r;
  r.ObserveMax(x.data(), static_cast<int64_t>(x.size()));
  r.ObserveHistogram(x.data(), static_cast<int64_t>(x.size()));
  return r;
}

}  // namespace

TEST_CASE("calibration: minmax is the abs max, percentile the value below which that share lies", "[quantize]") {
  std::vector<float> x;
  for (int i = 1; i <= 100000; ++i) x.push_back((i % 2 ? -1.f : 1.f) * static_cast<float>(i) / 100000.f * 8.f);
  const ActivationRange r = Observe(x);
  CHECK(r.Threshold(CalibrationMethod::kMinMax) == 8.f);
  CHECK(r.Threshold(CalibrationMethod::kPercentile, 50.0) == Approx(4.f).margin(8.f / 2048));
  CHECK(r.Threshold(CalibrationMethod::kPercentile, 99.0) == Approx(7.92f).margin(8.f / 2048));
  CHECK(r.Threshold(CalibrationMethod::kPercentile, 100.0) == Approx(8.f).margin(8.f / 2048));
  CalibrationMethod m;
  CHECK(ParseCalibrationMethod("kl", &m).ok());
  CHECK(m == CalibrationMethod::kKl);
  const Status bad = ParseCalibrationMethod("entropy", &m);
  CHECK_FALSE(bad.ok());
  CHECK_THAT(bad.message(), Catch::Contains("kl, minmax, percentile"));
}

TEST_CASE("calibration: the KL cut keeps a Gaussian's range and ignores a far outlier", "[quantize]") {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::vector<float> x(1 << 20);
  for (float& v : x) v = normal(rng);
  const ActivationRange g = Observe(x);
  const float plain = g.Threshold(CalibrationMethod::kKl);
  CHECK(plain > 3.5f);
  CHECK(plain <= g.abs_max());
  x[5] = 200.f;  // one outlier: minmax follows it, the KL cut does not
  const ActivationRange r = Observe(x);
  CHECK(r.Threshold(CalibrationMethod::kMinMax) == 200.f);
  CHECK(r.Threshold(CalibrationMethod::kKl) <= 200.f * 128.5f / 2048.f);
}

TEST_CASE("calibration: infinities and NaN (an overflowing layer) are skipped, not counted", "[quantize]") {
  std::vector<float> x = {1.f, -3.f, 0.5f, std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(), std::nanf("")};
  const ActivationRange r = Observe(x);
  CHECK(r.abs_max() == 3.f);
  double counted = 0;
  for (double h : r.histogram()) counted += h;
  CHECK(counted == 3.0);
  CHECK(r.Threshold(CalibrationMethod::kKl) <= 3.f);
  CHECK(r.Threshold(CalibrationMethod::kPercentile, 99.0) <= 3.f);
}
