// The Vulkan kernels against the plain CPU references (ref::Conv2d, ApplyActivation, a broadcasting loop written
// here), on whatever device the loader finds (lavapipe in CI). CTest runs this with the validation layer on
// (EMBER_VULKAN_VALIDATION=1): any message it reports fails the test. Without a device the cases warn and pass,
// unless EMBER_REQUIRE_VULKAN=1 (CI) makes that a failure.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <cstdlib>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/central-arm-func/conv_transpose_func.h"
#include "operators/kernel/vulkan/vk_activation.h"
#include "operators/kernel/vulkan/vk_binary.h"
#include "operators/kernel/vulkan/vk_conv2d.h"
#include "vk_test_util.h"

using namespace ember;
using namespace ember::test;
using namespace ember::vulkan;

namespace {

// The broadcasting reference: every output multi-index read from each input's right-aligned index.
std::vector<float> BinaryRef(BinaryOp op, const Tensor& a, const Tensor& b, const std::vector<int64_t>& out) {
  const auto va = ToVector(a), vb = ToVector(b);
  int64_t n = 1;
  for (int64_t d : out) n *= d;
  std::vector<float> r(static_cast<size_t>(n));
  const int rank = static_cast<int>(out.size());
  for (int64_t i = 0; i < n; ++i) {
    std::vector<int64_t> idx(out.size());
    for (int64_t d = rank - 1, rem = i; d >= 0; --d) {
      idx[d] = rem % out[d];
      rem /= out[d];
    }
    auto flat = [&](const DDim& dims) {
      int64_t f = 0;
      for (int k = 0; k < dims.size(); ++k) f = f * dims[k] + (dims[k] == 1 ? 0 : idx[rank - dims.size() + k]);
      return f;
    };
    const float x = va[flat(a.dims())], y = vb[flat(b.dims())];
    const float v[] = {x + y, x - y, x * y, x / y, std::max(x, y), std::min(x, y)};
    r[i] = v[static_cast<int>(op)];
  }
  return r;
}

}  // namespace

TEST_CASE("vulkan activations equal ApplyActivation around the work-group size", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  const std::vector<ActivationSpec> specs = {
      {ActivationType::kRelu}, {ActivationType::kRelu6, 6.f}, {ActivationType::kLeakyRelu, 0.1f},
      {ActivationType::kSigmoid}, {ActivationType::kTanh}, {ActivationType::kSwish, 1.5f},
      {ActivationType::kHardSwish, 6.f, 6.f, 3.f}, {ActivationType::kHardSigmoid, 0.2f, 0.5f},
      {ActivationType::kGeluTanh}, {ActivationType::kExp}, {ActivationType::kAbs},
      {ActivationType::kScale, 2.f, -1.f}, {ActivationType::kClip, -0.5f, 0.25f}, {ActivationType::kElu, 0.7f}};
  for (int64_t n : {1, 63, 64, 65, 1000}) {
    const Tensor x = RandomTensor(DDim({n}), 3 + static_cast<uint32_t>(n), -6.f, 6.f);
    VkTensor vx = Up(device, x);
    for (const auto& spec : specs) {
      INFO("type " << static_cast<int>(spec.type) << ", n " << n);
      Recorder r(device);
      VkTensor vy;
      RequireOk(RecordActivation(&r, spec, vx, &vy));
      RequireOk(r.SubmitAndWait());
      std::vector<float> want = ToVector(x);
      for (float& v : want) v = ApplyActivation(spec, v);
      CheckNear(Down(vy), want, 2e-6f);
    }
  }
}

TEST_CASE("vulkan activation past one row of work groups (a 2-D grid)", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  NoValidationMessages none(device);
  const int64_t n = 65535LL * 64 + 65;  // more groups than one dimension holds
  const Tensor x = RandomTensor(DDim({n}), 9);
  VkTensor vx = Up(device, x), vy;
  Recorder r(device);
  RequireOk(RecordActivation(&r, {ActivationType::kRelu}, vx, &vy));
  RequireOk(r.SubmitAndWait());
  const std::vector<float> got = Down(vy), in = ToVector(x);
  for (int64_t i = 0; i < n; ++i) REQUIRE(got[i] == std::max(in[i], 0.f));
}

TEST_CASE("vulkan binary ops broadcast as numpy does", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    std::vector<int64_t> a, b, out;
  };
  const std::vector<Case> cases = {{{2, 3, 4, 5}, {2, 3, 4, 5}, {2, 3, 4, 5}},
                                   {{2, 3, 4, 5}, {5}, {2, 3, 4, 5}},
                                   {{2, 1, 4, 1}, {3, 1, 5}, {2, 3, 4, 5}},
                                   {{1}, {7, 65}, {7, 65}},
                                   {{3, 1}, {1, 130}, {3, 130}},
                                   {{1, 16, 1, 1}, {2, 16, 9, 9}, {2, 16, 9, 9}}};
  for (const auto& c : cases) {
    const Tensor a = RandomTensor(DDim(c.a), 21, -2.f, 2.f);
    const Tensor b = RandomTensor(DDim(c.b), 22, 0.5f, 2.f);  // no division by ~0
    VkTensor va = Up(device, a), vb = Up(device, b);
    for (BinaryOp op :
         {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv, BinaryOp::kMax, BinaryOp::kMin}) {
      INFO(DDim(c.a).ToString() << " op " << static_cast<int>(op) << " " << DDim(c.b).ToString());
      Recorder r(device);
      VkTensor vo;
      RequireOk(RecordBinary(&r, op, va, vb, &vo));
      RequireOk(r.SubmitAndWait());
      REQUIRE(vo.dims == DDim(c.out));
      CheckNear(Down(vo), BinaryRef(op, a, b, c.out), 1e-6f);
    }
  }
  Recorder r(device);
  VkTensor va = Up(device, RandomTensor(DDim({2, 3}), 1)), vb = Up(device, RandomTensor(DDim({4}), 2)), vo;
  Status s = RecordBinary(&r, BinaryOp::kAdd, va, vb, &vo);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK_THAT(s.message(), Catch::Contains("[2,3]") && Catch::Contains("[4]"));
  s = RecordBinary(&r, BinaryOp::kAdd, Up(device, RandomTensor(DDim({1, 2, 1, 2, 1}), 3)), vb, &vo);
  CHECK(s.code() == StatusCode::kUnimplemented);
}

TEST_CASE("vulkan conv2d equals ref::Conv2d: groups, strides, dilations, pads, bias, activations", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  NoValidationMessages none(device);
  struct Case {
    int64_t batch, in_c, out_c, h, w, k, stride, dilation, groups, pad_t, pad_l, pad_b, pad_r;
    bool bias;
    ActivationSpec act;
  };
  const std::vector<Case> cases = {
      {1, 3, 16, 17, 19, 3, 1, 1, 1, 1, 1, 1, 1, true, {ActivationType::kRelu}},
      {2, 8, 8, 9, 9, 3, 2, 1, 8, 1, 1, 1, 1, true, {ActivationType::kRelu6, 6.f}},  // depthwise, batch 2
      {1, 6, 12, 19, 17, 3, 1, 2, 6, 2, 1, 1, 2, false, {ActivationType::kNone}},  // depthwise x2, dilated, 323 px
      {1, 10, 10, 21, 21, 5, 2, 1, 10, 2, 2, 2, 2, true, {ActivationType::kHardSwish, 6.f, 6.f, 3.f}},  // 5x5
      {1, 4, 6, 10, 7, 3, 1, 2, 2, 2, 2, 2, 2, false, {ActivationType::kNone}},     // dilated, grouped
      {1, 5, 7, 8, 8, 1, 1, 1, 1, 0, 0, 0, 0, true, {ActivationType::kSigmoid}},     // 1x1
      {1, 3, 4, 11, 13, 5, 2, 1, 1, 0, 2, 1, 0, true, {ActivationType::kHardSwish, 6.f, 6.f, 3.f}},  // asymmetric
      {1, 16, 33, 6, 6, 3, 1, 1, 1, 1, 1, 1, 1, true, {ActivationType::kLeakyRelu, 0.1f}},
      {2, 6, 130, 9, 8, 3, 1, 1, 2, 1, 1, 1, 1, true, {ActivationType::kRelu}},   // 2 groups of 65: tile tails
      {1, 19, 70, 17, 15, 1, 1, 1, 1, 0, 0, 0, 0, false, {ActivationType::kNone}},  // k 19, 255 pixels
      {1, 3, 24, 20, 20, 7, 2, 1, 1, 3, 3, 3, 3, true, {ActivationType::kRelu}},    // a 7x7 stride-2 stem
      {1, 8, 20, 23, 23, 3, 1, 1, 1, 1, 1, 1, 1, true, {ActivationType::kRelu}},    // 529 pixels: blocks of 256
      {1, 24, 40, 8, 8, 3, 1, 1, 1, 1, 1, 1, 1, true, {ActivationType::kSwish, 1.f}}};  // 64 pixels: 1 per lane
  for (const auto& c : cases) {
    ConvGeometry g;
    g.batch = c.batch, g.in_c = c.in_c, g.in_h = c.h, g.in_w = c.w, g.out_c = c.out_c, g.groups = c.groups;
    g.kernel_h = g.kernel_w = c.k, g.stride_h = g.stride_w = c.stride, g.dilation_h = g.dilation_w = c.dilation;
    g.pad_top = c.pad_t, g.pad_left = c.pad_l, g.pad_bottom = c.pad_b, g.pad_right = c.pad_r;
    g.out_h = (c.h + c.pad_t + c.pad_b - c.dilation * (c.k - 1) - 1) / c.stride + 1;
    g.out_w = (c.w + c.pad_l + c.pad_r - c.dilation * (c.k - 1) - 1) / c.stride + 1;
    INFO("conv " << c.in_c << "->" << c.out_c << " k" << c.k << " s" << c.stride << " d" << c.dilation << " g"
                 << c.groups);
    const Tensor in = RandomTensor(DDim({c.batch, c.in_c, c.h, c.w}), 31);
    const Tensor filter = RandomTensor(DDim({c.out_c, c.in_c / c.groups, c.k, c.k}), 32);
    const Tensor bias = RandomTensor(DDim({c.out_c}), 33);
    std::vector<float> want(static_cast<size_t>(c.batch * c.out_c * g.out_h * g.out_w));
    ref::Conv2d(g, in.data<float>(), filter.data<float>(), c.bias ? bias.data<float>() : nullptr, c.act, want.data());
    VkTensor vin = Up(device, in), vf = Up(device, filter), vb = Up(device, bias);
    VkTensor vpacked = Up(device, PackBlockFilter(g, filter));  // what kBlock reads
    for (ConvAlgo algo : {ConvAlgo::kDirect, ConvAlgo::kGemm, ConvAlgo::kBlock, ConvAlgo::kDepthwise})
      for (bool texels : {true, false}) {  // inputs read as texel buffers, or as storage buffers
        if (algo == ConvAlgo::kDepthwise && c.in_c != c.groups) continue;
        const char* names[] = {"auto", "direct", "implicit GEMM", "blocked", "depthwise"};  // ConvAlgo's order
        INFO(names[static_cast<int>(algo)] << (texels ? ", texel reads" : ", storage reads"));
        device->set_texel_reads(texels);
        VkTensor vout;
        Recorder r(device);
        Status s = RecordConv2d(&r, g, vin, &vf, c.bias ? &vb : nullptr, c.act, &vout, algo, &vpacked);
        device->set_texel_reads(true);
        RequireOk(s);
        RequireOk(r.SubmitAndWait());
        REQUIRE(vout.dims == DDim({c.batch, c.out_c, g.out_h, g.out_w}));
        CheckNear(Down(vout), want, 1e-5f);
      }
  }
}

TEST_CASE("vulkan conv2d_transpose equals ref::Conv2dTranspose: strides, pads, dilations, groups, bias", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    int64_t in_c, out_c, h, w, k, stride, dilation, groups, pad_t, pad_l, pad_b, pad_r, extra;
    bool bias;
    ActivationSpec act;
  };
  const std::vector<Case> cases = {
      {8, 4, 5, 6, 2, 2, 1, 1, 0, 0, 0, 0, 0, true, {ActivationType::kRelu}},    // OCR det's x2 upsampling
      {6, 6, 7, 5, 3, 2, 1, 1, 1, 1, 1, 1, 1, false, {ActivationType::kNone}},  // output_padding 1
      {4, 8, 4, 4, 3, 1, 2, 2, 2, 1, 0, 2, 0, true, {ActivationType::kSigmoid}},  // dilated, grouped, asymmetric
      {6, 6, 6, 6, 4, 2, 1, 6, 1, 1, 1, 1, 0, true, {ActivationType::kNone}}};   // depthwise transpose
  for (const auto& c : cases) {
    ConvGeometry g;
    g.batch = 2, g.in_c = c.in_c, g.in_h = c.h, g.in_w = c.w, g.out_c = c.out_c, g.groups = c.groups;
    g.kernel_h = g.kernel_w = c.k, g.stride_h = g.stride_w = c.stride, g.dilation_h = g.dilation_w = c.dilation;
    g.pad_top = c.pad_t, g.pad_left = c.pad_l, g.pad_bottom = c.pad_b, g.pad_right = c.pad_r;
    g.out_h = (c.h - 1) * c.stride - c.pad_t - c.pad_b + c.dilation * (c.k - 1) + 1 + c.extra;
    g.out_w = (c.w - 1) * c.stride - c.pad_l - c.pad_r + c.dilation * (c.k - 1) + 1 + c.extra;
    INFO("conv_transpose " << c.in_c << "->" << c.out_c << " k" << c.k << " s" << c.stride << " g" << c.groups);
    const Tensor in = RandomTensor(DDim({2, c.in_c, c.h, c.w}), 51);
    const Tensor filter = RandomTensor(DDim({c.in_c, c.out_c / c.groups, c.k, c.k}), 52);
    const Tensor bias = RandomTensor(DDim({c.out_c}), 53);
    std::vector<float> want(static_cast<size_t>(2 * c.out_c * g.out_h * g.out_w));
    ref::Conv2dTranspose(g, in.data<float>(), filter.data<float>(), c.bias ? bias.data<float>() : nullptr, c.act,
                         want.data());
    VkTensor vin = Up(device, in), vf = Up(device, filter), vb = Up(device, bias), vout;
    Recorder r(device);
    RequireOk(RecordConvTranspose2d(&r, g, vin, vf, c.bias ? &vb : nullptr, c.act, &vout));
    RequireOk(r.SubmitAndWait());
    REQUIRE(vout.dims == DDim({2, c.out_c, g.out_h, g.out_w}));
    CheckNear(Down(vout), want, 1e-5f);
  }
}

TEST_CASE("vulkan recorder: one submit, barriers only between dependent dispatches", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  NoValidationMessages none(device);
  const Tensor x = RandomTensor(DDim({1, 4, 8, 8}), 41);
  VkTensor vx = Up(device, x), a, b, c, d;
  Recorder r(device);
  // a and b read only x: no barrier between them; c reads both (one barrier); d reads c (another).
  RequireOk(RecordActivation(&r, {ActivationType::kRelu}, vx, &a));
  RequireOk(RecordActivation(&r, {ActivationType::kSigmoid}, vx, &b));
  CHECK(r.barriers() == 0);
  RequireOk(RecordBinary(&r, BinaryOp::kMul, a, b, &c));
  CHECK(r.barriers() == 1);
  RequireOk(RecordActivation(&r, {ActivationType::kScale, 2.f, 1.f}, c, &d));
  CHECK(r.barriers() == 2);
  RequireOk(r.SubmitAndWait());  // + the barrier that hands the results to the host
  CHECK(r.dispatches() == 4);
  std::vector<float> want = ToVector(x);
  for (float& v : want) v = 2.f * (std::max(v, 0.f) * (1.f / (1.f + std::exp(-v)))) + 1.f;
  CheckNear(Down(d), want, 2e-6f);
  // The recorder records again after a submit.
  RequireOk(RecordActivation(&r, {ActivationType::kAbs}, d, &a));
  RequireOk(r.SubmitAndWait());
  CheckNear(Down(a), Down(d), 0.f);
}

TEST_CASE("vulkan recorder: buffers sharing the bytes of one Memory are hazards to each other", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  NoValidationMessages none(device);
  const Tensor x = RandomTensor(DDim({1, 4, 8, 8}), 51);
  const size_t bytes = x.numel() * sizeof(float);
  std::shared_ptr<Memory> memory;
  RequireOk(Memory::Create(device, 4 * bytes, &memory));
  // a at the start, b from a's middle (or over all of it, on a device aligning past its middle), c after both.
  const size_t step = memory->alignment(), shift = step < bytes ? step : 0;
  const size_t disjoint = (shift + bytes + step - 1) / step * step;
  REQUIRE(disjoint + bytes <= memory->bytes());
  VkTensor vx = Up(device, x), a, b, c;
  RequireOk(Buffer::CreateIn(memory, 0, bytes, &a.buffer));
  RequireOk(Buffer::CreateIn(memory, shift, bytes, &b.buffer));
  RequireOk(Buffer::CreateIn(memory, disjoint, bytes, &c.buffer));
  Recorder r(device);
  RequireOk(RecordActivation(&r, {ActivationType::kRelu}, vx, &a));
  RequireOk(RecordActivation(&r, {ActivationType::kSigmoid}, vx, &c));
  CHECK(r.barriers() == 0);  // other bytes of the same memory: no hazard
  CHECK(r.Logged(*b.buffer));  // some of a's bytes are b's
  RequireOk(RecordActivation(&r, {ActivationType::kAbs}, vx, &b));
  CHECK(r.barriers() == 1);  // b writes bytes a wrote: wait for it
  RequireOk(r.SubmitAndWait());
  std::vector<float> want_b = ToVector(x), want_c = ToVector(x);
  for (float& v : want_b) v = std::fabs(v);
  for (float& v : want_c) v = 1.f / (1.f + std::exp(-v));
  CheckNear(Down(b), want_b, 0.f);
  CheckNear(Down(c), want_c, 2e-6f);
  // A buffer that does not fit, or starts off the alignment, is refused.
  std::unique_ptr<Buffer> bad;
  CHECK_FALSE(Buffer::CreateIn(memory, memory->bytes() - 4, 8, &bad).ok());
  if (step > 1) CHECK_FALSE(Buffer::CreateIn(memory, step / 2, 4, &bad).ok());
}

TEST_CASE("vulkan recorder: the same dispatches again submit the command buffer recorded before", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  NoValidationMessages none(device);
  const Tensor x1 = RandomTensor(DDim({1, 4, 8, 8}), 61), x2 = RandomTensor(DDim({1, 4, 8, 8}), 62);
  VkTensor vx = Up(device, x1), a, b;
  Recorder r(device);
  // One run: a = scale * x, b = a + x, so b = (scale + 1) * x from whatever x holds when it runs.
  auto run = [&](float scale, const Tensor& x) {
    std::memcpy(vx.buffer->data(), x.data<float>(), x.numel() * sizeof(float));
    RequireOk(r.Reset());
    RequireOk(RecordActivation(&r, {ActivationType::kScale, scale, 0.f}, vx, &a));
    RequireOk(RecordBinary(&r, BinaryOp::kAdd, a, vx, &b));
    RequireOk(r.SubmitAndWait());
    std::vector<float> want = ToVector(x);
    for (float& v : want) v *= scale + 1.f;
    CheckNear(Down(b), want, 1e-6f);
  };
  run(2.f, x1);
  CHECK(r.reused_submits() == 0);
  run(2.f, x2);  // new values in the same buffers: replayed
  CHECK(r.reused_submits() == 1);
  run(3.f, x2);  // another push constant: recorded anew
  CHECK(r.reused_submits() == 1);
  run(3.f, x1);
  CHECK(r.reused_submits() == 2);
  r.set_reuse(false);
  run(3.f, x2);
  CHECK(r.reused_submits() == 2);
  r.set_reuse(true);
  VkTensor other = Up(device, x2);  // another input buffer: recorded anew
  RequireOk(r.Reset());
  RequireOk(RecordActivation(&r, {ActivationType::kScale, 3.f, 0.f}, other, &a));
  RequireOk(RecordBinary(&r, BinaryOp::kAdd, a, vx, &b));
  RequireOk(r.SubmitAndWait());
  CHECK(r.reused_submits() == 2);
  CHECK(r.submits() == 6);
  CHECK(r.dispatches() == 12);
}

TEST_CASE("vulkan: activations without a shader and wrong conv shapes are clear errors", "[vulkan]") {
  vulkan::Device* device = DeviceOrSkip();
  if (!device) return;
  Recorder r(device);
  VkTensor x = Up(device, RandomTensor(DDim({4}), 1)), y;
  Status s = RecordActivation(&r, {ActivationType::kErf}, x, &y);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK_THAT(s.message(), Catch::Contains("no shader"));
  ConvGeometry g;
  g.batch = 1, g.in_c = 3, g.in_h = g.in_w = 4, g.out_c = 2, g.out_h = g.out_w = 4;
  VkTensor in = Up(device, RandomTensor(DDim({1, 3, 4, 4}), 2)), f = Up(device, RandomTensor(DDim({2, 2, 1, 1}), 3));
  s = RecordConv2d(&r, g, in, &f, nullptr, {}, &y);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK_THAT(s.message(), Catch::Contains("filter [2,2,1,1]"));
  f = Up(device, RandomTensor(DDim({2, 3, 1, 1}), 3));  // the right filter, but no packed one for kBlock
  s = RecordConv2d(&r, g, in, &f, nullptr, {}, &y, ConvAlgo::kBlock);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK_THAT(s.message(), Catch::Contains("PackBlockFilter"));
}
