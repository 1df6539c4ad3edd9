// Reading and mapping files, for every model format's loader and the tools.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

// Reads a whole file (NotFound when it cannot be opened, InvalidArgument for a folder).
Status ReadFileToString(const std::string& path, std::string* out);
// Reads bytes [offset, offset + length) of a regular file (length -1: to its end); InvalidArgument when the range
// is past the end.
// Maps a regular file into memory (private copy-on-write pages; NotFound for anything else), for zero-copy
// weights. populate: all pages read in at once (for a file that is read through anyway).
Status MapFile(const std::string& path, std::shared_ptr<Allocation>* out, bool populate = false);
Status ReadFileRange(const std::string& path, int64_t offset, int64_t length, std::string* out);

}  // namespace ember
