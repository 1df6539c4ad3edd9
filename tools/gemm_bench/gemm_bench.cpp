// ember_gemm_bench: times the x86 SGEMM driver (GemmPacked, A packed once as conv weights are) on given
// M x N x K shapes, the ones a network's 1x1 convolutions make, and prints median GFLOP/s and the share of
// the machine's FMA limit measured in the same run. Used to choose the driver's blocking (sgemm_x86.h).
//
//   ember_gemm_bench [--threads T] [--reps R] [--isa avx512|avx2|generic] [MxNxK ...]
//
// Default shapes: mobilenet_yolo's and mobilenet's 1x1 convolutions (Cout x H*W x Cin).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "operators/kernel/x86/fma_peak.h"
#include "operators/kernel/x86/sgemm_x86.h"

using namespace ember::x86;

int main(int argc, char** argv) {
  int threads = 1, reps = 15;
  Isa isa = DetectedIsa();
  std::vector<std::string> shapes;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (a == "--isa" && i + 1 < argc) {
      std::string v = argv[++i];
      isa = v == "avx512" ? Isa::kAvx512 : v == "avx2" ? Isa::kAvx2 : Isa::kGeneric;
    } else if (a == "-h" || a == "--help") {
      std::printf("usage: ember_gemm_bench [--threads T] [--reps R] [--isa avx512|avx2|generic] [MxNxK ...]\n");
      return 0;
    } else {
      shapes.push_back(a);
    }
  }
  if (shapes.empty())
    shapes = {"64x43264x32", "128x10816x128", "256x2704x256", "512x676x512", "1024x676x512", "125x676x1024",
              "1024x169x1024", "512x196x512", "1024x49x1024"};
  if (!IsaSupported(isa)) isa = DetectedIsa();
  omp_set_num_threads(threads);
  const double peak = MeasureFmaPeakGflops(isa, threads);
  std::printf("isa %s, %d thread(s), FMA limit %.1f GFLOP/s; median of %d\n", IsaName(isa), threads, peak, reps);
  std::printf("%-18s %10s %9s %6s\n", "MxNxK", "ms", "GFLOP/s", "%lim");
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (const std::string& s : shapes) {
    long long M = 0, N = 0, K = 0;
    if (std::sscanf(s.c_str(), "%lldx%lldx%lld", &M, &N, &K) != 3 || M <= 0 || N <= 0 || K <= 0) {
      std::fprintf(stderr, "ember_gemm_bench: bad shape '%s' (want MxNxK)\n", s.c_str());
      return 2;
    }
    std::vector<float> A(M * K), B(K * N), C(M * N), packed(PackedASize(M, K));
    for (float& v : A) v = dist(rng);
    for (float& v : B) v = dist(rng);
    PackA(false, M, K, A.data(), K, packed.data());
    GemmEpilogue ep;
    std::vector<double> ms;
    for (int r = 0; r < reps + 2; ++r) {  // 2 warm-up runs
      const auto t0 = std::chrono::steady_clock::now();
      GemmPacked(M, N, K, packed.data(), MatrixBSource(false, B.data(), N), C.data(), N, ep, isa);
      const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (r >= 2) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double med = ms[ms.size() / 2], gflops = 2.0 * M * N * K / med * 1e-6;
    std::printf("%-18s %10.3f %9.1f %6.1f\n", s.c_str(), med, gflops, 100.0 * gflops / peak);
  }
  return 0;
}
