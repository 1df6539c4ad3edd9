#include "cli.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace ember {
namespace cli {

namespace {

// NAME=VALUE with a non-empty NAME.
bool SplitNameValue(const std::string& arg, std::string* name, std::string* value) {
  const size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  *name = arg.substr(0, eq);
  *value = arg.substr(eq + 1);
  return true;
}

// "d0,d1,..." with every dim an integer >= min_dim.
bool ParseDims(const std::string& s, int64_t min_dim, std::vector<int64_t>* dims) {
  dims->clear();
  size_t p = 0;
  while (true) {
    const size_t c = s.find(',', p);
    const std::string tok = s.substr(p, c == std::string::npos ? std::string::npos : c - p);
    char* end = nullptr;
    const long long d = std::strtoll(tok.c_str(), &end, 10);
    if (tok.empty() || *end || d < min_dim) return false;
    dims->push_back(d);
    if (c == std::string::npos) return true;
    p = c + 1;
  }
}

Progress* g_shown = nullptr;  // the progress line on the terminal now, if any

}  // namespace

CLI::Option* AddShapeOption(CLI::App* app, Shapes* shapes, int64_t min_dim, const std::string& help) {
  auto parse = [shapes, min_dim](const std::vector<std::string>& values) {
    for (const std::string& v : values) {
      std::string name, dims_text;
      std::vector<int64_t> dims;
      if (!SplitNameValue(v, &name, &dims_text) || !ParseDims(dims_text, min_dim, &dims))
        throw CLI::ValidationError("--shape", "wants NAME=d0,d1,... with integer dims >= " + std::to_string(min_dim) +
                                                  ", got '" + v + "'");
      (*shapes)[name] = dims;
    }
  };
  return app->add_option_function<std::vector<std::string>>("--shape", parse, help)
      ->type_name("NAME=d0,d1,...")
      ->allow_extra_args(false)  // one value per --shape: a MODEL after it stays a MODEL
      ->take_all();
}

CLI::Option* AddNamedFileOption(CLI::App* app, const std::string& flag, NamedFiles* out, const std::string& help) {
  auto parse = [flag, out](const std::vector<std::string>& values) {
    for (const std::string& v : values) {
      std::string name, file;
      if (!SplitNameValue(v, &name, &file)) throw CLI::ValidationError(flag, "wants NAME=FILE, got '" + v + "'");
      out->emplace_back(name, file);
    }
  };
  return app->add_option_function<std::vector<std::string>>(flag, parse, help)
      ->type_name("NAME=FILE")
      ->allow_extra_args(false)
      ->take_all();
}

CLI::Validator IntRange(int64_t lo, int64_t hi) {
  auto check = [lo, hi](std::string& v) -> std::string {
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < lo || n > hi)
      return "wants an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" + v + "'";
    return "";
  };
  return CLI::Validator(check, "", "IntRange");
}

int Fail(const std::string& msg, const std::string& sub) {
  ClearProgress();
  std::cerr << "ember" << (sub.empty() ? "" : " " + sub) << ": error: " << msg << "\n";
  return 1;
}

std::string CommandLine(int argc, char** argv) {
  std::string cmd = "ember";
  for (int i = 1; i < argc; ++i) cmd += std::string(" ") + argv[i];
  return cmd;
}

Progress::Progress(std::string what, size_t total)
    : what_(std::move(what)), total_(total), tty_(isatty(STDERR_FILENO) == 1) {}

void Progress::Step(size_t i, const std::string& item) {
  if (!tty_) return;
  std::fflush(stdout);  // results printed so far stay above the progress line
  std::fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", i, total_, what_.c_str(), item.c_str());
  std::fflush(stderr);
  shown_ = true;
  g_shown = this;
}

void Progress::Clear() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
  if (g_shown == this) g_shown = nullptr;
}

void ClearProgress() {
  if (g_shown) g_shown->Clear();
}

void AddFp16WeightsFlag(CLI::App* app, bool* on) {
  app->add_flag("--vulkan-fp16-weights", *on,
                "vulkan: weights stored on the GPU as halves (half their memory; outputs move by ~1e-3 of their range)");
}

void AddFp16ActivationsFlag(CLI::App* app, bool* on) {
  app->add_flag("--vulkan-fp16-activations", *on,
                "vulkan: activations stored on the GPU as halves (half their memory; outputs move by ~1e-3 of their "
                "range)");
}

}  // namespace cli
}  // namespace ember
