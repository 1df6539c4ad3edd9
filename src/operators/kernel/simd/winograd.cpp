// Winograd driver (winograd.h): filter transform, tile blocking, threading, path choice; the folders pass the
// kernel set. Compiled with the baseline flags.
#include "operators/kernel/simd/winograd.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "framework/parallel.h"
#include "operators/conv_op.h"
#include "operators/kernel/simd/conv_gemm.h"

namespace ember {
namespace simd {

#ifndef EMBER_WINO_TILES_PER_THREAD
#define EMBER_WINO_TILES_PER_THREAD 16
#endif

namespace {

int64_t RoundUp(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

// Floats of v (and, separately, of m) one tile block may use. 2 MiB each measured best (1 thread, 64..512
// channels): smaller blocks stream the transformed filter (36 or 64 x cin x cout floats) more often, larger ones
// fall out of L2/L3.
constexpr int64_t kBlockFloats = 512 * 1024;

// Each thread runs its own blocks (see ConvWinograd) from this many tiles per thread, when the transformed
// filter, which every thread then reads whole for each of its blocks, is at most kOwnTilesMaxFilterFloats.
// Measured on 2 threads: 16 tiles and 4M floats (16 MiB) gain at 28x28 x 128 channels (1.35x) and 56x56 x 256,
// lose at 28x28 x 512 (a 38 MiB filter read twice: vgg16 0.84x) and at 14x14 (8 tiles each: 0.9x).
constexpr int64_t kTilesPerThread = EMBER_WINO_TILES_PER_THREAD;
constexpr int64_t kOwnTilesMaxFilterFloats = int64_t{4} << 20;

// G for F(6,3) (8 x 3) and F(4,3) (6 x 3), in double.
const double kG6[8][3] = {{1.0, 0.0, 0.0},
                          {-2.0 / 9, -2.0 / 9, -2.0 / 9},
                          {-2.0 / 9, 2.0 / 9, -2.0 / 9},
                          {1.0 / 90, 1.0 / 45, 2.0 / 45},
                          {1.0 / 90, -1.0 / 45, 2.0 / 45},
                          {1.0 / 45, 1.0 / 90, 1.0 / 180},
                          {1.0 / 45, -1.0 / 90, 1.0 / 180},
                          {0.0, 0.0, 1.0}};
const double kG2[4][3] = {{1.0, 0.0, 0.0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0.0, 0.0, 1.0}};
const double kG4[6][3] = {{1.0 / 4, 0.0, 0.0},
                          {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                          {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                          {1.0 / 24, 1.0 / 12, 1.0 / 6},
                          {1.0 / 24, -1.0 / 12, 1.0 / 6},
                          {0.0, 0.0, 1.0}};

// EMBER_CONV=gemm|winograd|winograd2|winograd4|winograd6: -1 when unset (or unknown), else the forced tile size (0 =
// GEMM; 1 = "winograd": the rule's tile size, or 4 where the rule says GEMM).
int ForcedPath() {
  static const int forced = [] {
    const char* e = std::getenv("EMBER_CONV");
    if (!e) return -1;
    if (!std::strcmp(e, "gemm")) return 0;
    if (!std::strcmp(e, "winograd")) return 1;
    if (!std::strcmp(e, "winograd2")) return 2;
    if (!std::strcmp(e, "winograd4")) return 4;
    if (!std::strcmp(e, "winograd6")) return 6;
    return -1;
  }();
  return forced;
}

// x (c planes of h x w) into dst (c planes of ph x pw, zero around): row y, column x of a plane lands at
// y + top, x + left.
void PadImage(const float* x, int64_t c, int64_t h, int64_t w, int64_t top, int64_t left, int64_t ph, int64_t pw,
              float* dst, int threads) {
  ParallelFor(c, threads, [&](int64_t ci) {
    const float* src = x + ci * h * w;
    float* d = dst + ci * ph * pw;
    std::fill(d, d + top * pw, 0.f);
    for (int64_t y = 0; y < h; ++y) {
      float* row = d + (top + y) * pw;
      std::fill(row, row + left, 0.f);
      std::copy(src + y * w, src + y * w + w, row + left);
      std::fill(row + left + w, row + pw, 0.f);
    }
    std::fill(d + (top + h) * pw, d + ph * pw, 0.f);
  });
}

// Channel lanes: the image x (c planes of h x w) into dst [ceil(c / vw)][ph][pw][vw], zero around and past c,
// and the output back (src [ceil(c / vw)][ph][pw][vw] to c planes of h x w, h <= ph, w <= pw).
void PackImageChannels(const WinoKernels& k, const float* x, int64_t c, int64_t h, int64_t w, int64_t top,
                       int64_t left, int64_t ph, int64_t pw, float* dst, int threads) {
  const int64_t blocks = (c + k.channel_lanes - 1) / k.channel_lanes, block = ph * pw * k.channel_lanes;
  ParallelFor(blocks, threads, [&](int64_t b) {
    std::fill(dst + b * block, dst + (b + 1) * block, 0.f);
    k.pack(WinoPackArgs{x, dst, c, h, w, ph, pw, top, left, b * h, (b + 1) * h});
  });
}
void UnpackImageChannels(const WinoKernels& k, const float* src, int64_t c, int64_t ph, int64_t pw, int64_t h,
                         int64_t w, float* y, int threads) {
  const int64_t blocks = (c + k.channel_lanes - 1) / k.channel_lanes;
  ParallelFor(blocks, threads,
              [&](int64_t b) { k.unpack(WinoPackArgs{src, y, c, h, w, ph, pw, 0, 0, b * h, (b + 1) * h}); });
}

}  // namespace

bool WinogradSupported(const ConvGeometry& g) {
  return kWinogradBuilt && g.kernel_h == 3 && g.kernel_w == 3 && g.stride_h == 1 && g.stride_w == 1 && g.dilation_h == 1 &&
         g.dilation_w == 1 && g.groups == 1 && g.in_c >= 1 && g.out_c >= 1 && g.out_h >= 1 && g.out_w >= 1 &&
         g.in_h >= 1 && g.in_w >= 1 && g.pad_top >= 0 && g.pad_left >= 0;
}

// The rule, measured with every distinct 3x3 stride-1 layer of resnet18, vgg16, googlenet, yolov4-tiny and
// squeezenet (pad 1, AVX-512, this machine: AMD Zen4, 1 thread unless said; best of 7-15 runs, ms):
//   cin cout  out      gemm    F(4,3)  F(6,3)  F(2,3)
//     3   64  224x224  2.40    4.91    5.90             too few input channels for the transforms to pay
//     4   16   56x56   0.077   0.073   0.096            break-even
//     8   32   56x56   0.227   0.140   0.183
//    16   64   56x56   0.679   0.421   0.495
//    64   64   56x56   2.71    1.25    1.19             (2 threads: 1.41 / 0.64 / 0.62)
//    64   64  224x224 69.7    28.2    27.4
//    64  128  112x112 27.9    13.8    12.7
//   128  128   52x52  10.9     3.40    3.23
//   128  128   28x28   2.62    1.02    1.06             (2 threads: 1.34 / 0.48 / 0.54)
//   256  256   14x14   2.71    1.30    1.82    1.34     (2 threads: 1.58 / 0.67 / 1.02)
//   256  512   28x28  22.8     7.51    9.44
//   512  512   14x14  14.5     5.42   10.1
//   160  320    7x7    0.66    0.47    0.88    0.39
//   512  512    7x7    3.27    2.52    4.84    2.06     (2 threads: gemm 2.18, F(4,3) 2.40: the transformed
//                                                        filter, 4x (F(4,3)) or 1.8x (F(2,3)) the GEMM's
//                                                        bytes for a few tiles, makes it memory-bound)
//                                                       Re-measured on an AVX-512 EPYC with full-width FMA
//                                                       (2026-11-23, median of 30): 1 thread gemm 1.59,
//                                                       F(2,3) 1.03; 2 threads gemm 1.06, F(2,3) 0.64,
//                                                       F(4,3) 0.68; resnet18 on 2 threads 1.08-1.10x faster
//                                                       with F(2,3) there (interleaved A/B, 7 runs each)
//   256  256    5x5    0.50    0.66    1.13    0.40
//   512  512    3x3    1.74    2.48    4.66    1.07
// So: GEMM below 8 input channels or 9 outputs; F(2,3) for small outputs (< 64, e.g. 7x7); F(6,3) for large outputs (>= 40 x 40) of up to 128 input channels; F(4,3)
// otherwise (its smaller transforms and filter win on the deeper, mid-sized layers).
int WinogradChoose(const ConvGeometry& g, int single_m) {
  if (!WinogradSupported(g)) return 0;
  const int forced = ForcedPath();
  if (forced == 0) return 0;
  if (forced == 2 || forced == 4 || forced == 6) return forced;
  const int64_t out_hw = g.out_h * g.out_w;
  int m = 0;
  if (g.in_c >= 8 && out_hw >= 9) {
    if (out_hw < 64) m = 2;
    else m = (g.out_h >= 40 && g.out_w >= 40 && g.in_c <= 128) ? 6 : 4;
  }
  if (forced == 1 && m == 0) m = 4;
  return m != 0 && single_m != 0 ? single_m : m;
}

size_t WinogradPackedSize(const ConvGeometry& g, int m) {
  const int64_t a = m + 2, panels = (g.out_c + kWinoNB - 1) / kWinoNB;
  return static_cast<size_t>(a * a * panels * g.in_c * kWinoNB);
}

namespace {
// U = G g G^T of each (cout, cin) filter into u's layout, the tile size a compile-time constant so the small
// products unroll; position pos's values are `stride` floats apart from one base per (cout, cin) (the index
// arithmetic per value, with the loops' bounds known only at run time, made resnet18's load 545M instructions
// under qemu-aarch64, a third of its whole load).
template <int A>
void PackFilterTiles(const ConvGeometry& g, const double (*G)[3], const float* filter, float* u) {
  const int64_t panels = (g.out_c + kWinoNB - 1) / kWinoNB, cin = g.in_c;
  const int64_t stride = panels * cin * kWinoNB;  // floats from one position to the next
  for (int64_t co = 0; co < g.out_c; ++co)
    for (int64_t ci = 0; ci < cin; ++ci) {
      const float* k = filter + (co * cin + ci) * 9;
      double tmp[A][3];  // G g
      for (int i = 0; i < A; ++i)
        for (int j = 0; j < 3; ++j) tmp[i][j] = G[i][0] * k[j] + G[i][1] * k[3 + j] + G[i][2] * k[6 + j];
      float* out = u + ((co / kWinoNB) * cin + ci) * kWinoNB + co % kWinoNB;
      for (int i = 0; i < A; ++i)
        for (int j = 0; j < A; ++j, out += stride)
          *out = static_cast<float>(tmp[i][0] * G[j][0] + tmp[i][1] * G[j][1] + tmp[i][2] * G[j][2]);
    }
}
}  // namespace

void WinogradPackFilter(const ConvGeometry& g, int m, const float* filter, std::vector<float>* packed) {
  packed->assign(WinogradPackedSize(g, m), 0.f);
  if (m == 6) PackFilterTiles<8>(g, kG6, filter, packed->data());
  else if (m == 4) PackFilterTiles<6>(g, kG4, filter, packed->data());
  else PackFilterTiles<4>(g, kG2, filter, packed->data());
}

bool ConvWinograd(const ConvGeometry& g, int m, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, const WinoKernels& k) {
  void (*input_fn)(const WinoInArgs&) = m == 6 ? k.input6 : m == 4 ? k.input4 : k.input2;
  void (*output_fn)(const WinoOutArgs&) = m == 6 ? k.output6 : m == 4 ? k.output4 : k.output2;
  const int64_t a = m + 2, P = a * a;
  const int64_t tiles_h = (g.out_h + m - 1) / m, tiles_w = (g.out_w + m - 1) / m, total = tiles_h * tiles_w;
  const int64_t panels = (g.out_c + kWinoNB - 1) / kWinoNB, ldm = panels * kWinoNB;
  const int64_t cin = g.in_c;
  // Floats per tile row (channel lanes) or per position row of v's channel (k) dimension.
  const int64_t cl = k.channel_lanes, ldk = cl ? RoundUp(cin, cl) : cin;
  // Tiles per block: v and m of a block within kBlockFloats each; blocks of even size.
  const int64_t max_t = std::max<int64_t>(kWinoMR, kBlockFloats / (P * std::max(ldk, ldm)));
  const int64_t nblocks = (total + max_t - 1) / max_t, per_block = (total + nblocks - 1) / nblocks;
  const int64_t ldv_max = RoundUp(RoundUp(per_block, kWinoMR), 16);

  thread_local std::vector<float> vbuf, mbuf, bbuf;
  const size_t vsize = static_cast<size_t>(P * ldk * ldv_max + kWinoVSlack);
  if (vbuf.size() < vsize) vbuf.resize(vsize);
  if (mbuf.size() < static_cast<size_t>(P * ldv_max * ldm)) mbuf.resize(static_cast<size_t>(P * ldv_max * ldm));
  bbuf.assign(static_cast<size_t>(ldm), 0.f);
  std::copy(bias, bias + g.out_c, bbuf.begin());
  float* v = vbuf.data();
  float* mm = mbuf.data();
  const float* bp = bbuf.data();

  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  if (!fused) ep.act = 0;

  int threads = 1;
  if (!InParallel() && static_cast<double>(g.out_c) * cin * total * P > 1e6) threads = MaxThreads();
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;

  // The image the input transform reads: the input, or for kernels that ask (pads_input, channel_lanes) a
  // zero-padded copy holding every tile's patch (channel-packed for channel lanes).
  const int64_t ph = tiles_h * m + 2, pw = tiles_w * m + 2;
  const bool padded = k.pads_input || cl;
  const int64_t tin_h = padded ? ph : g.in_h, tin_w = padded ? pw : g.in_w;
  const int64_t tpad_top = padded ? 0 : g.pad_top, tpad_left = padded ? 0 : g.pad_left;
  thread_local std::vector<float> pbuf;
  auto image = [&](int64_t n) {
    const float* x = input + n * cin * in_hw;
    if (!padded) return x;
    if (pbuf.size() < static_cast<size_t>(ldk * ph * pw)) pbuf.resize(static_cast<size_t>(ldk * ph * pw));
    if (cl) PackImageChannels(k, x, cin, g.in_h, g.in_w, g.pad_top, g.pad_left, ph, pw, pbuf.data(), threads);
    else PadImage(x, cin, g.in_h, g.in_w, g.pad_top, g.pad_left, ph, pw, pbuf.data(), threads);
    return static_cast<const float*>(pbuf.data());
  };

  // The three steps' arguments for tiles [t0, t0 + nt) of one image in buffers vb / mb (ldv floats per
  // position row): input channels [c0, c1), filter panels [p, p + np) of one position, tiles [ta, tb).
  auto in_args = [&](const float* x, int64_t t0, int64_t nt, int64_t c0, int64_t c1, float* vb, int64_t ldv) {
    WinoInArgs ia;
    ia.input = x, ia.in_c = cin, ia.in_h = tin_h, ia.in_w = tin_w, ia.pad_top = tpad_top, ia.pad_left = tpad_left;
    ia.tiles_w = tiles_w, ia.t0 = t0, ia.nt = nt, ia.c0 = c0, ia.c1 = c1, ia.v = vb, ia.ldv = ldv, ia.ldk = ldk;
    return ia;
  };
  auto gemm_args = [&](const float* vb, float* mb, int64_t ldv, int64_t nt, int64_t pos, int64_t p, int64_t np) {
    WinoGemmArgs ga;
    ga.v = vb + pos * ldk * ldv, ga.ldv = cl ? ldk : ldv, ga.live = nt, ga.K = cin;
    ga.u = packed + (pos * panels + p) * cin * kWinoNB, ga.panels = np;
    ga.m = mb + pos * ldv * ldm + p * kWinoNB, ga.ldm = ldm;
    return ga;
  };
  // Channel lanes: the output transform writes whole tiles to a channel-packed image, unpacked per image.
  const int64_t oh_p = tiles_h * m, ow_p = tiles_w * m;
  thread_local std::vector<float> obuf;
  if (cl && obuf.size() < static_cast<size_t>(RoundUp(g.out_c, cl) * oh_p * ow_p))
    obuf.resize(static_cast<size_t>(RoundUp(g.out_c, cl) * oh_p * ow_p));
  float* packed_out = cl ? obuf.data() : nullptr;
  auto out_image = [&](float* y) { return cl ? packed_out : y; };
  auto finish_image = [&](float* y) {
    if (cl) UnpackImageChannels(k, packed_out, g.out_c, oh_p, ow_p, g.out_h, g.out_w, y, threads);
  };
  auto out_args = [&](float* mb, int64_t ldv, float* y, int64_t t0, int64_t ta, int64_t tb) {
    WinoOutArgs oa;
    oa.m = mb, oa.ldv = ldv, oa.ldm = ldm, oa.output = y, oa.out_c = g.out_c;
    oa.out_h = cl ? oh_p : g.out_h, oa.out_w = cl ? ow_p : g.out_w;  // channel lanes: whole tiles
    oa.tiles_w = tiles_w, oa.t0 = t0, oa.ta = ta, oa.tb = tb, oa.bias = bp, oa.ep = ep;
    return oa;
  };

  // One block of tiles [t0, t0 + nt) through the three steps, in buffers vb / mb, by the calling thread alone.
  auto serial_block = [&](const float* x, float* y, int64_t t0, int64_t nt, float* vb, float* mb) {
    const int64_t ldv = RoundUp(RoundUp(nt, kWinoMR), 16);
    input_fn(in_args(x, t0, nt, 0, cin, vb, ldv));
    for (int64_t pos = 0; pos < P; ++pos) k.gemm(gemm_args(vb, mb, ldv, nt, pos, 0, panels));
    output_fn(out_args(mb, ldv, y, t0, 0, nt));
  };

  // Many tiles: each thread takes its own share of the tiles, in blocks of its own, start to end (no barrier,
  // the block stays in its core's cache; measured 1.2-1.4x faster on 2 threads at 56x56 x 64 channels). Few
  // tiles (deep layers): the threads share every block, split over channels, positions x panels and tiles, so
  // each reads only its part of the large transformed filter.
  if (threads > 1 && total >= threads * kTilesPerThread && P * cin * ldm <= kOwnTilesMaxFilterFloats) {
    const int64_t share = (total + threads - 1) / threads;
    const int64_t nb = (share + max_t - 1) / max_t, per = (share + nb - 1) / nb;
    const int64_t ldv_t = RoundUp(RoundUp(per, kWinoMR), 16);
    for (int64_t n = 0; n < g.batch; ++n) {
      const float* x = image(n);
      float* y = out_image(output + n * g.out_c * out_hw);
      ParallelFor(threads, threads, [&](int64_t t) {
        thread_local std::vector<float> tv, tm;
        const size_t tvsize = static_cast<size_t>(P * ldk * ldv_t + kWinoVSlack);
        if (tv.size() < tvsize) tv.resize(tvsize);
        if (tm.size() < static_cast<size_t>(P * ldv_t * ldm)) tm.resize(static_cast<size_t>(P * ldv_t * ldm));
        const int64_t end = std::min(total, (t + 1) * share);
        for (int64_t t0 = t * share; t0 < end; t0 += per)
          serial_block(x, y, t0, std::min(per, end - t0), tv.data(), tm.data());
      });
      finish_image(output + n * g.out_c * out_hw);
    }
    return fused;
  }

  // Input channels per input-transform work item and tiles per output-transform work item.
  // (Channel lanes: whole vectors of channels.)
  int64_t cchunk = std::max<int64_t>(1, cin / (4 * threads));
  if (cl) cchunk = RoundUp(cchunk, cl);
  for (int64_t n = 0; n < g.batch; ++n) {
    const float* x = image(n);
    float* y = out_image(output + n * g.out_c * out_hw);
    if (threads == 1) {
      for (int64_t b = 0; b < nblocks; ++b)
        serial_block(x, y, b * per_block, std::min(per_block, total - b * per_block), v, mm);
      finish_image(output + n * g.out_c * out_hw);
      continue;
    }
    for (int64_t b = 0; b < nblocks; ++b) {
      const int64_t t0 = b * per_block, nt = std::min(per_block, total - t0);
      const int64_t ldv = RoundUp(RoundUp(nt, kWinoMR), 16);
      const int64_t nck = (cin + cchunk - 1) / cchunk;
      ParallelFor(nck, threads, [&](int64_t ck) {
        input_fn(in_args(x, t0, nt, ck * cchunk, std::min(cin, (ck + 1) * cchunk), v, ldv));
      });
      ParallelFor(P * panels, threads,
                  [&](int64_t u) { k.gemm(gemm_args(v, mm, ldv, nt, u / panels, u % panels, 1)); });
      const int64_t tchunk = std::max<int64_t>(1, nt / (4 * threads));
      const int64_t ntc = (nt + tchunk - 1) / tchunk;
      ParallelFor(ntc, threads, [&](int64_t tc) {
        output_fn(out_args(mm, ldv, y, t0, tc * tchunk, std::min(nt, (tc + 1) * tchunk)));
      });
    }
    finish_image(output + n * g.out_c * out_hw);
  }
  return fused;
}

}  // namespace simd
}  // namespace ember
