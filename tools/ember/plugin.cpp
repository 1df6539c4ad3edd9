#include "plugin.h"

#include <dlfcn.h>

#include <vector>

#include "io/ember_c.h"

namespace ember {
namespace cli {

namespace {

std::string DlError() {
  const char* e = dlerror();
  return e ? e : "unknown dlerror";
}

// The init's C API error, when it left one: says why a registration failed.
std::string LastEmberError() {
  const std::string e = ember_last_error();
  return e.empty() ? "" : " (last Ember error: " + e + ")";
}

}  // namespace

CLI::Option* AddPluginOption(CLI::App* app) {
  return app->add_option("--plugin", "load LIB.so first; its ember_plugin_init registers custom ops (repeatable)")
      ->type_name("LIB.so")
      ->allow_extra_args(false)  // one library per --plugin: a MODEL after it stays a MODEL
      ->take_all();
}

Status LoadPlugin(const std::string& path) {
  // A name without a slash would be searched for in the library path; a file in the current folder is meant.
  const std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  dlerror();
  // RTLD_NOW: a symbol the plugin needs and the tool does not export fails here, not mid-run.
  void* lib = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) return NotFound("plugin ", path, ": cannot load it: ", DlError());
  // Never dlclose()d: the ops it registers call into it for the rest of the process.
  dlerror();
  void* sym = dlsym(lib, EMBER_PLUGIN_INIT_NAME);
  if (!sym)
    return InvalidArgument("plugin ", path, ": has no ", EMBER_PLUGIN_INIT_NAME, "() (", DlError(),
                           "): a plugin defines int ember_plugin_init(void) (src/io/ember_c.h)");
  int rc = 0;
  try {
    rc = reinterpret_cast<ember_plugin_init_fn>(sym)();
  } catch (...) {  // a C++ plugin's exception must not end the tool
    return Internal("plugin ", path, ": ", EMBER_PLUGIN_INIT_NAME, "() threw an exception");
  }
  if (rc != 0)
    return Internal("plugin ", path, ": ", EMBER_PLUGIN_INIT_NAME, "() failed, returning ", rc, LastEmberError());
  return Status::OK();
}

Status LoadPlugins(const CLI::App& app) {
  const CLI::Option* opt = app.get_option_no_throw("--plugin");
  if (!opt) return Status::OK();
  for (const std::string& path : opt->results()) EMBER_RETURN_IF_ERROR(LoadPlugin(path));
  return Status::OK();
}

}  // namespace cli
}  // namespace ember
