#include "operators/fill_constant_op.h"

#include <cerrno>
#include <cstdlib>

#include "framework/op_registry.h"
#include "operators/var_data_type.h"

namespace ember {

Status FillConstantParam::Bind(ParamBinder* b) {
  // Paddle can take the shape or the value from tensors at run time; Ember reads only the attributes.
  for (const char* slot : {"ShapeTensor", "ShapeTensorList", "ValueTensor"})
    if (b->op().HasInput(slot))
      return Unimplemented("input ", slot, " (shape or value given as tensors) is not supported; use attributes");
  out = b->Output("Out");
  shape = b->attrs().Ints("shape", {});
  dtype = b->attrs().Int("dtype", 5);
  value = b->attrs().Float("value", 0.f);
  str_value = b->attrs().String("str_value", "");
  return Status::OK();
}

// Parses str_value as Paddle does: "inf", "-inf", "nan", an integer (kept exact) or a real number.
static Status ParseStrValue(const std::string& s, FillConstantParam* p) {
  const char* begin = s.c_str();
  char* end = nullptr;
  errno = 0;
  long long i = std::strtoll(begin, &end, 10);
  if (*end == '\0' && errno == 0) {
    p->is_integer = true;
    p->integer = i;
    p->number = static_cast<double>(i);
    return Status::OK();
  }
  errno = 0;
  double d = std::strtod(begin, &end);  // also reads inf, -inf and nan
  if (*end != '\0' || end == begin) return InvalidArgument("attribute str_value = '", s, "' is not a number");
  p->is_integer = false;
  p->number = d;
  return Status::OK();
}

Status FillConstantOp::InferShape() {
  FillConstantParam& p = param_;
  EMBER_RETURN_IF_ERROR(DataTypeFromVarType(p.dtype, "dtype", &p.out_type));
  DDim dims(p.shape);
  for (int i = 0; i < dims.size(); ++i)
    EMBER_CHECK(dims[i] >= 0, "attribute shape ", dims.ToString(), " has a negative dim (unknown dims need ShapeTensor)");
  EMBER_CHECK(dims.numel() >= 0, "attribute shape ", dims.ToString(), " has too many elements");
  if (p.str_value.empty()) {
    p.is_integer = false;
    p.number = p.value;
  } else {
    EMBER_RETURN_IF_ERROR(ParseStrValue(p.str_value, &p));
  }
  p.out->Resize(dims);
  p.out->set_dtype(p.out_type);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(fill_constant, FillConstantOp)

}  // namespace ember
