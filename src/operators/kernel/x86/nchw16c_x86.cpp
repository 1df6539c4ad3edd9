// Drivers of the NCHW16c kernels (nchw16c_x86.h): weight packing, the plain-loop generic
// level, and the split over threads (ParallelFor). Compiled with the baseline flags.
#include "operators/kernel/x86/nchw16c_x86.h"

#include <algorithm>
#include <cstring>

#include "framework/parallel.h"
#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/x86/activation_x86.h"
#include "operators/kernel/x86/conv_x86.h"

namespace ember {
namespace x86 {

namespace {

// Threads for a piece of work of about `flops` multiply-adds: below ~50k a fork/join costs more than it saves.
int ThreadsFor(int64_t work) { return !InParallel() && work > 50000 ? MaxThreads() : 1; }

float ActScalar(float v, const GemmEpilogue& ep) {
  if (ep.act == 1) return std::min(std::max(v, ep.lo), ep.hi);
  if (ep.act == 2) return v > 0.f ? v : v * ep.slope;
  return v;
}

// The generic level: the same loops as the kernels, one float at a time.
void Pw16cGeneric(const Pw16cArgs& a) {
  float acc[kPw16cGroup];
  for (int64_t p = a.p0; p < a.p1; ++p) {
    std::copy(a.bias, a.bias + a.gw, acc);
    for (int64_t ic = 0; ic < a.cin_p; ++ic) {
      const float x = a.in[((ic / 16) * a.hw + p) * 16 + ic % 16];
      const float* w = a.w + ic * a.gw;
      for (int64_t c = 0; c < a.gw; ++c) acc[c] += x * w[c];
    }
    for (int64_t c = 0; c < a.gw; ++c) a.out[((c / 16) * a.hw + p) * 16 + c % 16] = ActScalar(acc[c], a.ep);
  }
}

void Dw16cGeneric(const Dw16cArgs& a) {
  for (int64_t oh = a.row0; oh < a.row1; ++oh)
    for (int64_t ow = 0; ow < a.out_w; ++ow) {
      float acc[16];
      std::copy(a.bias, a.bias + 16, acc);
      for (int i = 0; i < a.k; ++i) {
        const int64_t ih = oh * a.stride - a.pad_top + i;
        if (ih < 0 || ih >= a.in_h) continue;
        for (int j = 0; j < a.k; ++j) {
          const int64_t iw = ow * a.stride - a.pad_left + j;
          if (iw < 0 || iw >= a.in_w) continue;
          const float* x = a.in + (ih * a.in_w + iw) * 16;
          const float* w = a.w + (i * a.k + j) * 16;
          for (int l = 0; l < 16; ++l) acc[l] += x[l] * w[l];
        }
      }
      float* o = a.out + (oh * a.out_w + ow) * 16;
      for (int l = 0; l < 16; ++l) o[l] = ActScalar(acc[l], a.ep);
    }
}

// The epilogue's activation, or none (and `post` set) for activations it does not fuse.
GemmEpilogue EpilogueOf(const ActivationSpec& act, bool* post) {
  GemmEpilogue ep;
  *post = !EpilogueActivation(act, &ep);
  if (*post) ep.act = 0;
  return ep;
}

}  // namespace

void PackPointwise16c(int64_t cout, int64_t cin, const float* filter, std::vector<float>* packed) {
  const int64_t cin_p = Blocks16c(cin) * 16, cout_p = Blocks16c(cout) * 16;
  packed->assign(static_cast<size_t>(cin_p * cout_p), 0.f);
  for (int64_t g0 = 0; g0 < cout_p; g0 += kPw16cGroup) {
    const int64_t gw = std::min(kPw16cGroup, cout_p - g0);
    float* dst = packed->data() + g0 * cin_p;
    for (int64_t ic = 0; ic < cin; ++ic)
      for (int64_t c = 0; c < gw && g0 + c < cout; ++c) dst[ic * gw + c] = filter[(g0 + c) * cin + ic];
  }
}

void PackDepthwise16c(int64_t c, int64_t k, const float* filter, std::vector<float>* packed) {
  const int64_t blocks = Blocks16c(c);
  packed->assign(static_cast<size_t>(blocks * k * k * 16), 0.f);
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t t = 0; t < k * k; ++t) (*packed)[((ch / 16) * k * k + t) * 16 + ch % 16] = filter[ch * k * k + t];
}

bool Pointwise16cSupported(const ConvGeometry& g) {
  return g.groups == 1 && g.kernel_h == 1 && g.kernel_w == 1 && g.stride_h == 1 && g.stride_w == 1 &&
         g.pad_top == 0 && g.pad_bottom == 0 && g.pad_left == 0 && g.pad_right == 0;
}

bool Depthwise16cSupported(const ConvGeometry& g) {
  return g.groups == g.in_c && g.out_c == g.in_c && g.kernel_h == g.kernel_w &&
         (g.kernel_h == 3 || g.kernel_h == 5) && g.stride_h == g.stride_w && (g.stride_h == 1 || g.stride_h == 2) &&
         g.dilation_h == 1 && g.dilation_w == 1;
}

// Both kernels split the threads by output rows, each thread taking rows [h * t / T, h * (t + 1) / T) of every
// channel block, so a region's tensors stay in the cache of the core that wrote them: a depthwise conv reads
// the rows its own thread's pointwise conv wrote (and the two rows around them). Splitting the depthwise conv
// by channel blocks instead made each thread read half its input from the other core: 2.5x slower on 2
// threads than this split in mobilenet's 14x14 layers. The rows go in up to 4 bands per thread, which
// ParallelFor hands out in order (each thread's own share first), so a thread the OS parks leaves its bands to
// the others.
namespace {
template <typename Body>
void ForEachThreadRows(int threads, int64_t rows, Body body) {
  const int64_t bands = std::min<int64_t>(rows, 4 * static_cast<int64_t>(threads));
  ParallelFor(threads > 1 ? bands : 1, threads, [&](int64_t t) {
    const int64_t nt = threads > 1 ? bands : 1;
    const int64_t r0 = rows * t / nt, r1 = rows * (t + 1) / nt;
    if (r0 < r1) body(r0, r1);
  });
}
}  // namespace

void Pointwise16c(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa) {
  const int64_t hw = g.out_h * g.out_w, cin_p = Blocks16c(g.in_c) * 16, cout_p = Blocks16c(g.out_c) * 16;
  bool post = false;
  const GemmEpilogue ep = EpilogueOf(act, &post);
  void (*kernel)(const Pw16cArgs&) =
      isa == Isa::kAvx512 ? Pw16cAvx512 : isa == Isa::kAvx2 ? Pw16cAvx2 : Pw16cGeneric;
  // Pixel blocks whose input (all channels) stays in L2 while every weight group passes over it.
  const int64_t block = std::max<int64_t>(6, (128 * 1024 / 4) / cin_p / 6 * 6);
  auto run = [&](int64_t n, int64_t p0, int64_t p1, int64_t g0) {
    Pw16cArgs a;
    a.in = input + n * cin_p * hw;
    a.w = packed + g0 * cin_p;
    a.bias = bias + g0;
    a.out = output + (n * cout_p + g0) * hw;
    a.hw = hw, a.cin_p = cin_p, a.gw = std::min(kPw16cGroup, cout_p - g0);
    a.p0 = p0, a.p1 = p1;
    a.ep = ep;
    kernel(a);
    if (post)
      for (int64_t b = 0; b < a.gw / 16; ++b) {
        float* o = a.out + (b * hw + p0) * 16;
        ActivationArray(act, o, o, (p1 - p0) * 16, isa);
      }
  };
  const int threads = ThreadsFor(g.batch * hw * cin_p * cout_p);
  if (threads == 1 || g.out_h % threads == 0 || g.out_h >= 8 * threads) {
    ForEachThreadRows(threads, g.out_h, [&](int64_t r0, int64_t r1) {
      for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t p0 = r0 * g.out_w; p0 < r1 * g.out_w; p0 += block)
          for (int64_t g0 = 0; g0 < cout_p; g0 += kPw16cGroup) run(n, p0, std::min(r1 * g.out_w, p0 + block), g0);
    });
    return;
  }
  // Few rows that do not divide evenly (7x7 on 2 threads: 3 and 4 rows would leave 14% idle): balanced tasks
  // of weight groups x pixel runs instead; these maps are small, so reading the other core's rows costs little.
  const int64_t groups = (cout_p + kPw16cGroup - 1) / kPw16cGroup;
  int64_t run_px = std::min(block, hw);
  while (run_px > 6 && g.batch * groups * ((hw + run_px - 1) / run_px) < 8 * threads) run_px = std::max<int64_t>(6, run_px / 2);
  const int64_t runs = (hw + run_px - 1) / run_px, tasks = g.batch * runs * groups;
  ParallelFor(tasks, threads, [&](int64_t t) {
    const int64_t g0 = t % groups * kPw16cGroup, r = t / groups % runs, n = t / groups / runs;
    run(n, r * run_px, std::min(hw, (r + 1) * run_px), g0);
  });
}

void Depthwise16c(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa) {
  const int64_t blocks = Blocks16c(g.in_c), k = g.kernel_h;
  const int64_t in_plane = g.in_h * g.in_w * 16, out_plane = g.out_h * g.out_w * 16;
  bool post = false;
  const GemmEpilogue ep = EpilogueOf(act, &post);
  void (*kernel)(const Dw16cArgs&) =
      isa == Isa::kAvx512 ? Dw16cAvx512 : isa == Isa::kAvx2 ? Dw16cAvx2 : Dw16cGeneric;
  const int64_t planes = g.batch * blocks;
  ForEachThreadRows(ThreadsFor(planes * out_plane * k * k), g.out_h, [&](int64_t r0, int64_t r1) {
    for (int64_t plane = 0; plane < planes; ++plane) {
      const int64_t b = plane % blocks;
      Dw16cArgs a;
      a.in = input + plane * in_plane;
      a.out = output + plane * out_plane;
      a.w = packed + b * k * k * 16;
      a.bias = bias + b * 16;
      a.in_h = g.in_h, a.in_w = g.in_w, a.out_h = g.out_h, a.out_w = g.out_w;
      a.pad_top = g.pad_top, a.pad_left = g.pad_left;
      a.k = static_cast<int>(k), a.stride = static_cast<int>(g.stride_h);
      a.row0 = r0, a.row1 = r1;
      a.ep = ep;
      kernel(a);
      if (post) {
        float* o = a.out + r0 * g.out_w * 16;
        ActivationArray(act, o, o, (r1 - r0) * g.out_w * 16, isa);
      }
    }
  });
}

const char* Conv16cKernelName(const ConvGeometry& g, Isa isa) {
  const int i = static_cast<int>(isa);
  if (Pointwise16cSupported(g)) {
    static const char* const kPw[3] = {"pw16c generic", "pw16c avx2", "pw16c avx512"};
    return kPw[i];
  }
  if (!Depthwise16cSupported(g)) return "16c unsupported";
  static const char* const kDw[2][2][3] = {
      {{"dw3x3s1 16c generic", "dw3x3s1 16c avx2", "dw3x3s1 16c avx512"},
       {"dw3x3s2 16c generic", "dw3x3s2 16c avx2", "dw3x3s2 16c avx512"}},
      {{"dw5x5s1 16c generic", "dw5x5s1 16c avx2", "dw5x5s1 16c avx512"},
       {"dw5x5s2 16c generic", "dw5x5s2 16c avx2", "dw5x5s2 16c avx512"}}};
  return kDw[g.kernel_h == 5][g.stride_h == 2][i];
}

}  // namespace x86
}  // namespace ember
