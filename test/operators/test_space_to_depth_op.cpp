// space_to_depth / depth_to_space (DCR and CRD): against the ONNX reshape/transpose definitions, written
// as index formulas.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("space_to_depth and depth_to_space follow the ONNX definitions and invert each other", "[op][space_to_depth]") {
  const int N = 2, C = 3, H = 4, W = 6, b = 2;
  Tensor x = RandomTensor({N, C, H, W}, 8);
  std::vector<float> xv = ToVector(x);
  OpRunner s2d("space_to_depth");
  s2d.In("X", "x", x).Out("Out", "y").Attr("blocksize", Attribute::Int(b));
  REQUIRE(s2d.Run().ok());
  const Tensor& y = s2d.Get("y");
  CHECK(y.dims() == DDim({N, C * b * b, H / b, W / b}));
  std::vector<float> yv = ToVector(y);
  // ONNX: reshape [N, C, H/b, b, W/b, b] -> transpose [0, 3, 5, 1, 2, 4] -> [N, C*b*b, H/b, W/b]
  for (int n = 0; n < N; ++n)
    for (int by = 0; by < b; ++by)
      for (int bx = 0; bx < b; ++bx)
        for (int c = 0; c < C; ++c)
          for (int i = 0; i < H / b; ++i)
            for (int j = 0; j < W / b; ++j) {
              int oc = (by * b + bx) * C + c;
              CHECK(yv[static_cast<size_t>(((n * C * b * b + oc) * (H / b) + i) * (W / b) + j)] ==
                    xv[static_cast<size_t>(((n * C + c) * H + i * b + by) * W + j * b + bx)]);
            }
  // DCR depth_to_space inverts space_to_depth.
  OpRunner d2s("depth_to_space");
  d2s.In("X", "y", y).Out("Out", "z").Attr("blocksize", Attribute::Int(b));
  REQUIRE(d2s.Run().ok());
  CHECK(ToVector(d2s.Get("z")) == xv);
  // CRD is pixel shuffle: in channel c*b*b + by*b + bx.
  OpRunner crd("depth_to_space");
  crd.In("X", "y", y).Out("Out", "z").Attr("blocksize", Attribute::Int(b)).Attr("mode", Attribute::String("CRD"));
  REQUIRE(crd.Run().ok());
  std::vector<float> zv = ToVector(crd.Get("z"));
  for (int n = 0; n < N; ++n)
    for (int c = 0; c < C; ++c)
      for (int i = 0; i < H; ++i)
        for (int j = 0; j < W; ++j) {
          int ic = c * b * b + (i % b) * b + (j % b);
          CHECK(zv[static_cast<size_t>(((n * C + c) * H + i) * W + j)] ==
                yv[static_cast<size_t>(((n * C * b * b + ic) * (H / b) + i / b) * (W / b) + j / b)]);
        }
}

TEST_CASE("space_to_depth rejects sizes that are not multiples of blocksize", "[op][space_to_depth]") {
  OpRunner r("space_to_depth");
  r.In("X", "x", RandomTensor({1, 1, 3, 4}, 1)).Out("Out", "y").Attr("blocksize", Attribute::Int(2));
  CHECK_FALSE(r.Run().ok());
  OpRunner m("depth_to_space");
  m.In("X", "x", RandomTensor({1, 4, 1, 1}, 1)).Out("Out", "y").Attr("blocksize", Attribute::Int(2)).Attr("mode", Attribute::String("XYZ"));
  CHECK_FALSE(m.Run().ok());
}

TEST_CASE("space_to_depth and depth_to_space refuse a blocksize whose products overflow", "[op][space_to_depth]") {
  // Found by fuzz_slim: blocksize 549755813890 squared overflowed int64 before any check.
  for (const char* type : {"space_to_depth", "depth_to_space"}) {
    OpRunner r(type);
    r.In("X", "x", RandomTensor({1, 4, 0, 0}, 1)).Out("Out", "y").Attr("blocksize", Attribute::Int(549755813890));
    Status s = r.Run();
    INFO(type << ": " << s.message());
    CHECK(s.code() == StatusCode::kInvalidArgument);
    CHECK(s.message().find("blocksize = 549755813890 is too large") != std::string::npos);
  }
  OpRunner big("space_to_depth");  // blocksize^2 fits, C times it does not
  big.In("X", "x", RandomTensor({1, 4, 0, 0}, 1)).Out("Out", "y").Attr("blocksize", Attribute::Int(int64_t{1} << 31));
  CHECK(big.Run().message().find("overflows") != std::string::npos);
}
