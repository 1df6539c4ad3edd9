// `ember ocr IMAGE` or `ember ocr --text "..."`: reads the text lines of an image (or of a line of text
// rendered with DejaVuSans) with the PP-OCRv4 detector and recognizer that tools/fetch_ocr_models.sh
// downloads, and prints them with timings, or as JSON (--json), or draws them on the image (--draw).
#include "ocr.h"

#include <cstdio>
#include <iostream>
#include <memory>
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
#include "ocr_draw.h"

using namespace ember;
using namespace ember::ocr;

namespace {

const char* kOcrFooter =
    "Reads the text lines of IMAGE (.png/.jpg/.bmp), or of TEXT rendered in one line (black on white), with the\n"
    "PP-OCRv4 detector and recognizer that tools/fetch_ocr_models.sh downloads. --json prints one JSON object:\n"
    "image size, per line its text, score and box (four corners clockwise from the top-left, in the input\n"
    "image's pixels), and the timings in ms.\n";

struct OcrArgs {
  std::string image_path, text, font = DefaultFontPath(), save, draw, models = DefaultModelDir();
  float font_size = 32;
  bool json = false;
  OcrOptions opt;
};

int OcrFail(const std::string& msg) {
  std::cerr << "ember ocr: error: " << msg << "\n";
  return 1;
}

// `s` as a JSON string: quotes, backslashes and control characters escaped; UTF-8 passes through.
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void PrintJson(const Image& image, const std::string& source, const std::vector<OcrLine>& lines, const OcrTimings& t,
               double load_ms, int threads) {
  std::printf("{\"image\": {\"source\": %s, \"width\": %d, \"height\": %d},\n \"lines\": [", JsonString(source).c_str(),
              image.width, image.height);
  for (size_t i = 0; i < lines.size(); ++i) {
    const OcrLine& l = lines[i];
    std::printf("%s\n  {\"text\": %s, \"score\": %.4f, \"box\": [", i ? "," : "", JsonString(l.text).c_str(), l.score);
    for (int k = 0; k < 4; ++k) std::printf("%s[%.1f, %.1f]", k ? ", " : "", l.box.p[k].x, l.box.p[k].y);
    std::printf("], \"rec_ms\": %.2f}", l.rec_ms);
  }
  std::printf("%s],\n \"timings_ms\": {\"load\": %.2f, \"detection\": %.2f, \"db_postprocess\": %.2f, "
              "\"recognition\": %.2f, \"total\": %.2f},\n \"detector_input\": [%d, %d], \"threads\": %d}\n",
              lines.empty() ? "" : "\n ", load_ms, t.det_ms, t.db_ms, t.rec_ms, t.total_ms, t.det_width, t.det_height,
              threads);
}

void PrintText(const std::vector<OcrLine>& lines, const OcrTimings& t, int threads) {
  std::printf("detection: %d x %d input, %.1f ms + DB post-processing %.2f ms, %zu line(s) kept\n", t.det_width,
              t.det_height, t.det_ms, t.db_ms, lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    const OcrLine& l = lines[i];
    std::printf("  line %zu: \"%s\"  score %.3f  box (%.0f,%.0f)-(%.0f,%.0f)  recognition %d x 48 in %.1f ms\n",
                i + 1, l.text.c_str(), l.score, l.box.p[0].x, l.box.p[0].y, l.box.p[2].x, l.box.p[2].y, l.rec_width,
                l.rec_ms);
  }
  std::printf("total %.1f ms (detection %.1f, recognition %.1f; %d thread%s)\n", t.total_ms, t.det_ms + t.db_ms,
              t.rec_ms, threads, threads > 1 ? "s" : "");
  std::printf("text:");
  for (const OcrLine& l : lines) std::printf(" %s", l.text.c_str());
  std::printf("\n");
}

// The image to read: TEXT rendered, or IMAGE decoded to RGB. *note says which, for the text output.
Status LoadOcrImage(const OcrArgs& a, bool have_text, Image* image, std::string* note) {
  char buf[512];
  if (have_text) {
    EMBER_RETURN_IF_ERROR(RenderTextLine(a.text, a.font, a.font_size, 24, image));
    std::snprintf(buf, sizeof(buf), "image: \"%s\" rendered with %s at %g px/em -> %d x %d", a.text.c_str(),
                  a.font.c_str(), a.font_size, image->width, image->height);
    *note = buf;
    return Status::OK();
  }
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(a.image_path.c_str(), &w, &h, &n, 3);
  if (!px) return InvalidArgument("cannot read image ", a.image_path, ": ", stbi_failure_reason());
  image->width = w;
  image->height = h;
  image->channels = 3;
  image->pixels.assign(px, px + static_cast<size_t>(w) * h * 3);
  stbi_image_free(px);
  std::snprintf(buf, sizeof(buf), "image: %s, %d x %d", a.image_path.c_str(), w, h);
  *note = buf;
  return Status::OK();
}

bool WritePng(const std::string& path, const Image& im) {
  return stbi_write_png(path.c_str(), im.width, im.height, im.channels, im.pixels.data(), im.width * im.channels) != 0;
}

int RunOcr(const OcrArgs& a, bool have_text) {
  if (have_text == !a.image_path.empty()) return OcrFail("give either an IMAGE or --text");
  if (!(a.opt.db.unclip_ratio > 0 && a.opt.db.unclip_ratio <= 10)) return OcrFail("--unclip-ratio must be in (0, 10]");
  Image image;
  std::string note;
  Status s = LoadOcrImage(a, have_text, &image, &note);
  if (!s.ok()) return OcrFail(s.message());
  if (!a.json) std::printf("%s\n", note.c_str());
  if (!a.save.empty() && !WritePng(a.save, image)) return OcrFail("cannot write " + a.save);

  std::unique_ptr<OcrEngine> engine;
  if (!(s = OcrEngine::Load(a.models, a.opt, &engine)).ok()) return OcrFail(s.message());
  if (!a.json) std::printf("models: %s (loaded in %.1f ms)\n", a.models.c_str(), engine->load_ms());
  std::vector<OcrLine> lines;
  OcrTimings t;
  if (!(s = engine->Run(image, &lines, &t)).ok()) return OcrFail(s.message());
  if (a.json)
    PrintJson(image, have_text ? "text" : a.image_path, lines, t, engine->load_ms(), a.opt.threads);
  else
    PrintText(lines, t, a.opt.threads);
  if (a.draw.empty()) return 0;
  std::string warning;
  if (!WritePng(a.draw, DrawOcrLines(image, lines, a.font, &warning))) return OcrFail("cannot write " + a.draw);
  if (!warning.empty()) std::cerr << "ember ocr: warning: " << warning << "\n";
  if (!a.json) std::printf("drew %zu box(es) on %s\n", lines.size(), a.draw.c_str());
  return 0;
}

}  // namespace

cli::Command AddOcrCommand(CLI::App* app) {
  auto a = std::make_shared<OcrArgs>();
  CLI::App* sub = app->add_subcommand("ocr", "reads the text lines of an image (PP-OCRv4 detection + recognition)");
  sub->footer(kOcrFooter);
  sub->add_option("IMAGE", a->image_path, ".png/.jpg/.bmp to read")->type_name("");
  sub->add_option("--text", a->text, "render TEXT in one line (black on white) and read it back")->type_name("TEXT");
  sub->add_option("--font", a->font, "TrueType font for --text and --draw's labels (default DejaVuSans, or "
                                     "$EMBER_OCR_FONT)")->type_name("FILE");
  sub->add_option("--font-size", a->font_size, "pixels per em for --text (default 32)")
      ->type_name("PX");
  sub->add_option("--save", a->save, "write the image read (the rendered one for --text)")->type_name("FILE.png");
  sub->add_option("--draw", a->draw, "write the image with each line's box and text drawn on it")
      ->type_name("OUT.png");
  sub->add_flag("--json", a->json, "print one JSON object: lines (text, score, box corners in pixels), timings");
  sub->add_option("--models", a->models, "model folder (default ${EMBER_CACHE:-$HOME/.cache/ember}/ocr, filled by "
                                         "tools/fetch_ocr_models.sh)")->type_name("DIR");
  sub->add_option("--det-model", a->opt.det_model, "another detector (int8 from ember quantize, a slim model, ...)")
      ->type_name("MODEL");
  sub->add_option("--rec-model", a->opt.rec_model, "another recognizer")->type_name("MODEL");
  sub->add_option("--device", a->opt.device, "cpu (default) or vulkan: ops with a Vulkan kernel run on the GPU")
      ->type_name("D")->check(CLI::IsMember({"cpu", "vulkan"}));
  sub->add_option("--threads", a->opt.threads, "threads per network run (default 1)")
      ->type_name("N")->check(cli::IntRange(1, 256));
  sub->add_option("--thresh", a->opt.db.thresh, "DB binarization threshold (default 0.3)")->type_name("T");
  sub->add_option("--box-thresh", a->opt.db.box_thresh, "DB box score threshold (default 0.6)")->type_name("B");
  sub->add_option("--unclip-ratio", a->opt.db.unclip_ratio, "DB box expansion (default 2.0)")
      ->type_name("R");
  return {sub, [a, sub] { return RunOcr(*a, sub->count("--text") > 0); }};
}
