// Tensor, DDim, Scope and Status basics.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <atomic>
#include <thread>
#include <vector>

#include "framework/float16.h"
#include "framework/scope.h"
#include "framework/tensor.h"

using namespace ember;

TEST_CASE("DDim numel, product and overflow", "[framework][tensor]") {
  CHECK(DDim({2, 3, 4}).numel() == 24);
  CHECK(DDim().numel() == 1);
  CHECK(DDim({-1, 3}).numel() == -1);
  CHECK(DDim({int64_t{1} << 40, int64_t{1} << 40}).numel() == -1);
  CHECK(DDim({2, 3, 4}).Product(1, 3) == 12);
  CHECK(DDim({1, 3, 224, 224}).ToString() == "[1,3,224,224]");
}

TEST_CASE("Tensor storage is 64-byte aligned and typed", "[framework][tensor]") {
  for (int64_t n : {1, 3, 17, 1000}) {
    Tensor t(DataType::kFloat32, {n});
    float* p = t.mutable_data<float>();
    CHECK(reinterpret_cast<uintptr_t>(p) % 64 == 0);
    CHECK(t.initialized());
    CHECK(t.data<int32_t>() == nullptr);  // wrong type: no access
  }
  Tensor i(DataType::kInt64, {3});
  CHECK(i.nbytes() == 24);
  for (DataType d : {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUInt8, DataType::kInt32,
                     DataType::kInt64, DataType::kBool}) {
    Tensor t(d, {5});
    REQUIRE(t.Allocate().ok());
    CHECK(t.nbytes() == 5 * SizeOf(d));
  }
}

TEST_CASE("Slice is a view on dim 0 that shares storage", "[framework][tensor]") {
  Tensor t(DataType::kFloat32, {4, 3});
  float* p = t.mutable_data<float>();
  for (int i = 0; i < 12; ++i) p[i] = static_cast<float>(i);
  Tensor s = t.Slice(1, 3);
  CHECK(s.dims() == DDim({2, 3}));
  CHECK(s.SharesStorageWith(t));
  CHECK(s.data<float>()[0] == 3.f);
  s.data<float>()[0] = 100.f;
  CHECK(p[3] == 100.f);
  CHECK(t.Slice(3, 5).dims().size() == 0);  // out of range: empty tensor, no view
}

TEST_CASE("ShareDataWith and CopyFrom", "[framework][tensor]") {
  Tensor a(DataType::kFloat32, {2});
  a.mutable_data<float>()[0] = 1.f;
  Tensor view, copy;
  view.ShareDataWith(a);
  REQUIRE(copy.CopyFrom(a).ok());
  a.mutable_data<float>()[0] = 2.f;
  CHECK(view.data<float>()[0] == 2.f);
  CHECK(copy.data<float>()[0] == 1.f);
  CHECK_FALSE(copy.SharesStorageWith(a));
}

TEST_CASE("Allocation beyond the memory limit is an OutOfMemory status", "[framework][tensor]") {
  size_t old = TensorMemoryLimit();
  SetTensorMemoryLimit(TensorMemoryInUse() + (1 << 20));
  Tensor big(DataType::kFloat32, {1 << 19});
  Status s = big.Allocate();
  CHECK(s.code() == StatusCode::kOutOfMemory);
  CHECK(s.message().find("[524288]") != std::string::npos);
  Tensor bad(DataType::kFloat32, {-1, 3});
  CHECK(bad.Allocate().code() == StatusCode::kInvalidArgument);
  SetTensorMemoryLimit(old);
}

TEST_CASE("The memory limit bounds the total of live tensors, and freed memory is given back",
          "[framework][tensor]") {
  const size_t old = TensorMemoryLimit();
  const size_t base = TensorMemoryInUse();
  SetTensorMemoryLimit(base + (3 << 20));  // room for 3 MiB more
  {
    Tensor a(DataType::kFloat32, {1 << 19});  // 2 MiB
    REQUIRE(a.Allocate().ok());
    CHECK(TensorMemoryInUse() == base + (2 << 20));
    Tensor b(DataType::kFloat32, {1 << 19});  // 2 more MiB: over the total, though under it alone
    Status s = b.Allocate();
    CHECK(s.code() == StatusCode::kOutOfMemory);
    CHECK(s.message().find("tensor memory limit") != std::string::npos);
    CHECK(TensorMemoryInUse() == base + (2 << 20));
    std::shared_ptr<Allocation> block;
    CHECK(AllocateBlock(size_t{2} << 20, &block).code() == StatusCode::kOutOfMemory);
    CHECK(AllocateBlock(size_t{1} << 20, &block).ok());
    CHECK(TensorMemoryInUse() == base + (3 << 20));
  }
  CHECK(TensorMemoryInUse() == base);  // every allocation returned its bytes
  Tensor c(DataType::kFloat32, {1 << 19});
  CHECK(c.Allocate().ok());  // fits again once the others are gone
  SetTensorMemoryLimit(old);
}

TEST_CASE("FromExternal wraps caller memory without copying", "[framework][tensor]") {
  float buf[4] = {1, 2, 3, 4};
  Tensor t = Tensor::FromExternal(buf, DataType::kFloat32, {2, 2});
  CHECK(t.data<float>() == buf);
  CHECK(t.initialized());
}

TEST_CASE("float16 conversion round-trips representable values", "[framework][tensor]") {
  for (float f : {0.f, 1.f, -2.5f, 65504.f, 0.000061035156f, 5.9604645e-08f, -0.333251953125f})
    CHECK(HalfToFloat(FloatToHalf(f)) == f);
  CHECK(FloatToHalf(1.f) == 0x3c00);
  CHECK(HalfToFloat(0x7c00) == std::numeric_limits<float>::infinity());
  CHECK(FloatToHalf(1e6f) == 0x7c00);  // overflow to inf
}

TEST_CASE("Scope looks up parents and creates locally", "[framework][scope]") {
  Scope parent;
  parent.Var("w")->GetMutable()->Resize({3});
  Scope child(&parent);
  CHECK(child.FindVar("w") == parent.FindVar("w"));
  CHECK(child.FindLocalVar("w") == nullptr);
  child.Var("w");  // shadows the parent's
  CHECK(child.FindVar("w") != parent.FindVar("w"));
  CHECK(child.FindVar("missing") == nullptr);
}

TEST_CASE("Status carries code, message and context", "[framework][status]") {
  Status s = InvalidArgument("bad ", 3);
  CHECK_FALSE(s.ok());
  s.Prepend("op conv2d: ");
  CHECK(s.message() == "op conv2d: bad 3");
  CHECK(s.ToString() == "InvalidArgument: op conv2d: bad 3");
  CHECK(Status::OK().ok());
}

TEST_CASE("Scope::Derived makes shared data once, even from many threads", "[framework][scope]") {
  Scope weights;
  Scope predictor_a(&weights), predictor_b(&weights);
  std::atomic<int> made{0};
  auto make = [&](size_t* bytes) {
    ++made;
    *bytes = 4000;
    return std::shared_ptr<const void>(std::make_shared<std::vector<float>>(1000, 1.f));
  };
  std::vector<std::shared_ptr<const void>> got(8);
  std::vector<std::thread> pool;
  for (size_t i = 0; i < got.size(); ++i)
    pool.emplace_back([&, i] { got[i] = (i % 2 ? predictor_a : predictor_b).root()->Derived("conv:w>out", make); });
  for (auto& t : pool) t.join();
  CHECK(made == 1);
  for (const auto& g : got) CHECK(g == got[0]);
  CHECK(predictor_a.root() == &weights);
  CHECK(weights.Derived("other", make) != got[0]);
  CHECK(made == 2);
  CHECK(weights.derived_bytes() == 8000);
  CHECK(weights.FindDerived("other") != nullptr);
  CHECK(weights.FindDerived("missing") == nullptr);
}

TEST_CASE("Scope::ReleaseWeight frees only weights named releasable, keeping their dims", "[framework][scope]") {
  Scope weights;
  for (const char* n : {"w", "kept"}) {
    Tensor* t = weights.Var(n)->GetMutable();
    t->Resize(DDim({4, 8}));
    t->mutable_data<float>()[0] = 1.f;
  }
  weights.SetReleasable({"w", "absent"});
  CHECK_FALSE(weights.ReleaseWeight("kept"));
  CHECK_FALSE(weights.ReleaseWeight("absent"));
  CHECK(weights.ReleaseWeight("w"));
  CHECK(weights.ReleaseWeight("w"));  // already freed: still true, counted once
  CHECK(weights.released_bytes() == 4 * 8 * sizeof(float));
  const Tensor& w = weights.FindVar("w")->Get();
  CHECK(w.dims() == DDim({4, 8}));
  CHECK(w.data<float>() == nullptr);
  CHECK(weights.FindVar("kept")->Get().data<float>() != nullptr);
}
