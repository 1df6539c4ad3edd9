// einsum against loops written here for each equation.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
std::vector<float> Einsum(const std::string& eq, const std::vector<Tensor>& ins, DDim* dims) {
  OpRunner r("einsum");
  std::vector<std::pair<std::string, Tensor>> vars;
  for (size_t i = 0; i < ins.size(); ++i) vars.push_back({"x" + std::to_string(i), ins[i]});
  r.Ins("Operands", vars).Out("Out", "y").Attr("equation", Attribute::String(eq));
  Status s = r.Run();
  INFO(eq << ": " << s.ToString());
  REQUIRE(s.ok());
  *dims = r.Get("y").dims();
  return ToVector(r.Get("y"));
}
}  // namespace

TEST_CASE("einsum: matmul, transpose, diagonal, implicit output, ellipsis broadcast", "[op][einsum]") {
  Tensor a = RandomTensor({2, 3, 4}, 1), b = RandomTensor({2, 4, 5}, 2), sq = RandomTensor({3, 3}, 3);
  const std::vector<float> av = ToVector(a), bv = ToVector(b), qv = ToVector(sq);
  DDim d;
  std::vector<float> got = Einsum("bij, bjk -> bik", {a, b}, &d), want;
  CHECK(d == DDim({2, 3, 5}));
  for (int n = 0; n < 2; ++n)
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 5; ++k) {
        double s = 0;
        for (int j = 0; j < 4; ++j)
          s += av[static_cast<size_t>((n * 3 + i) * 4 + j)] * bv[static_cast<size_t>((n * 4 + j) * 5 + k)];
        want.push_back(static_cast<float>(s));
      }
  CHECK(AllClose(got, want, 1e-5f, 1e-5f));
  got = Einsum("ij->ji", {sq}, &d);
  CHECK(got == std::vector<float>({qv[0], qv[3], qv[6], qv[1], qv[4], qv[7], qv[2], qv[5], qv[8]}));
  got = Einsum("ii", {sq}, &d);  // implicit output: nothing, the trace
  CHECK(d == DDim(std::vector<int64_t>{}));
  CHECK(got[0] == Approx(qv[0] + qv[4] + qv[8]));
  got = Einsum("...ij,j->...i", {a, RandomTensor({4}, 4)}, &d);
  CHECK(d == DDim({2, 3}));
  OpRunner bad("einsum");
  bad.Ins("Operands", {{"x", a}}).Out("Out", "y").Attr("equation", Attribute::String("ij->ij"));
  CHECK_FALSE(bad.Run().ok());
}

TEST_CASE("determinant of a batch of matrices; reverse_sequence per batch", "[op][determinant]") {
  OpRunner d("determinant");  // det [[2, 1], [4, 3]] = 2; det of a row swap of I3 = -1
  d.In("Input", "x", MakeTensor({1, 2, 2}, {2, 1, 4, 3})).Out("Out", "y");
  REQUIRE(d.Run().ok());
  CHECK(ToVector(d.Get("y"))[0] == Approx(2));
  OpRunner s("determinant");
  s.In("Input", "x", MakeTensor({3, 3}, {0, 1, 0, 1, 0, 0, 0, 0, 1})).Out("Out", "y");
  REQUIRE(s.Run().ok());
  CHECK(ToVector(s.Get("y"))[0] == Approx(-1));
  OpRunner r("reverse_sequence");  // time_axis 0, batch_axis 1: X [time 3, batch 2]
  r.In("X", "x", MakeTensor({3, 2}, {0, 1, 2, 3, 4, 5})).In("SequenceLens", "l", MakeTypedTensor<int64_t>({2}, {3, 2}))
      .Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>({4, 3, 2, 1, 0, 5}));
}
