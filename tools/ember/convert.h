// `ember convert IN OUT_DIR`: any model Ember loads (Paddle, ONNX, ncnn) written as a Paddle inference model
// (OUT_DIR/model.pdmodel + model.pdiparams) that the Paddle loader reads back (see io/paddle/paddle_writer.h).
#pragma once

#include "cli.h"

ember::cli::Command AddConvertCommand(CLI::App* app);  // registers `ember convert`
