# The mock D3D11 runtime's tests (docs/d3d11.md). They link libd3d11.so,
# libdxgi.so and libd3d12.so, never mk_core, as a real client.

set(MK_D3D11_TEST_ENV_RESET
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_D3D11_SDK_LAYERS=unset:")

add_executable(test_d3d11 ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11.c)
target_link_libraries(test_d3d11 PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA Threads::Threads ${CMAKE_DL_LIBS})
target_include_directories(test_d3d11 PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11 COMMAND test_d3d11)
set_tests_properties(test_d3d11 PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET}")

# D3D11On12's wrapped resources: the seed's D3D1211on12 sample replayed to
# three frames, and the interop rules (src/d3d11/on12.c).
add_executable(test_d3d11on12 ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11on12.c)
target_link_libraries(test_d3d11on12 PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11on12 PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11on12 COMMAND test_d3d11on12)
set_tests_properties(test_d3d11on12 PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET}")

# Swap chains on D3D11 devices (src/dxgi/swapchain.c's D3D11 path).
add_executable(test_d3d11_swapchain ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_swapchain.c)
target_link_libraries(test_d3d11_swapchain PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_swapchain PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_swapchain COMMAND test_d3d11_swapchain)
set_tests_properties(test_d3d11_swapchain PROPERTIES LABELS "unit;memcheck"
  ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET}")

# The conformance suites of the runtime's objects (label "conformance",
# docs/testing.md): the public D3D11 API only, on the default adapter, which
# the environment makes the nvidia-rtx-4090 profile here (the real runtime
# ignores it). tests/windows/CMakeLists.txt cross-builds them.
#   test_d3d11_resources  buffers and textures (src/d3d11/resource.c)
#   test_d3d11_states     state objects and queries (src/d3d11/state.c, data/d3d11-state-rules.tsv)
#   test_d3d11_views      views (src/d3d11/view.c)
#   test_d3d11_copy       copies between resources (src/d3d11/copy.c)
#   test_d3d11_shaders    shaders and input layouts (src/d3d11/shader.c), with bytecode from
#                         tests/unit/dxbc_writer.h (its checksum: src/objects/dxbc_checksum.c,
#                         compiled in, with the little-endian helpers of src/base/bytes.h)
#   test_d3d11_pipeline   the contexts' pipeline state (src/d3d11/pipeline.c)
#   test_d3d11_clear      clears (src/d3d11/clear.c)
set(MK_D3D11_CONFORMANCE_SUITES
  test_d3d11_resources test_d3d11_states test_d3d11_views test_d3d11_copy test_d3d11_shaders test_d3d11_pipeline
  test_d3d11_clear)
foreach(name ${MK_D3D11_CONFORMANCE_SUITES})
  add_executable(${name} ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/${name}.c)
  target_link_libraries(${name} PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
  target_include_directories(${name} PRIVATE ${MK_TEST_COMMON_DIR})
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS "conformance;unit;memcheck"
    ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")
endforeach()
target_link_libraries(test_d3d11_states PRIVATE Threads::Threads)
target_sources(test_d3d11_shaders PRIVATE ${PROJECT_SOURCE_DIR}/src/objects/dxbc_checksum.c)
target_include_directories(test_d3d11_shaders PRIVATE ${PROJECT_SOURCE_DIR}/src/objects ${PROJECT_SOURCE_DIR}/src/base)
list(APPEND MK_CONFORMANCE_SUITES ${MK_D3D11_CONFORMANCE_SUITES})

# <mockd3d12/d3d11.h> compiles as C11 and C++17 with -Wall -Wextra -Werror;
# building is the test (plus __uuidof of the D3D11 interfaces in C++).
add_executable(test_d3d11_header_c ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/header_check.c)
target_link_libraries(test_d3d11_header_c PRIVATE d3d11)
add_test(NAME test_d3d11_header_c COMMAND test_d3d11_header_c)
add_executable(test_d3d11_header_cxx ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/header_check.cpp)
target_link_libraries(test_d3d11_header_cxx PRIVATE d3d11)
add_test(NAME test_d3d11_header_cxx COMMAND test_d3d11_header_cxx)

# docs/d3d11.md shows data/d3d11-mapping.tsv as generated.
add_test(NAME d3d11_mapping_doc
  COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/tools/gen_d3d11.py check-doc
          ${PROJECT_SOURCE_DIR}/data/d3d11-mapping.tsv ${PROJECT_SOURCE_DIR}/docs/d3d11.md)

# The seed's feature-level probe: as written in C (tests/d3d11/feature_level_probe.c
# explains the one flag), and in C++. Rows: name | MOCKD3D12_ADAPTER |
# MOCKD3D12_D3D11_RUNTIME ("-": unset) | expected output.
add_executable(d3d11_feature_level_probe_c ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/feature_level_probe.c)
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/d3d11/feature_level_probe.c PROPERTIES
  COMPILE_OPTIONS "-Wno-incompatible-pointer-types")
target_link_libraries(d3d11_feature_level_probe_c PRIVATE d3d11)
add_executable(d3d11_feature_level_probe_cxx ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/feature_level_probe.cpp)
target_link_libraries(d3d11_feature_level_probe_cxx PRIVATE d3d11)
set(MK_D3D11_PROBE_ROWS
  "rtx4090-11.4|nvidia-rtx-4090|-|hr 0x00000001 level b_1"
  "rtx4090-11.1|nvidia-rtx-4090|11.1|hr 0x00000001 level b_1"
  "rtx4090-11.0|nvidia-rtx-4090|11.0|failed: 0x80070057"
  "fl11-minimal|fl11-minimal|-|hr 0x00000001 level b_0"
  "warp|warp|11.2|hr 0x00000001 level b_1")
foreach(row ${MK_D3D11_PROBE_ROWS})
  mk_row_fields("${row}" name adapter runtime expected)
  set(env "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:${adapter}")
  if(NOT runtime STREQUAL "-")
    string(APPEND env ";MOCKD3D12_D3D11_RUNTIME=set:${runtime}")
  endif()
  foreach(lang c cxx)
    add_test(NAME d3d11_feature_level_probe_${lang}_${name} COMMAND d3d11_feature_level_probe_${lang})
    set_tests_properties(d3d11_feature_level_probe_${lang}_${name} PROPERTIES
      ENVIRONMENT_MODIFICATION "${env}" PASS_REGULAR_EXPRESSION "^${expected}\n$")
  endforeach()
endforeach()
