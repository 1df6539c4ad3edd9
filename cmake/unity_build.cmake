# EMBER_UNITY_BUILD: compile each target's sources in batches of 16 (CMake's UNITY_BUILD), which parses the
# shared headers once per batch instead of once per file. For the CI builds nobody ships (the sanitizer and qemu
# jobs): the release builds compile file by file. Files whose file-local names clash with another file's (the
# kernels that include the same .inc of ISA helpers, helpers of the same name in anonymous namespaces) are
# compiled alone; a new clash fails the unity CI build, to be fixed by a distinct name or an entry here.
option(EMBER_UNITY_BUILD "compile sources in batches (CI's sanitizer and qemu builds)" OFF)
if(EMBER_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 16)
endif()
set(EMBER_UNITY_SKIP_REGEX
    "kernel/x86/(softmax|eltwise|vmath|pool|dwconv)_avx(2|512)\\.cpp$"
    "kernel/arm/(softmax|conv_s2_direct|sgemm|pool|eltwise|vmath)_neon\\.cpp$"
    "kernel/simd/(winograd|eltwise)\\.cpp$"
    "/rotary_embedding_op\\.cpp$" "/ncnn/ncnn_shape\\.cpp$" "/ember_c_custom_op\\.cpp$"
    "tools/(ember|ocr)/"  # the CLI: stb's implementations, one per file
    "test/operators/test_(x86_sgemm|conv3d_op|rnn_op|grid_sample_op|elementwise_op|yolo_box_op)\\.cpp$"
    "test/passes/test_pass_models\\.cpp$"
    "test/io/test_(onnx_conformance|custom_op|slim_model|paddle_loader|malformed_models)\\.cpp$")
# Marks the sources of the calling directory's targets that must not share a unity batch (call it at the end of
# a CMakeLists.txt: source properties belong to the directory).
function(ember_unity_skip)
  if(NOT EMBER_UNITY_BUILD)
    return()
  endif()
  get_directory_property(targets BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(srcs ${target} SOURCES)
    foreach(src ${srcs})
      foreach(re ${EMBER_UNITY_SKIP_REGEX})
        if(src MATCHES "${re}")
          set_source_files_properties(${src} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()
