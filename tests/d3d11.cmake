# The mock D3D11 runtime's tests (docs/d3d11.md). They link libd3d11.so,
# libdxgi.so and libd3d12.so, never mk_core, as a real client. The suites of
# the objects create their devices on the default adapter (tests/common/
# mk_test.h's create_d3d11_device), which the environment makes the
# nvidia-rtx-4090 profile.

set(MK_D3D11_TEST_ENV_RESET
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_D3D11_SDK_LAYERS=unset:")

add_executable(test_d3d11 ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11.c)
target_link_libraries(test_d3d11 PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA Threads::Threads ${CMAKE_DL_LIBS})
target_include_directories(test_d3d11 PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11 COMMAND test_d3d11)
set_tests_properties(test_d3d11 PROPERTIES ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET}")

# State objects and queries (src/d3d11/state.c, data/d3d11-state-rules.tsv).
add_executable(test_d3d11_states ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_states.c)
target_link_libraries(test_d3d11_states PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA Threads::Threads)
target_include_directories(test_d3d11_states PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_states COMMAND test_d3d11_states)
set_tests_properties(test_d3d11_states PROPERTIES ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET}")

# Copies between resources (src/d3d11/copy.c).
add_executable(test_d3d11_copy ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_copy.c)
target_link_libraries(test_d3d11_copy PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_copy PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_copy COMMAND test_d3d11_copy)
set_tests_properties(test_d3d11_copy PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")

# Views (src/d3d11/view.c).
add_executable(test_d3d11_views ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_views.c)
target_link_libraries(test_d3d11_views PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_views PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_views COMMAND test_d3d11_views)
set_tests_properties(test_d3d11_views PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")

# Shaders and input layouts (src/d3d11/shader.c), with bytecode from
# tests/unit/dxbc_writer.h (its checksum: src/objects/dxbc_checksum.c).
add_executable(test_d3d11_shaders ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_shaders.c
  ${PROJECT_SOURCE_DIR}/src/objects/dxbc_checksum.c)
target_include_directories(test_d3d11_shaders PRIVATE ${PROJECT_SOURCE_DIR}/src/objects ${PROJECT_SOURCE_DIR}/src/base)
target_link_libraries(test_d3d11_shaders PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_shaders PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_shaders COMMAND test_d3d11_shaders)
set_tests_properties(test_d3d11_shaders PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")

# The contexts' pipeline state (src/d3d11/pipeline.c).
add_executable(test_d3d11_pipeline ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_pipeline.c)
target_link_libraries(test_d3d11_pipeline PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_pipeline PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_pipeline COMMAND test_d3d11_pipeline)
set_tests_properties(test_d3d11_pipeline PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")

# Clears (src/d3d11/clear.c).
add_executable(test_d3d11_clear ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_clear.c)
target_link_libraries(test_d3d11_clear PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_clear PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_clear COMMAND test_d3d11_clear)
set_tests_properties(test_d3d11_clear PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_ADAPTER=set:nvidia-rtx-4090")

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
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 adapter)
  list(GET fields 2 runtime)
  list(GET fields 3 expected)
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
