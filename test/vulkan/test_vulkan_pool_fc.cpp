// The Vulkan pooling, concat, fc and softmax kernels against the plain CPU code (Pool2d of central-arm-func,
// ref::Softmax, loops written here), under the validation layer as test_vulkan_kernels.cpp.
#include "framework/float16.h"
#include "operators/kernel/central-arm-func/interpolate_func.h"
#include "operators/kernel/central-arm-func/lrn_func.h"
#include "operators/kernel/central-arm-func/pad_func.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"
#include "operators/kernel/central-arm-func/softmax_func.h"
#include "operators/kernel/central-arm-func/resize_func.h"
#include "operators/kernel/vulkan/vk_copy.h"
#include "operators/kernel/vulkan/vk_fc.h"
#include "operators/kernel/vulkan/vk_lrn.h"
#include "operators/kernel/vulkan/vk_pool2d.h"
#include "operators/kernel/vulkan/vk_resize.h"
#include "operators/kernel/vulkan/vk_softmax.h"
#include "vk_test_util.h"

using namespace ember;
using namespace ember::test;
using namespace ember::vulkan;

TEST_CASE("vulkan pool2d equals the portable Pool2d: max, average, pads, ceil windows, global, adaptive",
          "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    int64_t c, h, w, k, stride, pad, out_h, out_w;
    bool is_max, exclusive, adaptive;
  };
  const std::vector<Case> cases = {
      {3, 13, 11, 3, 2, 0, 6, 5, true, true, false},    // squeezenet's pools
      {3, 13, 11, 3, 2, 1, 7, 6, true, true, false},    // padded
      {4, 14, 14, 3, 2, 1, 8, 8, true, true, false},    // a ceil-mode last window partly outside
      {5, 9, 10, 2, 2, 1, 5, 6, false, true, false},    // average, exclusive
      {5, 9, 10, 3, 1, 1, 9, 10, false, false, false},  // average counting the padding
      {6, 7, 7, 7, 1, 0, 1, 1, false, true, false},     // global average
      {6, 10, 9, 1, 1, 0, 3, 4, false, true, true}};    // adaptive
  for (const auto& c : cases) {
    PoolGeometry g;
    g.batch = 2, g.channels = c.c, g.in_h = c.h, g.in_w = c.w, g.out_h = c.out_h, g.out_w = c.out_w;
    g.kernel_h = g.kernel_w = c.k, g.stride_h = g.stride_w = c.stride, g.pad_top = g.pad_left = c.pad;
    g.is_max = c.is_max, g.exclusive = c.exclusive, g.adaptive = c.adaptive;
    INFO("pool k" << c.k << " s" << c.stride << " p" << c.pad << (c.is_max ? " max" : " avg"));
    const Tensor x = RandomTensor(DDim({2, c.c, c.h, c.w}), 51, -3.f, 3.f);
    std::vector<float> want(static_cast<size_t>(2 * c.c * c.out_h * c.out_w));
    Pool2d(g, x.data<float>(), want.data());
    VkTensor vx = Up(device, x), vy;
    Recorder r(device);
    RequireOk(RecordPool2d(&r, g, vx, &vy));
    RequireOk(r.SubmitAndWait());
    CheckNear(Down(vy), want, 1e-6f);
  }
}

TEST_CASE("vulkan concat along every axis equals the inputs laid side by side", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  const Tensor a = RandomTensor(DDim({2, 3, 4, 5}), 61), b = RandomTensor(DDim({2, 3, 4, 5}), 62);
  for (int axis = 0; axis < 4; ++axis) {
    std::vector<int64_t> od = {2, 3, 4, 5};
    od[axis] *= 2;
    const DDim out_dims(od);
    const int64_t outer = out_dims.Product(0, axis), inner = a.dims().Product(axis, 4);
    std::vector<float> want;
    const auto va = ToVector(a), vb = ToVector(b);
    for (int64_t o = 0; o < outer; ++o) {
      want.insert(want.end(), va.begin() + o * inner, va.begin() + (o + 1) * inner);
      want.insert(want.end(), vb.begin() + o * inner, vb.begin() + (o + 1) * inner);
    }
    VkTensor ga = Up(device, a), gb = Up(device, b), out;
    Recorder r(device);
    RequireOk(RecordConcat(&r, {&ga, &gb}, axis, out_dims, &out));
    RequireOk(r.SubmitAndWait());
    INFO("axis " << axis);
    REQUIRE(out.dims == out_dims);
    CheckNear(Down(out), want, 0.f);
  }
}

TEST_CASE("vulkan split, shuffle_channel and reshape move every value where the CPU ops do", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  const Tensor x = RandomTensor(DDim({2, 6, 3, 5}), 65);
  const auto v = ToVector(x);
  VkTensor gx = Up(device, x);
  Recorder r(device);
  // split along channels into 1, 2 and 3
  VkTensor s0, s1, s2, shuffled, reshaped;
  RequireOk(RecordSplit(&r, gx, 1, {DDim({2, 1, 3, 5}), DDim({2, 2, 3, 5}), DDim({2, 3, 3, 5})}, {&s0, &s1, &s2}));
  RequireOk(RecordShuffleChannel(&r, gx, 3, &shuffled));
  RequireOk(RecordReshape(&r, gx, DDim({12, 15}), &reshaped));
  RequireOk(r.SubmitAndWait());
  const int64_t hw = 15;
  std::vector<float> w0, w1, w2, wshuffle(v.size());
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t c = 0; c < 6; ++c) {
      auto& dst = c < 1 ? w0 : c < 3 ? w1 : w2;
      dst.insert(dst.end(), v.begin() + (n * 6 + c) * hw, v.begin() + (n * 6 + c + 1) * hw);
      const int64_t group = c / 2, k = c % 2;  // 3 groups of 2: channel (group, k) goes to k * 3 + group
      std::copy(v.begin() + (n * 6 + c) * hw, v.begin() + (n * 6 + c + 1) * hw,
                wshuffle.begin() + (n * 6 + k * 3 + group) * hw);
    }
  CheckNear(Down(s0), w0, 0.f);
  CheckNear(Down(s1), w1, 0.f);
  CheckNear(Down(s2), w2, 0.f);
  CheckNear(Down(shuffled), wshuffle, 0.f);
  CHECK(reshaped.dims == DDim({12, 15}));
  CheckNear(Down(reshaped), v, 0.f);
}

TEST_CASE("vulkan transpose moves every value where its permutation says, ranks 1 to 6", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> cases = {
      {{7}, {0}}, {{3, 5}, {1, 0}}, {{2, 3, 4, 5}, {0, 2, 3, 1}}, {{2, 3, 4, 5}, {3, 1, 0, 2}},
      {{2, 3, 2, 4, 3}, {4, 0, 3, 1, 2}}, {{2, 1, 3, 2, 2, 3}, {5, 4, 3, 2, 1, 0}}};
  for (const auto& [dims, perm] : cases) {
    INFO("dims of rank " << dims.size() << ", perm starting " << perm[0]);
    const Tensor x = RandomTensor(DDim(dims), 71);
    const auto v = ToVector(x);
    const int rank = static_cast<int>(dims.size());
    std::vector<int64_t> out_dims(dims.size()), in_strides(dims.size(), 1);
    for (int d = rank - 2; d >= 0; --d) in_strides[d] = in_strides[d + 1] * dims[d + 1];
    for (int d = 0; d < rank; ++d) out_dims[d] = dims[perm[d]];
    std::vector<float> want(v.size());
    for (size_t i = 0; i < v.size(); ++i) {  // output element i: its multi-index, read through x's strides
      int64_t rest = static_cast<int64_t>(i), src = 0;
      for (int d = rank - 1; d >= 0; --d) {
        src += (rest % out_dims[d]) * in_strides[perm[d]];
        rest /= out_dims[d];
      }
      want[i] = v[static_cast<size_t>(src)];
    }
    VkTensor gx = Up(device, x), out;
    Recorder r(device);
    RequireOk(RecordTranspose(&r, gx, perm, &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == DDim(out_dims));
    CheckNear(Down(out), want, 0.f);
  }
  VkTensor gx = Up(device, RandomTensor(DDim({2, 3}), 72)), out;
  Recorder r(device);
  CHECK(RecordTranspose(&r, gx, {0, 0}, &out).code() == StatusCode::kInvalidArgument);
  CHECK(RecordTranspose(&r, gx, {1, 0, 2}, &out).code() == StatusCode::kInvalidArgument);
}

TEST_CASE("vulkan resize equals the CPU's ResizeReference: nearest, linear, cubic, coordinate modes, roi", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    ResizeMode mode;
    ResizeCoord coord;
    ResizeNearest nearest;
    int64_t in_h, in_w, out_h, out_w;
    bool antialias;
  };
  const std::vector<Case> cases = {
      {ResizeMode::kNearest, ResizeCoord::kAsymmetric, ResizeNearest::kFloor, 5, 7, 10, 14, false},  // x2 (OCR det)
      {ResizeMode::kNearest, ResizeCoord::kHalfPixel, ResizeNearest::kRoundPreferCeil, 6, 5, 4, 9, false},
      {ResizeMode::kLinear, ResizeCoord::kHalfPixel, ResizeNearest::kFloor, 7, 6, 13, 11, false},
      {ResizeMode::kLinear, ResizeCoord::kAlignCorners, ResizeNearest::kFloor, 9, 8, 4, 3, false},
      {ResizeMode::kLinear, ResizeCoord::kPytorchHalfPixel, ResizeNearest::kFloor, 12, 10, 5, 4, true},  // antialias
      {ResizeMode::kCubic, ResizeCoord::kHalfPixel, ResizeNearest::kFloor, 6, 7, 11, 9, false},
      {ResizeMode::kLinear, ResizeCoord::kTfCropAndResize, ResizeNearest::kFloor, 8, 8, 5, 6, false}};
  for (const auto& c : cases) {
    INFO("mode " << static_cast<int>(c.mode) << ", coord " << static_cast<int>(c.coord) << ", " << c.in_h << "x"
                 << c.in_w << " -> " << c.out_h << "x" << c.out_w);
    const Tensor x = RandomTensor(DDim({2, 3, c.in_h, c.in_w}), 81);
    Tensor want;
    want.Resize(DDim({2, 3, c.out_h, c.out_w}));
    ResizeParam p;  // what InferShape sets, for scales out / in
    p.x = &x, p.out = &want, p.mode = c.mode, p.coord = c.coord, p.nearest = c.nearest, p.antialias = c.antialias;
    p.planes = 6, p.in_h = c.in_h, p.in_w = c.in_w, p.out_h = c.out_h, p.out_w = c.out_w;
    p.scale_h = static_cast<double>(c.out_h) / c.in_h, p.scale_w = static_cast<double>(c.out_w) / c.in_w;
    p.len_h = c.out_h, p.len_w = c.out_w;
    p.roi_h0 = 0.2f, p.roi_h1 = 1.3f, p.roi_w0 = -0.1f, p.roi_w1 = 0.7f;  // read by tf_crop_and_resize only
    p.extrapolation_value = 7.5f;
    RequireOk(ResizeReference(p));
    VkTensor gx = Up(device, x), table, out;
    Recorder r(device);
    RequireOk(RecordResize(&r, p, gx, &table, &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == want.dims());
    CheckNear(Down(out), ToVector(want), 2e-6f);
  }
}

TEST_CASE("vulkan pad equals the portable Pad3d: constant, reflect, replicate, circular, 2-D and 3-D", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  const int64_t planes = 3, d = 3, h = 5, w = 4;
  const Tensor x = RandomTensor(DDim({1, planes, d, h, w}), 91);
  const int64_t pad_sets[][6] = {{0, 0, 1, 2, 3, 0}, {1, 2, 2, 1, 1, 3}, {0, 0, 0, 0, 0, 0}};
  for (int mode = 0; mode < 4; ++mode)
    for (const auto& pads : pad_sets) {
      INFO("mode " << mode << ", pads " << pads[0] << pads[1] << pads[2] << pads[3] << pads[4] << pads[5]);
      const int64_t od = d + pads[0] + pads[1], oh = h + pads[2] + pads[3], ow = w + pads[4] + pads[5];
      std::vector<float> want(static_cast<size_t>(planes * od * oh * ow));
      Pad3d(x.data<float>(), want.data(), planes, d, h, w, pads, static_cast<PadMode>(mode), 2.5f);
      VkTensor gx = Up(device, x), out;
      Recorder r(device);
      RequireOk(RecordPad(&r, gx, planes, d, h, w, pads, mode, 2.5f, DDim({1, planes, od, oh, ow}), &out));
      RequireOk(r.SubmitAndWait());
      CheckNear(Down(out), want, 0.f);
    }
  VkTensor gx = Up(device, x), out;
  Recorder r(device);
  const int64_t pads[6] = {0, 0, 1, 1, 1, 1};
  CHECK(RecordPad(&r, gx, planes, d, h, w, pads, 0, 0.f, DDim({1, planes, d, h, w}), &out).code() ==
        StatusCode::kInvalidArgument);  // the output's dims are not the padded ones
}

TEST_CASE("vulkan fc equals a double loop, with and without bias and activation", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  for (int64_t m : {1, 3}) {
    for (int64_t n : {1, 10, 65, 1000}) {
      const int64_t k = 129;
      const Tensor in = RandomTensor(DDim({m, k}), 71), w = RandomTensor(DDim({k, n}), 72);
      const Tensor bias = RandomTensor(DDim({n}), 73);
      for (bool with_bias : {false, true}) {
        const ActivationSpec act = with_bias ? ActivationSpec{ActivationType::kRelu} : ActivationSpec{};
        std::vector<float> want(static_cast<size_t>(m * n));
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j) {
            double acc = with_bias ? bias.data<float>()[j] : 0.0;
            for (int64_t q = 0; q < k; ++q) acc += double(in.data<float>()[i * k + q]) * w.data<float>()[q * n + j];
            want[i * n + j] = with_bias ? std::max(static_cast<float>(acc), 0.f) : static_cast<float>(acc);
          }
        VkTensor gi = Up(device, in), gw = Up(device, w), gb = Up(device, bias), out;
        Recorder r(device);
        RequireOk(RecordFc(&r, m, k, n, gi, gw, with_bias ? &gb : nullptr, act, DDim({m, n}), &out));
        RequireOk(r.SubmitAndWait());
        INFO("fc " << m << "x" << k << "x" << n << (with_bias ? " bias relu" : ""));
        CheckNear(Down(out), want, 1e-5f);
      }
    }
  }
}

// A weight stored as halves (PredictorOptions::vulkan_fp16_weights) is fetched through R16 texel views as the
// float it rounds to; read as a storage buffer it would be garbage, so that is refused with a reason.
TEST_CASE("vulkan fc over a float16 weight equals the loop over the rounded weight; storage reads refuse it",
          "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  if (!device->half_texels()) {
    WARN("this Vulkan device has no 16-bit texel buffers");
    return;
  }
  const int64_t m = 3, k = 77, n = 20;
  const Tensor in = RandomTensor(DDim({m, k}), 81), w = RandomTensor(DDim({k, n}), 82, -3.f, 3.f);
  std::vector<float> want(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t q = 0; q < k; ++q)
        acc += double(in.data<float>()[i * k + q]) * HalfToFloat(FloatToHalf(w.data<float>()[q * n + j]));
      want[i * n + j] = static_cast<float>(acc);
    }
  VkTensor gi = Up(device, in), gw, out;
  gw.half = true;
  RequireOk(Upload(device, w, &gw));
  REQUIRE(gw.buffer->bytes() == static_cast<size_t>(k * n * 2));
  std::vector<float> rounded(static_cast<size_t>(k * n));
  for (size_t i = 0; i < rounded.size(); ++i) rounded[i] = HalfToFloat(FloatToHalf(w.data<float>()[i]));
  CheckNear(Down(gw), rounded, 0.f);
  Recorder r(device);
  const Status s = RecordFc(&r, m, k, n, gi, gw, nullptr, {}, DDim({m, n}), &out);
  if (!texels_) {
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK_THAT(s.message(), Catch::Contains("float16 input (a weight or an activation) is read through texel buffers"));
    return;
  }
  RequireOk(s);
  RequireOk(r.SubmitAndWait());
  CheckNear(Down(out), want, 1e-5f);
}

TEST_CASE("vulkan softmax and log-softmax equal ref::Softmax along any axis", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    int64_t outer, n, inner;
  };
  for (const Case& c : std::vector<Case>{{1, 1000, 1}, {4, 7, 1}, {2, 5, 9}, {1, 21, 100}}) {
    for (bool log : {false, true}) {
      const Tensor x = RandomTensor(DDim({c.outer, c.n, c.inner}), 81, -20.f, 20.f);
      std::vector<float> want(static_cast<size_t>(x.numel()));
      ref::Softmax(x.data<float>(), want.data(), c.outer, c.n, c.inner, log);
      VkTensor gx = Up(device, x), gy;
      Recorder r(device);
      RequireOk(RecordSoftmax(&r, c.outer, c.n, c.inner, log, gx, &gy));
      RequireOk(r.SubmitAndWait());
      INFO("softmax " << c.outer << "x" << c.n << "x" << c.inner << (log ? " log" : ""));
      CheckNear(Down(gy), want, 2e-6f);
    }
  }
}

TEST_CASE("vulkan interpolate equals the portable NearestResize / BilinearResize: align modes, up and down",
          "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    InterpMethod method;
    bool align_corners;
    int align_mode;
    int64_t in_h, in_w, out_h, out_w;
  };
  const std::vector<Case> cases = {{InterpMethod::kNearest, false, 1, 5, 7, 10, 14},  // x2 (yolov4-tiny)
                                   {InterpMethod::kNearest, true, 1, 6, 5, 4, 9},
                                   {InterpMethod::kBilinear, false, 0, 7, 6, 13, 11},  // half pixel
                                   {InterpMethod::kBilinear, false, 1, 9, 8, 4, 3},
                                   {InterpMethod::kBilinear, true, 1, 5, 6, 9, 12}};
  for (const auto& c : cases) {
    INFO((c.method == InterpMethod::kNearest ? "nearest" : "bilinear") << ", align_corners " << c.align_corners
         << ", align_mode " << c.align_mode << ", " << c.in_h << "x" << c.in_w << " -> " << c.out_h << "x" << c.out_w);
    const Tensor x = RandomTensor(DDim({2, 3, c.in_h, c.in_w}), 91);
    Tensor want;
    want.Resize(DDim({2, 3, c.out_h, c.out_w}));
    InterpolateParam p;  // what InferShape sets (Paddle's v1 ratios)
    p.x = &x, p.out = &want, p.method = c.method, p.align_corners = c.align_corners, p.align_mode = c.align_mode;
    auto ratio = [&](int64_t in, int64_t out) {
      return c.align_corners ? (out > 1 ? static_cast<float>(in - 1) / (out - 1) : 0.f) : static_cast<float>(in) / out;
    };
    p.ratio_h = ratio(c.in_h, c.out_h), p.ratio_w = ratio(c.in_w, c.out_w);
    const int ih = static_cast<int>(c.in_h), iw = static_cast<int>(c.in_w);
    const int oh = static_cast<int>(c.out_h), ow = static_cast<int>(c.out_w);
    if (c.method == InterpMethod::kNearest)
      NearestResize(x.data<float>(), want.mutable_data<float>(), 4, 6, ih, iw, oh, ow, p.ratio_h, p.ratio_w,
                    c.align_corners);
    else
      BilinearResize(x.data<float>(), want.mutable_data<float>(), 6, ih, iw, oh, ow, p.ratio_h, p.ratio_w,
                     c.align_corners, c.align_mode);
    VkTensor gx = Up(device, x), table, out;
    Recorder r(device);
    RequireOk(RecordInterpolate(&r, p, gx, &table, &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == want.dims());
    CheckNear(Down(out), ToVector(want), 2e-6f);
  }
}

TEST_CASE("vulkan strided slice equals index arithmetic: offsets, steps, backward steps, ranks 1 to 6", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    std::vector<int64_t> dims, begin, step, size;
  };
  const std::vector<Case> cases = {
      {{2, 5, 6, 7}, {0, 1, 0, 0}, {1, 1, 1, 1}, {2, 3, 6, 7}},    // a channel range (slice)
      {{2, 5, 6, 7}, {1, 0, 2, 3}, {1, 2, 1, 1}, {1, 3, 4, 4}},    // every other channel, an H x W window
      {{2, 5, 6, 7}, {0, 4, 5, 6}, {1, -1, -2, -3}, {2, 5, 3, 3}},  // backward along three axes
      {{11}, {9}, {-4}, {3}},
      {{2, 3, 2, 3, 2, 5}, {1, 0, 1, 2, 0, 1}, {1, 1, 1, -1, 1, 2}, {1, 3, 1, 2, 2, 2}}};
  for (const auto& c : cases) {
    INFO(DDim(c.dims).ToString() << " from " << DDim(c.begin).ToString() << " by " << DDim(c.step).ToString());
    const Tensor x = RandomTensor(DDim(c.dims), 93);
    const int rank = static_cast<int>(c.dims.size());
    std::vector<float> want;
    std::vector<int64_t> idx(c.size.size(), 0);
    const int64_t n = DDim(c.size).numel();
    for (int64_t i = 0; i < n; ++i) {  // idx runs over the view, innermost fastest
      int64_t src = 0;
      for (int d = 0; d < rank; ++d) src = src * c.dims[d] + c.begin[d] + idx[d] * c.step[d];
      want.push_back(x.data<float>()[src]);
      for (int d = rank - 1; d >= 0 && ++idx[d] == c.size[d]; --d) idx[d] = 0;
    }
    VkTensor gx = Up(device, x), out;
    Recorder r(device);
    RequireOk(RecordStridedSlice(&r, gx, c.begin, c.step, c.size, DDim(c.size), &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == DDim(c.size));
    CheckNear(Down(out), want, 0.f);
  }
  // A view that leaves the input is refused, not read out of bounds.
  VkTensor gx = Up(device, RandomTensor(DDim({4, 4}), 1)), out;
  Recorder r(device);
  CHECK_FALSE(RecordStridedSlice(&r, gx, {0, 2}, {1, 1}, {4, 3}, DDim({4, 3}), &out).ok());
}

TEST_CASE("vulkan lrn equals ref::Lrn: windows of 1 to 7 channels, few and many channels", "[vulkan]") {
  VULKAN_CASE_BOTH_READS(device);
  struct Case {
    int64_t batch, channels, hw, n;
    float k, alpha, beta;
  };
  const std::vector<Case> cases = {{1, 8, 30, 5, 1.f, 1e-4f, 0.75f},  // googlenet's
                                   {2, 3, 17, 5, 2.f, 0.5f, 0.75f},    // window wider than the channels
                                   {1, 16, 9, 7, 1.5f, 0.2f, 0.5f},
                                   {2, 5, 13, 1, 1.f, 1.f, 1.f},
                                   {1, 6, 10, 4, 2.f, 0.3f, 0.6f}};  // even n: (n-1)/2 each side
  for (const auto& c : cases) {
    INFO(c.batch << "x" << c.channels << "x" << c.hw << ", n " << c.n << ", k " << c.k << ", alpha " << c.alpha
                 << ", beta " << c.beta);
    const Tensor x = RandomTensor(DDim({c.batch, c.channels, c.hw}), 95, -2.f, 2.f);
    std::vector<float> want(static_cast<size_t>(x.numel())), mid(want.size());
    ref::Lrn(x.data<float>(), c.batch, c.channels, c.hw, c.n, c.k, c.alpha, c.beta, want.data(), mid.data());
    VkTensor gx = Up(device, x), out;
    Recorder r(device);
    RequireOk(RecordLrn(&r, {c.batch, c.channels, c.hw, c.n, c.k, c.alpha, c.beta}, gx, &out));
    RequireOk(r.SubmitAndWait());
    REQUIRE(out.dims == x.dims());
    CheckNear(Down(out), want, 2e-6f);
  }
}
