# Cross build for 32- or 64-bit ARM Linux with Debian's cross compilers (g++-aarch64-linux-gnu,
# g++-arm-linux-gnueabihf), protobuf-lite from build-deps/<arch> (tools/arm_sysroot.sh) and the host's protoc
# (the same 3.21 release). EMBER_ARM_ARCH = arm64 | armhf, passed by tools/build.sh.
if(NOT EMBER_ARM_ARCH)
  set(EMBER_ARM_ARCH arm64)
endif()
set(CMAKE_SYSTEM_NAME Linux)
if(EMBER_ARM_ARCH STREQUAL "arm64")
  set(CMAKE_SYSTEM_PROCESSOR aarch64)
  set(_triple aarch64-linux-gnu)
else()
  set(CMAKE_SYSTEM_PROCESSOR armv7-a)
  set(_triple arm-linux-gnueabihf)
  # Debian armhf's baseline (VFPv3-D16, no NEON): only the NEON kernel objects get -mfpu=neon-vfpv4
  # (cmake/arm_kernels.cmake), chosen at run time when HWCAP_NEON is set.
  set(CMAKE_C_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
  # -Wno-psabi: GCC notes that passing initializer_list changed ABI in GCC 7.1, on every call (no bug here).
  set(CMAKE_CXX_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard -Wno-psabi")
endif()
set(CMAKE_C_COMPILER ${_triple}-gcc)
set(CMAKE_CXX_COMPILER ${_triple}-g++)
set(_deps ${CMAKE_CURRENT_LIST_DIR}/../../build-deps/${EMBER_ARM_ARCH}/usr)
get_filename_component(_deps ${_deps} ABSOLUTE)
set(Protobuf_INCLUDE_DIR ${_deps}/include CACHE PATH "")
set(Protobuf_LITE_LIBRARY ${_deps}/lib/${_triple}/libprotobuf-lite.a CACHE FILEPATH "")
set(Protobuf_LIBRARY ${_deps}/lib/${_triple}/libprotobuf.a CACHE FILEPATH "")
set(Protobuf_PROTOC_EXECUTABLE /usr/bin/protoc CACHE FILEPATH "")
# Programs (protoc) from the host; Catch2's and Eigen's header-only CMake packages from the host too.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# Test executables run under qemu-user (CTest and catch_discover_tests use this).
if(EMBER_ARM_ARCH STREQUAL "arm64")
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/${_triple})
else()
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L /usr/${_triple})
endif()
