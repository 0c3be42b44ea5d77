# The API-coverage room (docs/coverage.md).
#
# tests/unit/test_api_coverage_stubs.c calls every generated ID3D12Device*
# stub; its call table comes from the same rows and the same hand-written list
# (MK_DEVICE_IMPLEMENTED, cmake/gen_foundation.cmake) as the stubs themselves.
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/device_stub_calls_gen.inc
  COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/tools/gen_stub_calls.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/device_stub_calls_gen.inc "${MK_DEVICE_IMPLEMENTED_ARG}"
  DEPENDS ${PROJECT_SOURCE_DIR}/tools/gen_stub_calls.py ${PROJECT_SOURCE_DIR}/tools/gen_device_stubs.py
          ${MK_GEN_COMMON} ${PROJECT_SOURCE_DIR}/cmake/gen_foundation.cmake
  COMMENT "Generating the calls of the unimplemented ID3D12Device methods")
add_custom_target(mk_device_stub_calls DEPENDS ${MK_GEN_DIR}/device_stub_calls_gen.inc)
if(TARGET test_api_coverage_stubs)
  add_dependencies(test_api_coverage_stubs mk_device_stub_calls)
endif()

# The libdxgi/libd3d11 exports and methods no other test calls; linked against
# the shared libraries, never mk_core, as tests/d3d11.cmake does.
add_executable(test_api_coverage_dxgi_d3d11 ${CMAKE_CURRENT_SOURCE_DIR}/coverage/test_api_coverage_dxgi_d3d11.c)
target_link_libraries(test_api_coverage_dxgi_d3d11 PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_api_coverage_dxgi_d3d11 PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_api_coverage_dxgi_d3d11 COMMAND test_api_coverage_dxgi_d3d11)
set_tests_properties(test_api_coverage_dxgi_d3d11 PROPERTIES LABELS "unit"
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_D3D11_SDK_LAYERS=unset:")
