// The Vulkan matmul and layer_norm kernels against plain loops (ref::Sgemm per GEMM, a double-precision row
// normalization written here), then both on a predictor beside the CPU's, under the validation layer.
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/vulkan/vk_layer_norm.h"
#include "operators/kernel/vulkan/vk_matmul.h"
#include "vk_test_util.h"

#include <cmath>

using namespace ember;
using namespace ember::test;
using namespace ember::vulkan;

TEST_CASE("vulkan matmul equals ref::Sgemm per GEMM: transposes, padded leading dims, broadcast batches, alpha, "
          "activation", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    bool tx, ty;
    int64_t m, n, k, lda_pad, ldb_pad, batch;
    bool share_y;  // every GEMM reads the same Y (a broadcast weight)
    float alpha;
    ActivationType act;
  };
  const std::vector<Case> cases = {{false, false, 1, 1, 1, 0, 0, 1, false, 1.f, ActivationType::kNone},
                                   {false, false, 40, 120, 96, 0, 0, 1, false, 1.f, ActivationType::kNone},
                                   {false, true, 25, 25, 8, 0, 0, 8, false, 0.35f, ActivationType::kNone},
                                   {true, false, 7, 9, 13, 3, 2, 3, true, 1.f, ActivationType::kRelu},
                                   {true, true, 17, 5, 33, 1, 4, 2, false, -2.f, ActivationType::kSigmoid},
                                   {false, false, 3, 70, 5, 0, 0, 4, true, 1.f, ActivationType::kGeluTanh}};
  for (const auto& c : cases) {
    INFO((c.tx ? "X^T " : "X ") << (c.ty ? "Y^T " : "Y ") << c.m << "x" << c.n << "x" << c.k << ", pads " << c.lda_pad
                                << "/" << c.ldb_pad << ", batch " << c.batch << (c.share_y ? " (one Y)" : "")
                                << ", alpha " << c.alpha << ", act " << static_cast<int>(c.act));
    MatMulGemms g = {c.tx, c.ty, c.m, c.n, c.k, (c.tx ? c.m : c.k) + c.lda_pad, (c.ty ? c.k : c.n) + c.ldb_pad,
                     {}, {}, c.alpha, ActivationSpec{c.act}};
    const int64_t x_mat = (c.tx ? c.k : c.m) * g.lda, y_mat = (c.ty ? c.n : c.k) * g.ldb;
    for (int64_t b = 0; b < c.batch; ++b) {
      g.x_offsets.push_back(b * x_mat);
      g.y_offsets.push_back(c.share_y ? 0 : b * y_mat);
    }
    const Tensor x = RandomTensor(DDim({c.batch * x_mat}), 11), y = RandomTensor(DDim({(c.share_y ? 1 : c.batch) * y_mat}), 12);
    std::vector<float> want(static_cast<size_t>(c.batch * c.m * c.n));
    for (int64_t b = 0; b < c.batch; ++b)
      ref::Sgemm(c.tx, c.ty, c.m, c.n, c.k, c.alpha, x.data<float>() + g.x_offsets[b], g.lda,
                 y.data<float>() + g.y_offsets[b], g.ldb, 0.f, want.data() + b * c.m * c.n, c.n);
    ActivationInPlace(g.act, want.data(), static_cast<int64_t>(want.size()));
    VkTensor gx = Up(device, x), gy = Up(device, y), table, out;
    Recorder r(device);
    const DDim out_dims({c.batch, c.m, c.n});
    RequireOk(RecordMatMul(&r, g, gx, gy, out_dims, &table, &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == out_dims);
    CheckNear(Down(out), want, 2e-5f);
  }
  // An offset past its operand is refused, not read out of bounds.
  VkTensor gx = Up(device, RandomTensor(DDim({6}), 1)), table, out;
  const MatMulGemms bad = {false, false, 2, 1, 3, 3, 1, {3}, {0}, 1.f, ActivationSpec{}};
  Recorder r(device);
  CHECK_FALSE(RecordMatMul(&r, bad, gx, gx, DDim({2, 1}), &table, &out).ok());
}

namespace {
// Rows of x normalized in double: (x - mean) / sqrt(var + eps) * scale + bias; the means and variances too.
std::vector<float> LayerNormLoop(const Tensor& x, const float* scale, const float* bias, int64_t rows, int64_t cols,
                                 float eps, std::vector<float>* means, std::vector<float>* vars) {
  std::vector<float> y(static_cast<size_t>(rows * cols));
  const float* v = x.data<float>();
  for (int64_t r = 0; r < rows; ++r) {
    double mean = 0, var = 0;
    for (int64_t k = 0; k < cols; ++k) mean += v[r * cols + k];
    mean /= cols;
    for (int64_t k = 0; k < cols; ++k) var += (v[r * cols + k] - mean) * (v[r * cols + k] - mean);
    var /= cols;
    for (int64_t k = 0; k < cols; ++k)
      y[r * cols + k] = static_cast<float>((v[r * cols + k] - mean) / std::sqrt(var + eps) * (scale ? scale[k] : 1.0) +
                                           (bias ? bias[k] : 0.0));
    means->push_back(static_cast<float>(mean));
    vars->push_back(static_cast<float>(var));
  }
  return y;
}
}  // namespace

TEST_CASE("vulkan layer_norm equals a double-precision loop: with and without scale, bias, mean and variance",
          "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    int64_t rows, cols;
    bool scale, bias, stats;
    float eps;
  };
  const std::vector<Case> cases = {{40, 120, true, true, false, 1e-5f},  // PP-OCRv4 rec's
                                   {3, 1, true, true, true, 1e-5f},      // one column: var 0, y = bias
                                   {130, 17, false, true, true, 1e-3f},
                                   {5, 300, true, false, true, 1e-6f},
                                   {1, 64, false, false, false, 0.1f}};
  for (const auto& c : cases) {
    INFO(c.rows << " rows of " << c.cols << (c.scale ? " scale" : "") << (c.bias ? " bias" : "")
                << (c.stats ? " stats" : "") << " eps " << c.eps);
    const Tensor x = RandomTensor(DDim({c.rows, c.cols}), 21, -3.f, 5.f);
    const Tensor scale = RandomTensor(DDim({c.cols}), 22, 0.5f, 2.f), bias = RandomTensor(DDim({c.cols}), 23);
    std::vector<float> means, vars;
    const std::vector<float> want = LayerNormLoop(x, c.scale ? scale.data<float>() : nullptr,
                                                  c.bias ? bias.data<float>() : nullptr, c.rows, c.cols, c.eps,
                                                  &means, &vars);
    VkTensor gx = Up(device, x), gs = Up(device, scale), gb = Up(device, bias), y, mean, var;
    Recorder r(device);
    const LayerNormOutputs out = {&y, c.stats ? &mean : nullptr, c.stats ? &var : nullptr, DDim({c.rows})};
    RequireOk(RecordLayerNorm(&r, c.rows, c.cols, c.eps, gx, c.scale ? &gs : nullptr, c.bias ? &gb : nullptr, out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(y.dims == x.dims());
    CheckNear(Down(y), want, 2e-5f);
    if (!c.stats) continue;
    CheckNear(Down(mean), means, 2e-6f);
    CheckNear(Down(var), vars, 2e-5f);
  }
}
