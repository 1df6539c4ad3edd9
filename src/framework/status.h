// Status: the error type of every fallible call in Ember (load, InferShape, Init, Run).
// Library code never aborts and never lets an exception out of the public API; it returns a Status
// whose message names the op, variable or file at fault.
#pragma once

#include <sstream>
#include <string>
#include <utility>

namespace ember {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // wrong shape, wrong attribute, bad user input
  kNotFound,         // missing file, variable or op
  kParseError,       // malformed model or params file
  kUnimplemented,    // op or attribute value not in this build
  kOutOfMemory,      // allocation failed or exceeded the tensor memory limit
  kInternal,
};

const char* StatusCodeName(StatusCode code);

// A file-supplied string (a variable, op or node name read from a model) made safe to print: every control
// byte, DEL, C1 control, bidi override and byte that is not part of valid UTF-8 becomes \xNN, as does a
// single quote (a name cannot fake the message around it), and a backslash becomes \\, so a crafted model
// cannot put escape sequences into a user's terminal or logs. whole_message keeps '\n', quotes and
// backslashes (the names inside were quoted already).
std::string EscapeBytes(const std::string& s, bool whole_message = false);
// 'name', escaped: how every message quotes a name read from a file.
std::string Quote(const std::string& name);

class Status {
 public:
  Status() = default;
  // The message is escaped (EscapeBytes, whole_message) as a last line of defence for any name that
  // reached it unquoted.
  Status(StatusCode code, std::string message);
  static Status OK() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  std::string ToString() const;
  // Adds context in front of the message: "file model.pdmodel: " + message.
  Status& Prepend(const std::string& context);

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

template <typename... Args>
std::string StrCat(Args&&... args) {
  std::ostringstream os;
  (os << ... << std::forward<Args>(args));
  return os.str();
}

template <typename... Args>
Status InvalidArgument(Args&&... args) {
  return Status(StatusCode::kInvalidArgument, StrCat(std::forward<Args>(args)...));
}
template <typename... Args>
Status NotFound(Args&&... args) {
  return Status(StatusCode::kNotFound, StrCat(std::forward<Args>(args)...));
}
template <typename... Args>
Status ParseError(Args&&... args) {
  return Status(StatusCode::kParseError, StrCat(std::forward<Args>(args)...));
}
template <typename... Args>
Status Unimplemented(Args&&... args) {
  return Status(StatusCode::kUnimplemented, StrCat(std::forward<Args>(args)...));
}
template <typename... Args>
Status OutOfMemory(Args&&... args) {
  return Status(StatusCode::kOutOfMemory, StrCat(std::forward<Args>(args)...));
}
template <typename... Args>
Status Internal(Args&&... args) {
  return Status(StatusCode::kInternal, StrCat(std::forward<Args>(args)...));
}

}  // namespace ember

#define EMBER_RETURN_IF_ERROR(expr)          \
  do {                                       \
    ::ember::Status _ember_st = (expr);      \
    if (!_ember_st.ok()) return _ember_st;   \
  } while (0)

// Returns InvalidArgument with the streamed message when cond is false.
#define EMBER_CHECK(cond, ...)                                   \
  do {                                                           \
    if (!(cond)) return ::ember::InvalidArgument(__VA_ARGS__);   \
  } while (0)
