// Which converters a build keeps. A net profile lists the source op types of its models in
// EMBER_NET_CONVERTERS ("ncnn:Convolution", "onnx:Conv", written by `ember profile`); CMake writes them into
// converters_built.inc. A profile without the list (full) keeps every converter.
// A table row of a type outside the list holds a null function: nothing references the converter, so the
// compiler or the linker (--gc-sections) drops it with the helpers only it uses, and the importer skips the row.
#pragma once

#include <string_view>
#include <type_traits>

namespace ember {
namespace converters_built {
#include "converters_built.inc"  // constexpr bool kAll; constexpr std::string_view kTypes[] (never empty)
}  // namespace converters_built

// True when this build keeps the converter of `format`'s op type `type`.
constexpr bool ConverterBuilt(std::string_view format, std::string_view type) {
  if (converters_built::kAll) return true;
  for (std::string_view t : converters_built::kTypes)
    if (t.size() == format.size() + 1 + type.size() && t.substr(0, format.size()) == format &&
        t[format.size()] == ':' && t.substr(format.size() + 1) == type)
      return true;
  return false;
}

}  // namespace ember

// A table row's function: `fn` when the build keeps (format, type), else null (decided at compile time).
#define EMBER_KEPT_CONVERTER(format, type, fn) \
  (std::integral_constant<bool, ::ember::ConverterBuilt(format, type)>::value ? fn : nullptr)
