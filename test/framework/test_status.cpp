// Escaping of file-supplied names in error messages (a crafted model must not reach a terminal raw).
#include <catch2/catch.hpp>

#include "framework/status.h"

using namespace ember;

TEST_CASE("Quote escapes control, DEL, C1 and invalid UTF-8 bytes of a name", "[status]") {
  CHECK(Quote("conv1_bn_mean") == "'conv1_bn_mean'");
  CHECK(Quote(std::string("\xad" "onv1")) == "'\\xadonv1'");        // a lone continuation byte
  CHECK(Quote("a\x1b[31mred") == "'a\\x1b[31mred'");                 // ANSI escape
  CHECK(Quote("tab\there\nnl") == "'tab\\x09here\\x0anl'");
  CHECK(Quote("del\x7f") == "'del\\x7f'");
  CHECK(Quote("c1\xc2\x9b" "2J") == "'c1\\xc2\\x9b2J'");              // C1 CSI, encoded as UTF-8
  CHECK(Quote("back\\slash") == "'back\\\\slash'");                  // escapes cannot be forged
  CHECK(Quote("caf\xc3\xa9 \xe6\x97\xa5") == "'caf\xc3\xa9 \xe6\x97\xa5'");  // valid UTF-8 is kept
  CHECK(Quote("\xe6\x97") == "'\\xe6\\x97'");                        // truncated sequence
  CHECK(Quote("\xc0\xaf") == "'\\xc0\\xaf'");                        // overlong '/'
  CHECK(Quote("\xed\xa0\x80") == "'\\xed\\xa0\\x80'");                // a UTF-16 surrogate
  CHECK(Quote(std::string("nul\0x", 5)) == "'nul\\x00x'");
  CHECK(Quote("x' (op 'y") == "'x\\x27 (op \\x27y'");               // a quote cannot close the name early
  CHECK(Quote("a\xe2\x80\xae" "b\xe2\x81\xa6" "c") == "'a\\xe2\\x80\\xaeb\\xe2\\x81\\xa6c'");  // bidi override, isolate
  CHECK(Quote("\xe2\x80\x94 \xf0\x9f\x98\x80") == "'\xe2\x80\x94 \xf0\x9f\x98\x80'");    // em dash, 4-byte emoji kept
  CHECK(Quote("\xf5\x80\x80\x80") == "'\\xf5\\x80\\x80\\x80'");  // past U+10FFFF
  CHECK(Quote("\xe0\x80\xaf") == "'\\xe0\\x80\\xaf'");              // overlong 3-byte form
}

TEST_CASE("a Status message never carries raw control bytes, and stays readable", "[status]") {
  Status s = ParseError("model m: op conv2d names undeclared variable '", std::string("\x1b]0;pwn\x07"), "'");
  CHECK(s.message() == "model m: op conv2d names undeclared variable '\\x1b]0;pwn\\x07'");
  // A message built with Quote is not escaped twice, and newlines of a multi-line message stay.
  Status q = NotFound("variable ", Quote("a\\b\x01"), "\nsecond line");
  CHECK(q.message() == "variable 'a\\\\b\\x01'\nsecond line");
  q.Prepend(std::string("file \x9b: "));
  CHECK(q.message().rfind("file \\x9b: ", 0) == 0);
  CHECK(Status::OK().message().empty());
}
