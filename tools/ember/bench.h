// `ember bench`: load time, first-run time, median/min/max latency, GFLOP/s and % of the machine's
// measured FMA limit, per-op profile, and the SGEMM / FMA figures of each ISA variant (see bench.cpp).
#pragma once

#include "cli.h"

ember::cli::Command AddBenchCommand(CLI::App* app);  // registers `ember bench`
