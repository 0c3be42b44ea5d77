# Edges of the mock Direct3D 11 runtime (tests/d3d11/test_d3d11_edges.c):
# linked like test_d3d11 (tests/d3d11.cmake), never mk_core.
add_executable(test_d3d11_edges ${CMAKE_CURRENT_SOURCE_DIR}/d3d11/test_d3d11_edges.c)
target_link_libraries(test_d3d11_edges PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_d3d11_edges PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_d3d11_edges COMMAND test_d3d11_edges)
set_tests_properties(test_d3d11_edges PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_D3D11_SDK_LAYERS=unset:")
