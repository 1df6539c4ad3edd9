#include "ocr_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>

namespace ember {
namespace ocr {

const char* const kDetModelFile = "ch_PP-OCRv4_det_infer.onnx";
const char* const kRecModelFile = "ch_PP-OCRv4_rec_infer.onnx";
const char* const kDictionaryFile = "ppocr_keys_v1.txt";

namespace {

double MsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Channel c (0 = B, 1 = G, 2 = R: PaddleOCR's models take OpenCV's BGR order) of pixel i.
inline uint8_t Bgr(const Image& im, size_t i, int c) {
  return im.channels == 1 ? im.pixels[i] : im.pixels[i * im.channels + (2 - c)];
}

Status LoadOne(const std::string& path, std::shared_ptr<const Model>* model, const OcrOptions& options,
               std::unique_ptr<Predictor>* pred, std::string* in, std::string* out) {
  if (!std::ifstream(path).good())
    return NotFound("OCR model ", path, " not found: run tools/fetch_ocr_models.sh (or pass --models DIR)");
  ModelOptions mo;
  if (options.device != "cpu") mo.disabled_passes.push_back("nchw16c_layout");  // the CPU's packed layout
  EMBER_RETURN_IF_ERROR(Model::Load(path, mo, model));
  PredictorOptions po;
  po.threads = options.threads;
  po.device = options.device;
  EMBER_RETURN_IF_ERROR(Predictor::Create(*model, po, pred));
  if ((*model)->FeedNames().size() != 1 || (*model)->FetchNames().size() != 1)
    return InvalidArgument("OCR model ", path, ": expected one input and one output");
  *in = (*model)->FeedNames()[0];
  *out = (*model)->FetchNames()[0];
  return Status::OK();
}

}  // namespace

std::string DefaultModelDir() {
  const char* cache = std::getenv("EMBER_CACHE");
  if (cache && *cache) return std::string(cache) + "/ocr";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/ember/ocr";
}

Status OcrEngine::Load(const std::string& model_dir, const OcrOptions& options, std::unique_ptr<OcrEngine>* out) {
  auto t0 = std::chrono::steady_clock::now();
  std::unique_ptr<OcrEngine> e(new OcrEngine());
  e->options_ = options;
  if (options.rec_height <= 0 || options.rec_min_width <= 0 || options.det_limit_side < 32 || options.threads < 1)
    return InvalidArgument("OCR options: bad sizes or thread count");
  const std::string det = options.det_model.empty() ? model_dir + "/" + kDetModelFile : options.det_model;
  const std::string rec = options.rec_model.empty() ? model_dir + "/" + kRecModelFile : options.rec_model;
  EMBER_RETURN_IF_ERROR(LoadOne(det, &e->det_model_, options, &e->det_, &e->det_in_, &e->det_out_));
  EMBER_RETURN_IF_ERROR(LoadOne(rec, &e->rec_model_, options, &e->rec_, &e->rec_in_, &e->rec_out_));
  EMBER_RETURN_IF_ERROR(LoadDictionary(model_dir + "/" + kDictionaryFile, &e->classes_));
  e->load_ms_ = MsSince(t0);
  *out = std::move(e);
  return Status::OK();
}

Status OcrEngine::Detect(const Image& image, std::vector<Quad>* boxes, OcrTimings* t) {
  if (image.width <= 0 || image.height <= 0 || (image.channels != 1 && image.channels != 3) ||
      image.pixels.size() != static_cast<size_t>(image.width) * image.height * image.channels)
    return InvalidArgument("OCR: the image must be non-empty gray or RGB");
  auto t0 = std::chrono::steady_clock::now();
  // Scale the longer side down to the limit, then round each side to a multiple of 32 (the feature
  // pyramid adds maps upsampled by 2 to maps strided by 2: other sizes do not line up).
  double ratio = std::min(1.0, static_cast<double>(options_.det_limit_side) / std::max(image.width, image.height));
  int h = std::max(32, static_cast<int>(std::lround(image.height * ratio / 32.0)) * 32);
  int w = std::max(32, static_cast<int>(std::lround(image.width * ratio / 32.0)) * 32);
  Image resized = ResizeBilinear(image, w, h);
  Tensor x(DataType::kFloat32, DDim{1, 3, h, w});
  float* d = x.mutable_data<float>();
  const float mean[3] = {0.485f, 0.456f, 0.406f}, stdv[3] = {0.229f, 0.224f, 0.225f};
  size_t plane = static_cast<size_t>(h) * w;
  for (int c = 0; c < 3; ++c)
    for (size_t i = 0; i < plane; ++i) d[c * plane + i] = (Bgr(resized, i, c) / 255.f - mean[c]) / stdv[c];
  EMBER_RETURN_IF_ERROR(det_->SetInput(det_in_, x));
  EMBER_RETURN_IF_ERROR(det_->Run());
  const Tensor* prob = nullptr;
  EMBER_RETURN_IF_ERROR(det_->GetOutput(det_out_, &prob));
  const DDim& pd = prob->dims();
  if (pd.size() != 4 || pd[0] != 1 || pd[1] != 1 || pd[2] != h || pd[3] != w || !prob->data<float>())
    return Internal("OCR detector output ", det_out_, " has shape ", pd.ToString(), ", expected [1,1,", h, ",", w,
                    "] float32");
  if (t) {
    t->det_width = w;
    t->det_height = h;
    t->det_ms = MsSince(t0);
  }
  auto t1 = std::chrono::steady_clock::now();
  *boxes = DbPostProcess(prob->data<float>(), h, w, image.height, image.width, options_.db);
  if (t) t->db_ms = MsSince(t1);
  return Status::OK();
}

Status OcrEngine::Recognize(const Image& line, CtcText* text, int* input_width) {
  if (line.width <= 0 || line.height <= 0) return InvalidArgument("OCR: empty text line image");
  const int H = options_.rec_height;
  // Keep the aspect ratio at height H; pad on the right to at least rec_min_width.
  double aspect = static_cast<double>(line.width) / line.height;
  int W = std::max(options_.rec_min_width, static_cast<int>(H * aspect));
  int rw = std::min(W, static_cast<int>(std::ceil(H * aspect)));
  Image resized = ResizeBilinear(line, rw, H);
  Tensor x(DataType::kFloat32, DDim{1, 3, H, W});
  float* d = x.mutable_data<float>();
  std::fill(d, d + static_cast<size_t>(3) * H * W, 0.f);
  for (int c = 0; c < 3; ++c)
    for (int y = 0; y < H; ++y)
      for (int xx = 0; xx < rw; ++xx)
        d[(static_cast<size_t>(c) * H + y) * W + xx] =
            (Bgr(resized, static_cast<size_t>(y) * rw + xx, c) / 255.f - 0.5f) / 0.5f;
  EMBER_RETURN_IF_ERROR(rec_->SetInput(rec_in_, x));
  EMBER_RETURN_IF_ERROR(rec_->Run());
  const Tensor* probs = nullptr;
  EMBER_RETURN_IF_ERROR(rec_->GetOutput(rec_out_, &probs));
  const DDim& pd = probs->dims();
  if (pd.size() != 3 || pd[0] != 1 || !probs->data<float>())
    return Internal("OCR recognizer output ", rec_out_, " has shape ", pd.ToString(), ", expected [1,T,classes]");
  if (pd[2] != static_cast<int64_t>(classes_.size()))
    return InvalidArgument("OCR recognizer has ", pd[2], " classes but the dictionary gives ", classes_.size(),
                           " (blank + entries + space)");
  *text = CtcGreedyDecode(probs->data<float>(), static_cast<int>(pd[1]), static_cast<int>(pd[2]), classes_);
  if (input_width) *input_width = W;
  return Status::OK();
}

Status OcrEngine::Run(const Image& image, std::vector<OcrLine>* lines, OcrTimings* timings) {
  auto t0 = std::chrono::steady_clock::now();
  OcrTimings t;
  std::vector<Quad> boxes;
  EMBER_RETURN_IF_ERROR(Detect(image, &boxes, &t));
  lines->clear();
  auto t1 = std::chrono::steady_clock::now();
  for (const Quad& q : boxes) {
    auto tl = std::chrono::steady_clock::now();
    auto dist = [](const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); };
    int cw = static_cast<int>(std::max(dist(q.p[0], q.p[1]), dist(q.p[2], q.p[3])));
    int ch = static_cast<int>(std::max(dist(q.p[0], q.p[3]), dist(q.p[1], q.p[2])));
    Image crop;
    if (!WarpQuad(image, q.p, cw, ch, &crop)) continue;
    if (static_cast<double>(crop.height) / crop.width >= 1.5) crop = Rotate90(crop);  // vertical line
    OcrLine line;
    line.box = q;
    CtcText text;
    EMBER_RETURN_IF_ERROR(Recognize(crop, &text, &line.rec_width));
    line.text = text.text;
    line.score = text.score;
    line.rec_ms = MsSince(tl);
    if (line.score >= options_.drop_score) lines->push_back(line);
  }
  t.rec_ms = MsSince(t1);
  t.total_ms = MsSince(t0);
  if (timings) *timings = t;
  return Status::OK();
}

}  // namespace ocr
}  // namespace ember
