// `ember quantize MODEL OUT_DIR --calib FILES`: post-training int8 quantization of a model's convolutions into
// a Paddle quantized inference model that Ember runs on its int8 kernels (see src/quantize/quantize_model.h).
#pragma once

#include "cli.h"

ember::cli::Command AddQuantizeCommand(CLI::App* app);  // registers `ember quantize`
