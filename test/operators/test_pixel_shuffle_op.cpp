// pixel_shuffle against the defining index formula, written here as a plain loop.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("pixel_shuffle matches Out[n,c,h*r+i,w*r+j] = X[n,c*r*r+i*r+j,h,w]", "[op][pixel_shuffle]") {
  for (int64_t r : {1, 2, 3})
    for (int64_t c : {1, 4, 7})
      for (int64_t w : {1, 5, 16}) {
        const int64_t n = 2, h = 3, C = c * r * r;
        Tensor x = RandomTensor({n, C, h, w}, static_cast<uint32_t>(r * 1000 + c * 10 + w));
        OpRunner op("pixel_shuffle");
        op.In("X", "x", x).Out("Out", "y").Attr("upscale_factor", Attribute::Int(r))
            .Attr("data_format", Attribute::String("NCHW"));
        REQUIRE(op.Run().ok());
        REQUIRE(op.Get("y").dims() == DDim({n, c, h * r, w * r}));
        std::vector<float> v = ToVector(x), got = ToVector(op.Get("y"));
        bool ok = true;
        for (int64_t b = 0; b < n; ++b)
          for (int64_t oc = 0; oc < c; ++oc)
            for (int64_t oh = 0; oh < h * r; ++oh)
              for (int64_t ow = 0; ow < w * r; ++ow) {
                int64_t ic = oc * r * r + (oh % r) * r + (ow % r);
                float want = v[static_cast<size_t>(((b * C + ic) * h + oh / r) * w + ow / r)];
                ok = ok && got[static_cast<size_t>(((b * c + oc) * h * r + oh) * w * r + ow)] == want;
              }
        CHECK(ok);
      }
}

TEST_CASE("pixel_shuffle moves int64 and rejects bad attributes", "[op][pixel_shuffle]") {
  Tensor x = MakeTypedTensor<int64_t>({1, 4, 1, 1}, {1, 2, 3, int64_t{1} << 45});
  OpRunner op("pixel_shuffle");
  op.In("X", "x", x).Out("Out", "y").Attr("upscale_factor", Attribute::Int(2));
  REQUIRE(op.Run().ok());
  const Tensor& y = op.Get("y");
  CHECK(y.dims() == DDim({1, 1, 2, 2}));
  CHECK(std::vector<int64_t>(y.data<int64_t>(), y.data<int64_t>() + 4) == std::vector<int64_t>{1, 2, 3, int64_t{1} << 45});

  OpRunner bad("pixel_shuffle");
  bad.In("X", "x", RandomTensor({1, 6, 2, 2}, 1)).Out("Out", "y").Attr("upscale_factor", Attribute::Int(2));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("upscale_factor") != std::string::npos);
  OpRunner nhwc("pixel_shuffle");
  nhwc.In("X", "x", RandomTensor({1, 4, 2, 2}, 1)).Out("Out", "y").Attr("upscale_factor", Attribute::Int(2))
      .Attr("data_format", Attribute::String("NHWC"));
  s = nhwc.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("data_format") != std::string::npos);
}
