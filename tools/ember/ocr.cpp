// `ember ocr IMAGE` or `ember ocr --text "..."`: reads the text lines of an image (or of a line of text
// rendered with DejaVuSans) with the PP-OCRv4 detector and recognizer that tools/fetch_ocr_models.sh
// downloads, and prints them with timings.
#include "ocr.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <stb_image.h>
// stb is third-party code: its warnings are not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb_image_write.h>
#pragma GCC diagnostic pop

#include "../ocr/ocr_pipeline.h"
#include "../ocr/text_render.h"

using namespace ember;
using namespace ember::ocr;

namespace {

const char* kOcrUsage =
    "usage: ember ocr IMAGE | --text \"TEXT\" [options]\n"
    "  IMAGE                .png/.jpg/.bmp to read\n"
    "  --text TEXT          render TEXT in one line (black on white) and read it back\n"
    "  --font FILE          TrueType font for --text (default DejaVuSans, or $EMBER_OCR_FONT)\n"
    "  --font-size PX       pixels per em for --text (default 32)\n"
    "  --save FILE.png      write the image read (the rendered one for --text)\n"
    "  --models DIR         model folder (default ${EMBER_CACHE:-$HOME/.cache/ember}/ocr,\n"
    "                       filled by tools/fetch_ocr_models.sh)\n"
    "  --threads N          threads per network run (default 1)\n"
    "  --thresh T --box-thresh B --unclip-ratio R   DB post-processing (default 0.3, 0.6, 2.0)\n";

int OcrFail(const std::string& msg) {
  std::cerr << "ember ocr: error: " << msg << "\n";
  return 1;
}

bool ParseFloat(const std::string& s, float* v) {
  char* end = nullptr;
  *v = std::strtof(s.c_str(), &end);
  return !s.empty() && end && *end == '\0';
}

}  // namespace

int OcrMain(int argc, char** argv) {
  std::string image_path, text, font = DefaultFontPath(), save, models = DefaultModelDir();
  float font_size = 32;
  OcrOptions opt;
  bool have_text = false;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string* v) {
      if (i + 1 >= argc) return false;
      *v = argv[++i];
      return true;
    };
    std::string v;
    float f = 0;
    if (arg == "-h" || arg == "--help") {
      std::cout << kOcrUsage;
      return 0;
    } else if (arg == "--text") {
      if (!value(&text)) return OcrFail("--text needs a value");
      have_text = true;
    } else if (arg == "--font") {
      if (!value(&font)) return OcrFail("--font needs a file");
    } else if (arg == "--save") {
      if (!value(&save)) return OcrFail("--save needs a file");
    } else if (arg == "--models") {
      if (!value(&models)) return OcrFail("--models needs a folder");
    } else if (arg == "--font-size" || arg == "--threads" || arg == "--thresh" || arg == "--box-thresh" ||
               arg == "--unclip-ratio") {
      if (!value(&v) || !ParseFloat(v, &f)) return OcrFail(arg + " needs a number");
      if (arg == "--font-size") font_size = f;
      if (arg == "--threads") {
        if (f < 1 || f > 256 || f != static_cast<int>(f)) return OcrFail("--threads must be 1..256");
        opt.threads = static_cast<int>(f);
      }
      if (arg == "--thresh") opt.db.thresh = f;
      if (arg == "--box-thresh") opt.db.box_thresh = f;
      if (arg == "--unclip-ratio") {
        if (!(f > 0 && f <= 10)) return OcrFail("--unclip-ratio must be in (0, 10]");
        opt.db.unclip_ratio = f;
      }
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << kOcrUsage;
      return OcrFail("unknown option " + arg);
    } else if (image_path.empty()) {
      image_path = arg;
    } else {
      return OcrFail("more than one image given");
    }
  }
  if (have_text == !image_path.empty()) {
    std::cerr << kOcrUsage;
    return OcrFail("give either an IMAGE or --text");
  }

  Image image;
  if (have_text) {
    Status s = RenderTextLine(text, font, font_size, 24, &image);
    if (!s.ok()) return OcrFail(s.message());
    std::printf("image: \"%s\" rendered with %s at %g px/em -> %d x %d\n", text.c_str(), font.c_str(), font_size,
                image.width, image.height);
  } else {
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(image_path.c_str(), &w, &h, &n, 3);
    if (!px) return OcrFail("cannot read image " + image_path + ": " + stbi_failure_reason());
    image.width = w;
    image.height = h;
    image.channels = 3;
    image.pixels.assign(px, px + static_cast<size_t>(w) * h * 3);
    stbi_image_free(px);
    std::printf("image: %s, %d x %d\n", image_path.c_str(), w, h);
  }
  if (!save.empty() &&
      !stbi_write_png(save.c_str(), image.width, image.height, image.channels, image.pixels.data(),
                      image.width * image.channels))
    return OcrFail("cannot write " + save);

  std::unique_ptr<OcrEngine> engine;
  Status s = OcrEngine::Load(models, opt, &engine);
  if (!s.ok()) return OcrFail(s.message());
  std::printf("models: %s (loaded in %.1f ms)\n", models.c_str(), engine->load_ms());
  std::vector<OcrLine> lines;
  OcrTimings t;
  if (!(s = engine->Run(image, &lines, &t)).ok()) return OcrFail(s.message());
  std::printf("detection: %d x %d input, %.1f ms + DB post-processing %.2f ms, %zu line(s) kept\n", t.det_width,
              t.det_height, t.det_ms, t.db_ms, lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    const OcrLine& l = lines[i];
    std::printf("  line %zu: \"%s\"  score %.3f  box (%.0f,%.0f)-(%.0f,%.0f)  recognition %d x 48 in %.1f ms\n",
                i + 1, l.text.c_str(), l.score, l.box.p[0].x, l.box.p[0].y, l.box.p[2].x, l.box.p[2].y, l.rec_width,
                l.rec_ms);
  }
  std::printf("total %.1f ms (detection %.1f, recognition %.1f; %d thread%s)\n", t.total_ms, t.det_ms + t.db_ms,
              t.rec_ms, opt.threads, opt.threads > 1 ? "s" : "");
  std::printf("text:");
  for (const OcrLine& l : lines) std::printf(" %s", l.text.c_str());
  std::printf("\n");
  return 0;
}
