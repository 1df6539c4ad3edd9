# The Vulkan backend (src/operators/kernel/vulkan), part of libember when EMBER_VULKAN is ON: GLSL compute shaders
# compiled to SPIR-V by glslc at build time and embedded as word arrays (cmake/embed_spirv.cmake writes
# vulkan_shaders.inc, declared in vulkan_shaders.h), the device, buffers, pipelines, the one-submit recorder and the kernels. Sets
# EMBER_VULKAN_SRCS and EMBER_VULKAN_DEFS for the library. EMBER_VULKAN defaults to ON where the Vulkan loader
# (libvulkan-dev) and glslc are found on a host build, for every net profile (a slim build records the adapters
# of its own ops only: vk_op_adapters.cpp); cross and sanitizer builds leave it out unless asked
# (-DEMBER_VULKAN=ON, e.g. an Android NDK build, whose sysroot has libvulkan and whose shader-tools have glslc).
find_package(Vulkan QUIET COMPONENTS glslc)
set(ember_vulkan_default OFF)
if(Vulkan_FOUND AND Vulkan_GLSLC_EXECUTABLE AND NOT CMAKE_CROSSCOMPILING AND NOT EMBER_SANITIZE)
  set(ember_vulkan_default ON)
endif()
option(EMBER_VULKAN "build the Vulkan backend (needs libvulkan-dev and glslc)" ${ember_vulkan_default})
set(EMBER_VULKAN_SRCS "")
set(EMBER_VULKAN_DEFS "")
if(NOT EMBER_VULKAN)
  return()
endif()
if(NOT Vulkan_FOUND OR NOT Vulkan_GLSLC_EXECUTABLE)
  message(FATAL_ERROR "EMBER_VULKAN=ON needs the Vulkan loader and glslc: apt-get install libvulkan-dev glslc")
endif()
if(EMBER_SANITIZE)  # a cached ON from another configuration of this folder
  message(FATAL_ERROR "EMBER_VULKAN=ON needs a build without sanitizers: pass -DEMBER_VULKAN=OFF")
endif()

set(vk_dir ${CMAKE_SOURCE_DIR}/src/operators/kernel/vulkan)
file(GLOB EMBER_VULKAN_SHADERS CONFIGURE_DEPENDS ${vk_dir}/shaders/*.comp)
file(GLOB EMBER_VULKAN_SHADER_INCLUDES CONFIGURE_DEPENDS ${vk_dir}/shaders/*.glsl)  # bodies several .comp share
set(spv_files "")
# A shader that reads its inputs through INPUT (shaders/common.glsl) is compiled three times: NAME (storage buffers),
# NAME_t (-DTEXEL: uniform texel buffers, vk_device.h GetReadPipeline) and NAME_th (texel reads, IEEE half writes:
# -DHALF_OUT, Device::HalfOutputPipeline).
function(ember_glslc name shader flags)
  set(spv ${CMAKE_BINARY_DIR}/vulkan_shaders/${name}.spv)
  add_custom_command(OUTPUT ${spv}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/vulkan_shaders
    COMMAND ${Vulkan_GLSLC_EXECUTABLE} --target-env=vulkan1.1 -O -Werror ${flags} -o ${spv} ${shader}
    DEPENDS ${shader} ${EMBER_VULKAN_SHADER_INCLUDES}
    COMMENT "glslc ${name}" VERBATIM)
  set(spv_files ${spv_files} ${spv} PARENT_SCOPE)
endfunction()
foreach(shader ${EMBER_VULKAN_SHADERS})
  get_filename_component(name ${shader} NAME_WE)
  ember_glslc(${name} ${shader} "")
  file(READ ${shader} text)
  if(text MATCHES "INPUT\\(|TEXEL")
    ember_glslc(${name}_t ${shader} "-DTEXEL")
    ember_glslc(${name}_th ${shader} "-DTEXEL;-DHALF_OUT")
  endif()
endforeach()
set(EMBER_VULKAN_SHADERS_INC ${CMAKE_BINARY_DIR}/vulkan_shaders/vulkan_shaders.inc)
set(EMBER_VULKAN_SHADERS_H ${CMAKE_BINARY_DIR}/vulkan_shaders/vulkan_shaders.h)
string(REPLACE ";" "|" spv_arg "${spv_files}")  # one argument through the shell
add_custom_command(OUTPUT ${EMBER_VULKAN_SHADERS_INC} ${EMBER_VULKAN_SHADERS_H}
  COMMAND ${CMAKE_COMMAND} -DOUT=${EMBER_VULKAN_SHADERS_INC} -DOUT_H=${EMBER_VULKAN_SHADERS_H} "-DSPV=${spv_arg}"
          -P ${CMAKE_SOURCE_DIR}/cmake/embed_spirv.cmake
  DEPENDS ${spv_files} ${CMAKE_SOURCE_DIR}/cmake/embed_spirv.cmake
  COMMENT "embedding SPIR-V into vulkan_shaders.inc" VERBATIM)

file(GLOB EMBER_VULKAN_SRCS CONFIGURE_DEPENDS ${vk_dir}/*.cpp)
list(APPEND EMBER_VULKAN_SRCS ${EMBER_VULKAN_SHADERS_INC} ${EMBER_VULKAN_SHADERS_H})
# Vulkan structs start as {VK_STRUCTURE_TYPE_...}: the rest zero, as the API intends.
set_source_files_properties(${EMBER_VULKAN_SRCS} PROPERTIES COMPILE_OPTIONS -Wno-missing-field-initializers)
set(EMBER_VULKAN_DEFS EMBER_HAVE_VULKAN=1)
