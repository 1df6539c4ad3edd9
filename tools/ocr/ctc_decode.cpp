#include "ctc_decode.h"

#include <fstream>
#include <iterator>

namespace ember {
namespace ocr {

Status LoadDictionary(const std::string& path, std::vector<std::string>* classes) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return NotFound("OCR dictionary ", path, " not found");
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  classes->assign(1, std::string());  // blank
  size_t pos = 0;
  while (pos < all.size()) {
    size_t nl = all.find('\n', pos);
    std::string line = all.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    classes->push_back(line);
    if (nl == std::string::npos) break;
    pos = nl + 1;
  }
  if (classes->size() == 1) return ParseError("OCR dictionary ", path, " is empty");
  classes->push_back(" ");
  return Status::OK();
}

CtcText CtcGreedyDecode(const float* probs, int steps, int num_classes, const std::vector<std::string>& classes) {
  CtcText r;
  int prev = -1, kept = 0;
  double sum = 0;
  for (int t = 0; t < steps; ++t) {
    const float* p = probs + static_cast<size_t>(t) * num_classes;
    int best = 0;
    for (int c = 1; c < num_classes; ++c)
      if (p[c] > p[best]) best = c;
    if (best != 0 && best != prev && best < static_cast<int>(classes.size())) {
      r.text += classes[static_cast<size_t>(best)];
      sum += p[best];
      ++kept;
    }
    prev = best;
  }
  r.score = kept ? static_cast<float>(sum / kept) : 0.f;
  return r;
}

}  // namespace ocr
}  // namespace ember
