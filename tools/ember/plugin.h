// --plugin LIB.so: shared libraries the ember tool loads before a subcommand loads models, so models with
// custom ops run from the command line. Each library's ember_plugin_init (src/io/ember_c.h) registers its ops.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "framework/status.h"

namespace ember {
namespace cli {

// The repeatable --plugin LIB.so of a subcommand that loads models.
CLI::Option* AddPluginOption(CLI::App* app);

// dlopen()s `path` and calls its ember_plugin_init. An error names the file: it cannot be loaded (dlerror()),
// has no ember_plugin_init, or the init returned non-zero (or threw).
Status LoadPlugin(const std::string& path);

// Loads the --plugin libraries given to `app`, in order (none when it has no --plugin); stops at the first error.
Status LoadPlugins(const CLI::App& app);

}  // namespace cli
}  // namespace ember
