// layout_transform (NCHW <-> NCHW16c / NCHW4c) against the defining index formula, written here as a plain loop; the
// conv op's NCHW16c input check. (The NCHW16c conv kernels: test_x86_nchw16c.cpp; whole regions against the
// program as loaded: test/io/test_passes.cpp.)
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("layout_transform: Out[n, c/x, h, w, c%x] = X[n, c, h, w] for x = 16 and 4, padding channels 0, and back",
          "[op][layout_transform]") {
  for (int64_t block : {16, 4})
    for (int64_t c : {1, 3, 16, 17, 40})
      for (int64_t w : {1, 5, 70, 400}) {  // 400: 1200 pixels, two tasks of up to 1024
        const int64_t n = 2, h = 3, cb = (c + block - 1) / block;
        INFO("block " << block << " c " << c << " w " << w);
        Tensor x = RandomTensor({n, c, h, w}, static_cast<uint32_t>(c * 100 + w));
        OpRunner to("layout_transform");
        to.In("X", "x", x).Out("Out", "y").Attr("dst_layout", Attribute::String(block == 16 ? "NCHW16c" : "NCHW4c"));
        REQUIRE(to.Run().ok());
        REQUIRE(to.Get("y").dims() == DDim({n, cb, h, w, block}));
        const std::vector<float> v = ToVector(x), got = ToVector(to.Get("y"));
        bool ok = true;
        for (int64_t b = 0; b < n; ++b)
          for (int64_t ch = 0; ch < cb * block; ++ch)
            for (int64_t p = 0; p < h * w; ++p) {
              const float want = ch < c ? v[static_cast<size_t>((b * c + ch) * h * w + p)] : 0.f;
              ok = ok && got[static_cast<size_t>(((b * cb + ch / block) * h * w + p) * block + ch % block)] == want;
            }
        CHECK(ok);
        OpRunner back("layout_transform");
        back.In("X", "y", to.Get("y")).Out("Out", "z").Attr("dst_layout", Attribute::String("NCHW"))
            .Attr("channels", Attribute::Int(c));
        REQUIRE(back.Run().ok());
        REQUIRE(back.Get("z").dims() == x.dims());
        CHECK(ToVector(back.Get("z")) == v);
      }
}

TEST_CASE("layout_transform rejects wrong ranks, channel counts and layouts", "[op][layout_transform]") {
  auto fails = [](OpRunner& op, const std::string& what) {
    const Status s = op.Run();
    REQUIRE_FALSE(s.ok());
    INFO(s.message());
    CHECK(s.message().find(what) != std::string::npos);
  };
  OpRunner rank("layout_transform");
  rank.In("X", "x", RandomTensor({2, 16, 3}, 1)).Out("Out", "y").Attr("dst_layout", Attribute::String("NCHW16c"));
  fails(rank, "4-D");
  OpRunner not16("layout_transform");
  not16.In("X", "x", RandomTensor({1, 2, 3, 3, 8}, 1)).Out("Out", "y").Attr("dst_layout", Attribute::String("NCHW"))
      .Attr("channels", Attribute::Int(16));
  fails(not16, "NCHW16c or NCHW4c");
  OpRunner channels("layout_transform");
  channels.In("X", "x", RandomTensor({1, 2, 3, 3, 16}, 1)).Out("Out", "y")
      .Attr("dst_layout", Attribute::String("NCHW")).Attr("channels", Attribute::Int(16));  // 2 blocks: 17..32
  fails(channels, "channels = 16");
  OpRunner layout("layout_transform");
  layout.In("X", "x", RandomTensor({1, 16, 3, 3}, 1)).Out("Out", "y").Attr("dst_layout", Attribute::String("NHWC"));
  fails(layout, "dst_layout");
}

TEST_CASE("conv2d with data_format NCHW16c checks its input blocks against the filter", "[op][layout_transform]") {
  OpRunner conv("conv2d");
  conv.In("Input", "x", RandomTensor({1, 2, 4, 4, 16}, 1)).In("Filter", "w", RandomTensor({16, 40, 1, 1}, 2))
      .Out("Output", "y").Attr("data_format", Attribute::String("NCHW16c"));
  const Status s = conv.Run();  // 40 input channels need 3 blocks
  REQUIRE_FALSE(s.ok());
  INFO(s.message());
  CHECK(s.message().find("40 input channels (3 blocks of 16)") != std::string::npos);
  CHECK(s.message().find("has 2 blocks") != std::string::npos);
}
