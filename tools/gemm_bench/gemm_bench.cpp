// ember_gemm_bench: times SGEMM on given M x N x K shapes (the ones a network's 1x1 convolutions make) two ways,
// interleaved rep by rep: the instruction-set folder's SGEMM at the active level (kernel/cpu_accel.h's sgemm
// entry: x86 AVX2 / AVX-512, ARM NEON; A packed per call, as fc and matmul run it) and the same product written
// plainly (PortableSgemm, central-arm-func/gemm_func.h: a blocked loop the compiler vectorizes as it can).
// Prints each one's median ms and GFLOP/s, their ratio, and the share of the machine's FMA limit measured in
// the same run. Under qemu (tools/arm_bench.sh --gemm) the figures count instructions, not a phone's speed:
// they judge a kernel change, not a device.
//
//   ember_gemm_bench [--threads T] [--reps R] [--isa LEVEL] [--int8] [MxNxK ...]
//
// Default shapes: mobilenet_yolo's and mobilenet's 1x1 convolutions (Cout x H*W x Cin).
//
// --int8 times the int8 GEMM instead (cpu_accel.h's igemm entry: C int32 = A uint8 x B int8, B packed once
// before timing as a weight is, A filled per call) against the SGEMM at the same level on the same shapes:
// GOPS (a multiply-add counting 2) beside GFLOP/s.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/cpu_accel.h"

using namespace ember;

namespace {

struct Args {
  int threads = 1, reps = 15;
  bool int8 = false;
  std::string isa;
  std::vector<std::string> shapes;
};

bool ParseArgs(int argc, char** argv, Args* a) {
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    if (s == "--threads" && i + 1 < argc) a->threads = std::max(1, std::atoi(argv[++i]));
    else if (s == "--reps" && i + 1 < argc) a->reps = std::max(1, std::atoi(argv[++i]));
    else if (s == "--isa" && i + 1 < argc) a->isa = argv[++i];
    else if (s == "--int8") a->int8 = true;
    else if (!s.empty() && s[0] == '-') return false;
    else a->shapes.push_back(s);
  }
  if (a->shapes.empty())
    a->shapes = {"64x43264x32", "128x10816x128", "256x2704x256", "512x676x512", "1024x676x512", "125x676x1024",
                 "1024x169x1024", "512x196x512", "1024x49x1024"};
  return true;
}

// Lowers the active level to the one named `name` (none named: the detected level stays). False: no such level.
bool SetLevel(const IsaAccel& isa, const std::string& name) {
  if (name.empty()) return true;
  for (int level = isa.detected(); level >= 0; --level) {
    const std::string full = isa.name(level);  // "avx2+fma", "neon+dotprod": the part before '+' also names it
    if (name == full || name == full.substr(0, full.find('+'))) return isa.set_active(level) == level;
  }
  return false;
}

double Ms(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct RowsOfA {
  const uint8_t* a;
  int64_t k;
};

void FillRows(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4) {
  const RowsOfA& s = *static_cast<const RowsOfA*>(ctx);
  for (int64_t i = 0; i < rows; ++i) {
    std::copy(s.a + (row0 + i) * s.k, s.a + (row0 + i + 1) * s.k, dst + i * k4);
    std::fill(dst + i * k4 + s.k, dst + (i + 1) * k4, uint8_t{0});
  }
}

// One shape of --int8: the SGEMM and the int8 GEMM interleaved rep by rep.
void Int8Row(const CpuAccelTable& accel, const std::string& s, long long M, long long N, long long K, int reps) {
  std::mt19937 rng(1);
  std::vector<float> A(M * K), B(K * N), C(M * N);
  std::vector<uint8_t> a(M * K);
  std::vector<int8_t> b(K * N);
  std::vector<int32_t> c(M * N);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint8_t>(rng()), A[i] = a[i] / 255.f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int8_t>(rng()), B[i] = b[i] / 128.f;
  Int8PackedB packed;
  accel.igemm->pack_b(b.data(), true, K, N, N, 1, &packed);
  const RowsOfA rows{a.data(), K};
  const int32_t za = 3, zb = -2;  // nonzero zero points: the corrections are timed too
  Int8GemmProblem p;
  p.m = M, p.fill_a = FillRows, p.a_ctx = &rows, p.a_zp = &za, p.b_zp = &zb, p.b = &packed;
  p.c = c.data(), p.c_row_stride = N, p.c_col_stride = 1;
  std::vector<double> f_ms, i_ms;
  for (int r = 0; r < reps + 1; ++r) {  // the first round warms up
    auto t0 = std::chrono::steady_clock::now();
    accel.sgemm(false, false, M, N, K, 1.f, A.data(), K, B.data(), N, 0.f, C.data(), N);
    const double t_f = Ms(t0);
    t0 = std::chrono::steady_clock::now();
    accel.igemm->run(p);
    const double t_i = Ms(t0);
    if (r > 0) f_ms.push_back(t_f), i_ms.push_back(t_i);
  }
  const double mf = Median(f_ms), mi = Median(i_ms), ops = 2.0 * M * N * K;
  std::printf("%-18s %10.3f %9.2f %10.3f %9.2f %7.2fx\n", s.c_str(), mf, ops / mf * 1e-6, mi, ops / mi * 1e-6,
              mf / mi);
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  if (!ParseArgs(argc, argv, &a)) {
    std::printf("usage: ember_gemm_bench [--threads T] [--reps R] [--isa LEVEL] [--int8] [MxNxK ...]\n");
    return 2;
  }
  const CpuAccelTable& accel = CpuAccel();
  if (!accel.sgemm || !accel.isa) {
    std::fprintf(stderr, "ember_gemm_bench: this build has no instruction-set SGEMM (portable kernels only)\n");
    return 2;
  }
  if (!SetLevel(*accel.isa, a.isa)) {
    std::fprintf(stderr, "ember_gemm_bench: no level '%s' here (%s)\n", a.isa.c_str(), accel.isa->lower_hint);
    return 2;
  }
  omp_set_num_threads(a.threads);
  SetMaxThreads(a.threads);
  const int level = accel.isa->active();
  if (a.int8 && !accel.igemm) {
    std::fprintf(stderr, "ember_gemm_bench: this build has no int8 GEMM\n");
    return 2;
  }
  if (a.int8)
    std::printf("isa %s, int8 %s, %d thread(s); median of %d, interleaved\n%-18s %10s %9s %10s %9s %8s\n",
                accel.isa->name(level), accel.igemm->name(), a.threads, a.reps, "MxNxK", "sgemm ms", "GFLOP/s",
                "int8 ms", "GOPS", "speedup");
  // 0: not measured (int8, or a net profile's build, which has no FMA loop)
  const double peak = a.int8 || !accel.isa->fma_peak_gflops ? 0 : accel.isa->fma_peak_gflops(level, a.threads);
  if (!a.int8)
    std::printf("isa %s, %d thread(s), FMA limit %.1f GFLOP/s; median of %d, interleaved\n", accel.isa->name(level),
              a.threads, peak, a.reps);
  if (!a.int8)
    std::printf("%-18s %10s %9s %6s %12s %9s %8s\n", "MxNxK", "isa ms", "GFLOP/s", "%lim", "plain ms", "GFLOP/s",
                "speedup");
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (const std::string& s : a.shapes) {
    long long M = 0, N = 0, K = 0;
    if (std::sscanf(s.c_str(), "%lldx%lldx%lld", &M, &N, &K) != 3 || M <= 0 || N <= 0 || K <= 0) {
      std::fprintf(stderr, "ember_gemm_bench: bad shape '%s' (want MxNxK)\n", s.c_str());
      return 2;
    }
    if (a.int8) {
      Int8Row(accel, s, M, N, K, a.reps);
      continue;
    }
    std::vector<float> A(M * K), B(K * N), C(M * N);
    for (float& v : A) v = dist(rng);
    for (float& v : B) v = dist(rng);
    std::vector<double> isa_ms, plain_ms;
    for (int r = 0; r < a.reps + 1; ++r) {  // the first round warms up
      auto t0 = std::chrono::steady_clock::now();
      accel.sgemm(false, false, M, N, K, 1.f, A.data(), K, B.data(), N, 0.f, C.data(), N);
      const double t_isa = Ms(t0);
      t0 = std::chrono::steady_clock::now();
      PortableSgemm(false, false, M, N, K, 1.f, A.data(), K, B.data(), N, 0.f, C.data(), N);
      const double t_plain = Ms(t0);
      if (r > 0) isa_ms.push_back(t_isa), plain_ms.push_back(t_plain);
    }
    const double mi = Median(isa_ms), mp = Median(plain_ms), flop = 2.0 * M * N * K;
    std::printf("%-18s %10.3f %9.2f %6.1f %12.3f %9.2f %7.2fx\n", s.c_str(), mi, flop / mi * 1e-6,
                peak > 0 ? 100.0 * flop / mi * 1e-6 / peak : 0.0, mp, flop / mp * 1e-6, mp / mi);
  }
  return 0;
}
