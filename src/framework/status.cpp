#include "framework/status.h"

namespace ember {
namespace {

// Length of the valid UTF-8 sequence at s[i] (1-4), or 0 when the bytes there are not one (overlong forms,
// surrogates and code points past U+10FFFF are invalid too).
size_t Utf8SequenceLength(const std::string& s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  size_t n;
  unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  // C1 controls (U+0080-U+009F, encoded C2 80-C2 9F) act as terminal escapes too, and the bidi embeddings,
  // overrides and isolates (U+202A-U+202E: E2 80 AA-AE; U+2066-U+2069: E2 81 A6-A9) reorder what is shown.
  if (c == 0xC2 && byte(i + 1) <= 0x9F) return 0;
  if (c == 0xE2 && byte(i + 1) == 0x80 && byte(i + 2) >= 0xAA && byte(i + 2) <= 0xAE) return 0;
  if (c == 0xE2 && byte(i + 1) == 0x81 && byte(i + 2) >= 0xA6 && byte(i + 2) <= 0xA9) return 0;
  return n;
}

}  // namespace

std::string EscapeBytes(const std::string& s, bool whole_message) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F && !(c == '\'' && !whole_message)) {  // a name's quote could fake the message
      if (c == '\\' && !whole_message) out += '\\';
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (c == '\n' && whole_message) {
      out += '\n';
      ++i;
      continue;
    }
    const size_t n = c >= 0x80 ? Utf8SequenceLength(s, i) : 0;
    if (n > 0) {
      out.append(s, i, n);
      i += n;
      continue;
    }
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
    ++i;
  }
  return out;
}

std::string Quote(const std::string& name) { return "'" + EscapeBytes(name) + "'"; }

Status::Status(StatusCode code, std::string message) : code_(code), message_(EscapeBytes(message, true)) {}

const char* StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "OK";
    case StatusCode::kInvalidArgument: return "InvalidArgument";
    case StatusCode::kNotFound: return "NotFound";
    case StatusCode::kParseError: return "ParseError";
    case StatusCode::kUnimplemented: return "Unimplemented";
    case StatusCode::kOutOfMemory: return "OutOfMemory";
    case StatusCode::kInternal: return "Internal";
  }
  return "Unknown";
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  return std::string(StatusCodeName(code_)) + ": " + message_;
}

Status& Status::Prepend(const std::string& context) {
  if (!ok()) message_ = EscapeBytes(context, true) + message_;
  return *this;
}

}  // namespace ember
