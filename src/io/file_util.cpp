#include "io/file_util.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace ember {

Status ReadFileToString(const std::string& path, std::string* out) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return InvalidArgument("file ", path, " is a folder");
  std::ifstream f(path, std::ios::binary);
  if (!f) return NotFound("cannot open file ", path);
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) return NotFound("cannot read file ", path);
  *out = ss.str();
  return Status::OK();
}

}  // namespace ember
