# `cmake --install BUILD --prefix P` (GNUInstallDirs paths):
#   lib/libember.a, lib/libember.so(.0, .0.1.0)   exported as ember::ember_static and ember::ember (the shared one)
#   include/ember/{io,framework,passes}/           include/ of the build (the public headers and what they include);
#                                                  consumers put include/ember on the include path and write
#                                                  #include "io/ember.h" as in the tree (no top-level framework/ in P)
#   lib/cmake/ember/                               emberConfig.cmake, emberConfigVersion.cmake, emberTargets*.cmake
#   lib/pkgconfig/ember.pc                         -lember; Libs.private / Requires.private for a static link
#   bin/ember                                      the CLI (linked statically against Ember)
# Sanitizer builds have no libember.so (cmake/ember_outputs.cmake) and install nothing.
if(NOT TARGET ember_shared)
  return()
endif()
include(CMakePackageConfigHelpers)
set(EMBER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ember)

set_target_properties(ember PROPERTIES EXPORT_NAME ember_static)
set_target_properties(ember_shared PROPERTIES EXPORT_NAME ember)
install(TARGETS ember ember_shared EXPORT emberTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_BINARY_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ember)
install(TARGETS ember_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT emberTargets NAMESPACE ember:: DESTINATION ${EMBER_CMAKE_DIR})

# The static library's link dependencies, found again in the consumer (libember.so links them itself).
set(EMBER_FIND_PROTOBUF "")
set(EMBER_PC_REQUIRES_PRIVATE "")
if(EMBER_PROTOBUF_LITE)
  set(EMBER_FIND_PROTOBUF "find_dependency(Protobuf)")
  set(EMBER_PC_REQUIRES_PRIVATE "Requires.private: protobuf-lite")
endif()
set(EMBER_FIND_VULKAN "")
set(EMBER_PC_VULKAN "")
if(EMBER_VULKAN)
  set(EMBER_FIND_VULKAN "find_dependency(Vulkan)")
  set(EMBER_PC_VULKAN " -lvulkan")
endif()
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/emberConfig.cmake.in
  ${CMAKE_BINARY_DIR}/emberConfig.cmake INSTALL_DESTINATION ${EMBER_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/emberConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/emberConfig.cmake ${CMAKE_BINARY_DIR}/emberConfigVersion.cmake
        DESTINATION ${EMBER_CMAKE_DIR})

# ember.pc finds the prefix from its own place (${pcfiledir}), so an install with --prefix is relocatable.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(EMBER_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
  set(EMBER_PC_LIBDIR ${CMAKE_INSTALL_FULL_LIBDIR})
  set(EMBER_PC_INCLUDEDIR ${CMAKE_INSTALL_FULL_INCLUDEDIR})
else()
  file(RELATIVE_PATH rel /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
  string(REGEX REPLACE "/$" "" rel "${rel}")
  set(EMBER_PC_PREFIX "\${pcfiledir}/${rel}")
  set(EMBER_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(EMBER_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_SOURCE_DIR}/cmake/ember.pc.in ${CMAKE_BINARY_DIR}/ember.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/ember.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
