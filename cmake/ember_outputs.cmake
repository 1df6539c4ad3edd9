# What every build (each platform x net profile) delivers beside the static library `ember`:
#   libember.so       the same objects, exporting only the public API (cmake/ember.map), stripped in Release
#   include/          the public headers (src/io/ember.h, ember_c.h and the headers they include)
#   min_run           tools/size_probe/min_run.cpp on the static library (what an app links), min_run_shared on
#                     libember.so from include/ alone; both write link maps for tools/size_report.sh
set(EMBER_RELEASE_STRIP $<$<CONFIG:Release>:-s>)
# ARM shared libraries align their segments to 16 KB rather than ld's default 64 KB: phones run 4 or 16 KB pages
# (16 KB from Android 15), and the 64 KB alignment padded the file by up to 64 KB (arm64 mobilenet libember.so
# 645 -> 597 KB). A kernel with 64 KB pages (some ARM servers) cannot load such a library.
set(EMBER_SHARED_PAGE "")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm)")
  set(EMBER_SHARED_PAGE -Wl,-z,max-page-size=16384)
endif()

# ---- include/: the public headers and, transitively, the project headers they include ----
function(ember_copy_public_headers)
  set(todo io/ember.h io/ember_c.h)
  set(done "")
  while(todo)
    list(POP_FRONT todo h)
    if(h IN_LIST done)
      continue()
    endif()
    list(APPEND done ${h})
    configure_file(${CMAKE_SOURCE_DIR}/src/${h} ${CMAKE_BINARY_DIR}/include/${h} COPYONLY)
    file(STRINGS ${CMAKE_SOURCE_DIR}/src/${h} incs REGEX "^#include \"")
    foreach(i ${incs})
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" inc "${i}")
      list(APPEND todo ${inc})
    endforeach()
  endwhile()
endfunction()
ember_copy_public_headers()

# Sizes and exports are properties of release builds; sanitizer builds (tools/asan.sh, tsan.sh, fuzz.sh) skip them.
if(EMBER_SANITIZE)
  return()
endif()

# ---- libember.so ----
# protobuf-lite stays a shared dependency of libember.so: Debian's archive is not position independent.
# min_run links that archive (an executable may), so its link map shows what protobuf-lite costs.
string(REGEX REPLACE "[.]so$" ".a" EMBER_PROTOBUF_LITE_ARCHIVE "${Protobuf_LITE_LIBRARY}")
if(NOT EXISTS "${EMBER_PROTOBUF_LITE_ARCHIVE}")
  set(EMBER_PROTOBUF_LITE_ARCHIVE protobuf::libprotobuf-lite)
endif()
if(NOT EMBER_PROTOBUF_LITE)  # a build whose formats need no protobuf (ncnn only)
  set(EMBER_PROTOBUF_LITE_ARCHIVE "")
endif()
add_library(ember_shared SHARED $<TARGET_OBJECTS:ember_objs> ${EMBER_ISA_OBJS})
set_target_properties(ember_shared PROPERTIES OUTPUT_NAME ember LINK_DEPENDS ${CMAKE_SOURCE_DIR}/cmake/ember.map)
# A versioned soname (libember.so.0 -> libember.so.0.1.0) for installs; Android loads unversioned names only.
if(NOT ANDROID)
  set_target_properties(ember_shared PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
endif()
target_include_directories(ember_shared INTERFACE $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/ember>)
target_compile_features(ember_shared INTERFACE cxx_std_17)
target_link_libraries(ember_shared PRIVATE ember_proto ${EMBER_PROTOBUF_LITE} OpenMP::OpenMP_CXX
                      $<$<BOOL:${EMBER_VULKAN}>:Vulkan::Vulkan>)
target_link_options(ember_shared PRIVATE -Wl,--version-script=${CMAKE_SOURCE_DIR}/cmake/ember.map
                    -Wl,--exclude-libs,ALL -Wl,-Map=${CMAKE_BINARY_DIR}/libember.so.map ${EMBER_RELEASE_STRIP}
                    ${EMBER_SHARED_PAGE} ${EMBER_SHARED_LTO})

# ---- the size probe ----
add_executable(min_run tools/size_probe/min_run.cpp)
target_link_libraries(min_run PRIVATE ember ember_proto ${EMBER_PROTOBUF_LITE_ARCHIVE})
target_link_options(min_run PRIVATE -static-libstdc++ -static-libgcc
                    -Wl,-Map=${CMAKE_BINARY_DIR}/min_run.map ${EMBER_RELEASE_STRIP})
add_executable(min_run_shared tools/size_probe/min_run.cpp)  # include/ comes from ember_shared's interface
target_link_libraries(min_run_shared PRIVATE ember_shared)
