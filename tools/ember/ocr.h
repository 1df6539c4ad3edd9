// `ember ocr`: text detection + recognition with PaddleOCR's PP-OCRv4 models (see tools/ocr/).
#pragma once

int OcrMain(int argc, char** argv);  // argv[1] == "ocr"
