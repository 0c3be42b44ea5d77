# The mock DXCore library's tests (docs/dxcore.md). They link libdxcore and
# libd3d12, never mk_core: one adapter registry and machine, as in a real client.

set(MK_DXCORE_TEST_ENV_RESET
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")

add_executable(test_dxcore ${CMAKE_CURRENT_SOURCE_DIR}/dxcore/test_dxcore.c)
target_link_libraries(test_dxcore PRIVATE dxcore d3d12 PkgConfig::CMOCKA)
target_include_directories(test_dxcore PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_dxcore COMMAND test_dxcore)
set_tests_properties(test_dxcore PROPERTIES ENVIRONMENT_MODIFICATION "${MK_DXCORE_TEST_ENV_RESET}")

# A DXCore client written against DirectX-Headers' C++ dxcore.h (through
# <mockd3d12/dxcore.h>): it calls every method through the C++ interfaces on
# the objects the C library returns, so a slot out of order in the C layout
# fails here, and enumerates the machine, creating a device on each adapter.
add_executable(test_dxcore_cxx ${CMAKE_CURRENT_SOURCE_DIR}/dxcore/cxx_client.cpp)
target_link_libraries(test_dxcore_cxx PRIVATE dxcore d3d12)
add_test(NAME test_dxcore_cxx COMMAND test_dxcore_cxx)
set_tests_properties(test_dxcore_cxx PROPERTIES ENVIRONMENT_MODIFICATION
  "${MK_DXCORE_TEST_ENV_RESET};MOCKD3D12_ADAPTERS=set:intel-iris-xe,nvidia-rtx-4090,warp-22621")
