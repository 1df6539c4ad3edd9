// A --plugin library for test/cli/test_cli_plugin.sh on the C++ API (built from include/, linking nothing of
// Ember: RegisterCustomOp, CustomOpContext and Tensor resolve to the ember tool's): registers MyLeakyReLU, an
// ncnn ReLU layer's x > 0 ? x : slope * x with the slope from param 0 (default 0).
#include "io/ember.h"
#include "io/ember_c.h"

int ember_plugin_init(void) {
  ember::Status s = ember::RegisterCustomOp(
      "MyLeakyReLU",
      [](ember::CustomOpContext& c) {
        c.output(0).Resize(c.input(0).dims());
        c.output(0).set_dtype(ember::DataType::kFloat32);
        return ember::Status::OK();
      },
      [](ember::CustomOpContext& c) {
        float slope = 0.f;
        if (c.HasAttr("0")) EMBER_RETURN_IF_ERROR(c.GetAttr("0", &slope));
        const float* x = c.input(0).data<float>();
        float* y = c.output(0).data<float>();
        for (int64_t i = 0; i < c.output(0).numel(); ++i) y[i] = x[i] > 0 ? x[i] : slope * x[i];
        return ember::Status::OK();
      });
  return s.ok() ? 0 : 1;
}
