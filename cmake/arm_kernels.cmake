# ARM NEON kernels (src/operators/kernel/arm) for aarch64 and 32-bit ARM: sets EMBER_ARM_SRCS, the sources added
# to the ember library, together with the drivers and kernel bodies shared with the x86 folder
# (src/operators/kernel/simd).
#   *_neon.cpp   NEON code (object library ember_arm_neon): on 32-bit ARM compiled with -mfpu=neon-vfpv4, the
#                rest of the library keeps the toolchain's baseline (Debian armhf: vfpv3-d16), so it still runs
#                on a core without NEON; aarch64 always has NEON (no extra flags).
#   everything else there with the baseline flags (dispatch, level detection, kernel sets).
# Which level runs is chosen at run time (cpu_arm.h: HWCAPs, EMBER_ISA=neon|generic).
option(EMBER_ARM_KERNELS "ARM NEON kernels with run-time dispatch" ON)
set(EMBER_ARM_SRCS "")
if(EMBER_ARM_KERNELS AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|armv7.*|arm)$")
  set(_arm_dir ${CMAKE_SOURCE_DIR}/src/operators/kernel/arm)
  file(GLOB _arm_all CONFIGURE_DEPENDS ${_arm_dir}/*.cpp ${CMAKE_SOURCE_DIR}/src/operators/kernel/simd/*.cpp)
  file(GLOB _arm_neon CONFIGURE_DEPENDS ${_arm_dir}/*_neon.cpp)
  set(_arm_base ${_arm_all})
  list(REMOVE_ITEM _arm_base ${_arm_neon})
  add_library(ember_arm_neon OBJECT ${_arm_neon})
  target_include_directories(ember_arm_neon PRIVATE ${CMAKE_SOURCE_DIR}/src)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
    # sdot: only this file, only called where the CPU reports asimddp (igemm_arm.cpp)
    set_source_files_properties(${_arm_dir}/igemm_dot_neon.cpp PROPERTIES COMPILE_OPTIONS -march=armv8.2-a+dotprod)
  endif()
  if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
    target_compile_options(ember_arm_neon PRIVATE -mfpu=neon-vfpv4)
    # GCC's arm_neon.h declares the half conversions (vcvt_f32_f16) only with a half format chosen.
    set_source_files_properties(${_arm_dir}/half_neon.cpp PROPERTIES COMPILE_OPTIONS -mfp16-format=ieee)
  endif()
  if(EMBER_SANITIZE MATCHES "undefined")  # as the x86 kernels (x86_kernels.cmake)
    target_compile_options(ember_arm_neon PRIVATE -fno-sanitize=undefined)
  endif()
  set(EMBER_ARM_SRCS ${_arm_base} $<TARGET_OBJECTS:ember_arm_neon>)
  # Only the registry needs to know (a global definition would rebuild the whole library for nothing).
  set_source_files_properties(${CMAKE_SOURCE_DIR}/src/operators/kernel/cpu_accel.cpp PROPERTIES
                              COMPILE_DEFINITIONS EMBER_HAVE_ARM_KERNELS=1)
endif()
