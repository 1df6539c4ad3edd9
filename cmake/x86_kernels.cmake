# x86 SIMD kernels (src/operators/kernel/x86): sets EMBER_X86_SRCS, the sources added to the ember library, and
# EMBER_CPU_ACCEL_SRCS, the dispatch table through which the cpu kernels reach them (x86/x86_accel.cpp fills it).
#   *_avx2.cpp    compiled with -mavx2 -mfma        (object library ember_x86_avx2)
#   *_avx512.cpp  compiled with -mavx512f -mfma     (object library ember_x86_avx512; igemm_avx512.cpp adds VNNI)
#   everything else there with the baseline flags (dispatch, drivers, portable fallbacks).
# Which variant runs is chosen at run time (cpu_isa.h: CPUID + XGETBV, EMBER_ISA=avx512|avx2|generic).
# -DEMBER_X86_KERNELS=OFF builds the portable kernels only (the baseline `tools/bench_suite.sh` compares with).
# The drivers and kernel bodies shared with the ARM folder (src/operators/kernel/simd, see arm_kernels.cmake)
# are compiled with the baseline flags into the same list.
option(EMBER_X86_KERNELS "x86 SIMD kernels with run-time dispatch" ON)
set(EMBER_X86_SRCS "")
# The kernels' dispatch table (src/operators/kernel/cpu_accel.h), built in every configuration: its registry,
# cpu_accel.cpp, fills it from the folders this build has (none: the portable kernels only).
set(EMBER_CPU_ACCEL_SRCS ${CMAKE_SOURCE_DIR}/src/operators/kernel/cpu_accel.cpp)
if(EMBER_X86_KERNELS AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|i[3-6]86)$")
  set(_x86_dir ${CMAKE_SOURCE_DIR}/src/operators/kernel/x86)
  file(GLOB _x86_all CONFIGURE_DEPENDS ${_x86_dir}/*.cpp ${CMAKE_SOURCE_DIR}/src/operators/kernel/simd/*.cpp)
  file(GLOB _x86_avx2 CONFIGURE_DEPENDS ${_x86_dir}/*_avx2.cpp)
  file(GLOB _x86_avx512 CONFIGURE_DEPENDS ${_x86_dir}/*_avx512.cpp)
  set(_x86_base ${_x86_all})
  if(_x86_avx2 OR _x86_avx512)
    list(REMOVE_ITEM _x86_base ${_x86_avx2} ${_x86_avx512})
  endif()
  add_library(ember_x86_avx2 OBJECT ${_x86_avx2})
  target_compile_options(ember_x86_avx2 PRIVATE -mavx2 -mfma)
  add_library(ember_x86_avx512 OBJECT ${_x86_avx512})
  target_compile_options(ember_x86_avx512 PRIVATE -mavx512f -mavx2 -mfma -Wno-maybe-uninitialized)
  # The int8 GEMM's vpdpbusd kernel, called only where CPUID reports AVX512BW and AVX512-VNNI (cpu_isa.h).
  set_source_files_properties(${_x86_dir}/igemm_avx512.cpp PROPERTIES COMPILE_OPTIONS "-mavx512bw;-mavx512vnni")
  foreach(_t ember_x86_avx2 ember_x86_avx512)
    target_include_directories(${_t} PRIVATE ${CMAKE_SOURCE_DIR}/src)
    target_compile_definitions(${_t} PRIVATE EMBER_HAVE_X86_KERNELS=1)
    # UBSan on the fully unrolled SIMD kernels (Winograd's transforms above all) makes clang take minutes per
    # file (winograd_avx512.cpp: ~5 CPU-minutes with address+undefined+coverage, 4 s without undefined), which
    # CI cannot afford; ASan still checks every load and store they make, and UBSan the rest of the library.
    if(EMBER_SANITIZE MATCHES "undefined")
      target_compile_options(${_t} PRIVATE -fno-sanitize=undefined)
    endif()
  endforeach()
  if(EMBER_SANITIZE MATCHES "undefined")  # the plain fallbacks of the same kernels (same .inc files)
    file(GLOB _x86_generic ${_x86_dir}/*_generic.cpp ${CMAKE_SOURCE_DIR}/src/operators/kernel/simd/*_generic.cpp)
    set_source_files_properties(${_x86_generic} PROPERTIES COMPILE_OPTIONS -fno-sanitize=undefined)
  endif()
  set(EMBER_X86_SRCS ${_x86_base} $<TARGET_OBJECTS:ember_x86_avx2> $<TARGET_OBJECTS:ember_x86_avx512>)
  add_compile_definitions(EMBER_HAVE_X86_KERNELS=1)
endif()
