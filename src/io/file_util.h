// Reading whole files, for every model format's loader and the tools.
#pragma once

#include <string>

#include "framework/status.h"

namespace ember {

// Reads a whole file (NotFound when it cannot be opened, InvalidArgument for a folder).
Status ReadFileToString(const std::string& path, std::string* out);

}  // namespace ember
