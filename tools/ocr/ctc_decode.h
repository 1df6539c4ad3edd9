// The recognizer's character set and CTC greedy decoding (PaddleOCR's CTCLabelDecode with use_space_char).
#pragma once

#include <string>
#include <vector>

#include "framework/status.h"

namespace ember {
namespace ocr {

// Reads a PaddleOCR dictionary (one character per line; the last line may lack its newline) and returns
// the classes: index 0 the CTC blank (""), then every line, then " " (ppocr_keys_v1.txt: 6623 lines ->
// 6625 classes).
Status LoadDictionary(const std::string& path, std::vector<std::string>* classes);

struct CtcText {
  std::string text;
  float score = 0;  // mean probability of the characters kept (0 when none)
};

// probs: steps x classes (softmax output). Takes the best class per step, merges repeats, drops blanks.
CtcText CtcGreedyDecode(const float* probs, int steps, int num_classes, const std::vector<std::string>& classes);

}  // namespace ocr
}  // namespace ember
