#include "io/file_util.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace ember {

namespace {

// The size of a regular file, or -1 (a pipe or a device is read to its end instead).
int64_t RegularFileSize(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<int64_t>(st.st_size) : -1;
}

}  // namespace

// A regular file is read straight into a string of its size: through a stringstream, a 100 MB model was copied
// three times more (the stream's growth and str()), each copy faulting in fresh pages.
Status ReadFileToString(const std::string& path, std::string* out) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return InvalidArgument("file ", path, " is a folder");
  std::ifstream f(path, std::ios::binary);
  if (!f) return NotFound("cannot open file ", path);
  const int64_t size = RegularFileSize(path);
  if (size >= 0) {
    out->resize(static_cast<size_t>(size));
    if (size > 0 && !f.read(&(*out)[0], static_cast<std::streamsize>(size)))
      return NotFound("cannot read file ", path);
    return Status::OK();
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) return NotFound("cannot read file ", path);
  *out = ss.str();
  return Status::OK();
}

Status MapFile(const std::string& path, std::shared_ptr<Allocation>* out, bool populate) {
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return NotFound("cannot open file ", path);
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return NotFound("cannot read file ", path);
  }
  const size_t size = static_cast<size_t>(st.st_size);
  const int flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0);
  void* p = size ? mmap(nullptr, size, PROT_READ | PROT_WRITE, flags, fd, 0) : nullptr;
  close(fd);
  if (size && p == MAP_FAILED) return NotFound("cannot map file ", path);
  *out = std::make_shared<Allocation>(p, size, [](void* ptr, size_t n) {
    if (ptr) munmap(ptr, n);
  });
  (*out)->set_file_pages();
  return Status::OK();
}

Status ReadFileRange(const std::string& path, int64_t offset, int64_t length, std::string* out) {
  const int64_t size = RegularFileSize(path);
  std::ifstream f(path, std::ios::binary);
  if (size < 0 || !f) return NotFound("cannot open file ", path);
  if (offset < 0 || offset > size) return InvalidArgument("offset ", offset, " is past the end of ", path);
  if (length < 0) length = size - offset;
  if (length > size - offset)
    return InvalidArgument("[", offset, ", ", offset + length, ") is past the end of ", path, " (", size, " bytes)");
  out->resize(static_cast<size_t>(length));
  f.seekg(static_cast<std::streamoff>(offset));
  if (length > 0 && !f.read(&(*out)[0], static_cast<std::streamsize>(length)))
    return NotFound("cannot read file ", path);
  return Status::OK();
}

}  // namespace ember
