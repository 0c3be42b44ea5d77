# The mock DXGI library's argument checks and description conversion
# (tests/dxgi/test_dxgi_edges.c): linked like test_dxgi (tests/dxgi.cmake),
# libdxgi.so and libd3d12.so, never mk_core.
add_executable(test_dxgi_edges ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/test_dxgi_edges.c)
target_link_libraries(test_dxgi_edges PRIVATE dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_dxgi_edges PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_dxgi_edges COMMAND test_dxgi_edges)
set_tests_properties(test_dxgi_edges PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
