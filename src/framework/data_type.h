// Element types a Tensor can hold, and their C++ counterparts.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ember {

// float16 is stored as its raw bits; kernels convert on use (see float16.h).
struct float16 {
  uint16_t bits;
};

enum class DataType : int {
  kFloat32 = 0,
  kFloat16,
  kInt8,
  kUInt8,
  kInt32,
  kInt64,
  kBool,
};

inline size_t SizeOf(DataType t) {
  switch (t) {
    case DataType::kFloat32: return 4;
    case DataType::kFloat16: return 2;
    case DataType::kInt8: return 1;
    case DataType::kUInt8: return 1;
    case DataType::kInt32: return 4;
    case DataType::kInt64: return 8;
    case DataType::kBool: return 1;
  }
  return 0;
}

inline const char* DataTypeName(DataType t) {
  switch (t) {
    case DataType::kFloat32: return "float32";
    case DataType::kFloat16: return "float16";
    case DataType::kInt8: return "int8";
    case DataType::kUInt8: return "uint8";
    case DataType::kInt32: return "int32";
    case DataType::kInt64: return "int64";
    case DataType::kBool: return "bool";
  }
  return "unknown";
}

template <typename T>
struct DataTypeTrait;
template <> struct DataTypeTrait<float> { static constexpr DataType value = DataType::kFloat32; };
template <> struct DataTypeTrait<float16> { static constexpr DataType value = DataType::kFloat16; };
template <> struct DataTypeTrait<int8_t> { static constexpr DataType value = DataType::kInt8; };
template <> struct DataTypeTrait<uint8_t> { static constexpr DataType value = DataType::kUInt8; };
template <> struct DataTypeTrait<int32_t> { static constexpr DataType value = DataType::kInt32; };
template <> struct DataTypeTrait<int64_t> { static constexpr DataType value = DataType::kInt64; };
template <> struct DataTypeTrait<bool> { static constexpr DataType value = DataType::kBool; };

template <typename T>
constexpr DataType DataTypeOf() { return DataTypeTrait<T>::value; }

}  // namespace ember
