// The ember tool's command line on CLI11: each subcommand's file registers its options on a CLI11 subcommand
// and says what runs once they are parsed (main.cpp parses and dispatches); the option types several
// subcommands share; a progress line for long work.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace ember {
namespace cli {

// A subcommand and what runs once CLI11 has filled its options; run returns the exit code.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

using Shapes = std::map<std::string, std::vector<int64_t>>;
using NamedFiles = std::vector<std::pair<std::string, std::string>>;

// Repeatable --shape NAME=d0,d1,... (each dim >= min_dim) into `shapes`; a later NAME replaces an earlier one.
CLI::Option* AddShapeOption(CLI::App* app, Shapes* shapes, int64_t min_dim, const std::string& help);
// Repeatable `flag` NAME=FILE, in the order given.
CLI::Option* AddNamedFileOption(CLI::App* app, const std::string& flag, NamedFiles* out, const std::string& help);

// --vulkan-fp16-weights (PredictorOptions::vulkan_fp16_weights) for run, bench and inspect.
void AddFp16WeightsFlag(CLI::App* app, bool* on);
// --vulkan-fp16-activations (PredictorOptions::vulkan_fp16_activations), likewise.
void AddFp16ActivationsFlag(CLI::App* app, bool* on);

// An integer in [lo, hi], checked before CLI11 converts it; the help shows the option's type name alone.
CLI::Validator IntRange(int64_t lo, int64_t hi);

// "ember: error: MSG" (or "ember SUB: error: MSG") on stderr after clearing any progress line; returns 1.
int Fail(const std::string& msg, const std::string& sub = "");

// The command line as typed, "ember ARG...".
std::string CommandLine(int argc, char** argv);

// "[i/n] WHAT ITEM" on one rewritten stderr line while long work runs, only when stderr is a terminal:
// piped or logged output holds the results alone. Clear() before printing a result to stdout; ClearProgress()
// before an error message.
class Progress {
 public:
  Progress(std::string what, size_t total);
  ~Progress() { Clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  void Step(size_t i, const std::string& item);  // i counts from 1
  void Clear();

 private:
  friend void ClearProgress();
  std::string what_;
  size_t total_;
  bool tty_;
  bool shown_ = false;
};

void ClearProgress();

}  // namespace cli
}  // namespace ember
