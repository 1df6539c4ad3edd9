// prelu against a plain loop written here.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Alpha index of element i of X (dims d) in each mode, spelled out from the definition.
std::vector<float> PreluRef(const std::vector<float>& x, const std::vector<float>& alpha, const DDim& d,
                            const std::string& mode) {
  std::vector<float> y(x.size());
  const int64_t per_sample = d.Product(1, d.size());
  const int64_t inner = d.size() >= 2 ? d.Product(2, d.size()) : 1;
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t ai = 0;
    if (mode == "channel") ai = (static_cast<int64_t>(i) / inner) % d[1];
    if (mode == "element") ai = static_cast<int64_t>(i) % per_sample;
    y[i] = x[i] > 0 ? x[i] : alpha[static_cast<size_t>(ai)] * x[i];
  }
  return y;
}

}  // namespace

TEST_CASE("prelu matches the reference in every mode", "[op][prelu]") {
  uint32_t seed = 7;
  for (const std::string mode : {"all", "channel", "element"}) {
    for (int64_t c : {1, 3, 8, 17}) {
      for (int64_t w : {1, 4, 9, 33}) {
        DDim d{2, c, 3, w};
        DDim ad = mode == "all" ? DDim{1} : mode == "channel" ? DDim{c} : DDim{1, c, 3, w};
        Tensor x = RandomTensor(d, seed++), alpha = RandomTensor(ad, seed++, 0.f, 1.f);
        OpRunner r("prelu");
        r.In("X", "x", x).In("Alpha", "a", alpha).Out("Out", "y").Attr("mode", Attribute::String(mode));
        INFO(mode << " " << d.ToString());
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == d);
        std::string why;
        bool ok = AllClose(ToVector(r.Get("y")), PreluRef(ToVector(x), ToVector(alpha), d, mode), 0, 0, &why);
        INFO(why);
        CHECK(ok);
      }
    }
  }
}

TEST_CASE("prelu handles rank 2 and rank 1 inputs", "[op][prelu]") {
  Tensor x = MakeTensor({2, 3}, {-1, 2, -3, 4, -5, -6});
  OpRunner r("prelu");
  r.In("X", "x", x).In("Alpha", "a", MakeTensor({3}, {0.1f, 0.2f, 0.3f})).Out("Out", "y");
  r.Attr("mode", Attribute::String("channel"));
  REQUIRE(r.Run().ok());
  CHECK(AllClose(ToVector(r.Get("y")), {-0.1f, 2, -0.9f, 4, -1.f, -1.8f}, 1e-6f, 0));

  OpRunner e("prelu");
  e.In("X", "x", MakeTensor({3}, {-1, 2, -3})).In("Alpha", "a", MakeTensor({1}, {0.5f})).Out("Out", "y");
  e.Attr("mode", Attribute::String("element"));
  REQUIRE(e.Run().ok());
  CHECK(ToVector(e.Get("y")) == std::vector<float>{-0.5f, 2, -1.5f});
}

TEST_CASE("prelu rejects bad modes, layouts and alpha shapes", "[op][prelu]") {
  struct Bad {
    std::string mode, format;
    DDim alpha;
    std::string mentions;
  };
  std::vector<Bad> bads = {
      {"per_pixel", "NCHW", {1}, "mode"},
      {"", "NCHW", {1}, "mode"},
      {"channel", "NHWC", {3}, "data_format"},
      {"channel", "NCWH", {3}, "data_format"},
      {"all", "NCHW", {3}, "Alpha"},
      {"channel", "NCHW", {4}, "Alpha"},
      {"element", "NCHW", {3}, "Alpha"},
  };
  for (const Bad& b : bads) {
    INFO(b.mode << " " << b.format);
    OpRunner r("prelu");
    r.In("X", "x", RandomTensor({2, 3, 2, 2}, 1)).In("Alpha", "a", RandomTensor(b.alpha, 2)).Out("Out", "y");
    if (!b.mode.empty()) r.Attr("mode", Attribute::String(b.mode));
    r.Attr("data_format", Attribute::String(b.format));
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.mentions) != std::string::npos);
  }
}
