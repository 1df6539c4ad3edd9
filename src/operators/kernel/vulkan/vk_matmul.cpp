#include "operators/kernel/vulkan/vk_matmul.h"

#include "operators/kernel/vulkan/vk_activation.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct MatMulPush {
  uint32_t total, m, n, k, lda, ldb, trans_x, trans_y;
  int32_t act;
  float alpha, act_a, act_b, act_c;
};

// Every element a GEMM reads lies inside its operand: a matrix of `rows` rows of `cols` at leading dim ld.
bool InBounds(int64_t rows, int64_t cols, int64_t ld, const std::vector<int64_t>& offsets, int64_t numel) {
  const int64_t last = (rows - 1) * ld + cols - 1;
  for (int64_t o : offsets)
    if (o < 0 || o + last >= numel) return false;
  return true;
}
}  // namespace

bool OffsetsFitTable(const MatMulGemms& g) {
  for (const auto* offsets : {&g.x_offsets, &g.y_offsets})
    for (int64_t o : *offsets)
      if (o >= (1 << 24)) return false;
  return true;
}

Status RecordMatMul(Recorder* r, const MatMulGemms& g, const VkTensor& x, const VkTensor& y, const DDim& out_dims,
                    VkTensor* offsets, VkTensor* out) {
  const int64_t batch = static_cast<int64_t>(g.x_offsets.size());
  EMBER_CHECK(batch == static_cast<int64_t>(g.y_offsets.size()) && out_dims.numel() == batch * g.m * g.n &&
                  g.k > 0 && InBounds(g.trans_x ? g.k : g.m, g.trans_x ? g.m : g.k, g.lda, g.x_offsets, x.numel()) &&
                  InBounds(g.trans_y ? g.n : g.k, g.trans_y ? g.k : g.n, g.ldb, g.y_offsets, y.numel()),
              "Vulkan matmul: ", x.dims.ToString(), " x ", y.dims.ToString(), " does not hold ", batch, " GEMMs of ",
              g.m, "x", g.k, " x ", g.k, "x", g.n);
  EMBER_CHECK(OffsetsFitTable(g), "Vulkan matmul: operand offsets past 2^24 (the table holds floats)");
  if (!SupportsActivation(g.act.type))
    return Unimplemented("Vulkan matmul: fused activation ", static_cast<int>(g.act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  Tensor table(DataType::kFloat32, DDim({2 * batch}));
  EMBER_RETURN_IF_ERROR(table.Allocate());
  float* t = table.mutable_data<float>();
  for (int64_t b = 0; b < batch; ++b) {
    t[2 * b] = static_cast<float>(g.x_offsets[static_cast<size_t>(b)]);
    t[2 * b + 1] = static_cast<float>(g.y_offsets[static_cast<size_t>(b)]);
  }
  EMBER_RETURN_IF_ERROR(UploadTable(r, device, table, offsets));
  EMBER_RETURN_IF_ERROR(Reserve(device, out_dims, out));
  if (out_dims.numel() == 0) return Status::OK();
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  MatMulPush push = {u(out_dims.numel()), u(g.m), u(g.n), u(g.k), u(g.lda), u(g.ldb), g.trans_x ? 1u : 0u,
                     g.trans_y ? 1u : 0u, static_cast<int32_t>(g.act.type), g.alpha, g.act.a, g.act.b, g.act.c};
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::matmul, {x.buffer.get(), y.buffer.get(), offsets->buffer.get()},
                                                4, sizeof(MatMulPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, out_dims.numel(), 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get(), y.buffer.get(), offsets->buffer.get()}, {out->buffer.get()}, &push, gx,
                     gy);
}

}  // namespace vulkan
}  // namespace ember
