// `ember ocr`: text detection + recognition with PaddleOCR's PP-OCRv4 models (see tools/ocr/).
#pragma once

#include "cli.h"

ember::cli::Command AddOcrCommand(CLI::App* app);  // registers `ember ocr`
