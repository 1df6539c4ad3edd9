// Reading whole files, for every model format's loader and the tools.
#pragma once

#include <cstdint>
#include <string>

#include "framework/status.h"

namespace ember {

// Reads a whole file (NotFound when it cannot be opened, InvalidArgument for a folder).
Status ReadFileToString(const std::string& path, std::string* out);
// Reads bytes [offset, offset + length) of a regular file (length -1: to its end); InvalidArgument when the range
// is past the end.
Status ReadFileRange(const std::string& path, int64_t offset, int64_t length, std::string* out);

}  // namespace ember
