// `ember bench`: latency, GFLOP/s and per-op profile (see bench.cpp).
#pragma once

int BenchMain(int argc, char** argv);  // argv[1] == "bench"
