# The clamp room's tests beyond the CMocka units:
#  - check_raytracing: the CheckFeatureSupport1 spec's CheckRaytracingSupport
#    example compiled as C++17 (WRL ComPtr, IID_PPV_ARGS) against libd3d12.so,
#    run against the nextgen adapter and a runtime without ID3D12Device17;
#  - test_clamp_exported: a program exporting D3D12SDKVersion (as the Agility
#    SDK loader reads it), for that source of the runtime configuration and
#    its precedence below the environment;
#  - check_exported_linked: a program linked against libd3d12.so without
#    ENABLE_EXPORTS whose D3D12SDKVersion the library still sees (its weak
#    reference exports the symbol).
set(MK_CLAMP_TEST_ENV_RESET
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_CUTOFF_SDK_VERSION=unset:;MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_CLAMP_RETROACTIVE=unset:")

add_executable(check_raytracing ${CMAKE_CURRENT_SOURCE_DIR}/clamp/check_raytracing.cpp)
target_link_libraries(check_raytracing PRIVATE d3d12)
target_compile_options(check_raytracing PRIVATE -Wall -Wextra -Werror)
add_test(NAME check_raytracing COMMAND check_raytracing)
set_tests_properties(check_raytracing PROPERTIES ENVIRONMENT_MODIFICATION "${MK_CLAMP_TEST_ENV_RESET}")

add_executable(test_clamp_exported ${CMAKE_CURRENT_SOURCE_DIR}/clamp/test_clamp_exported.c)
target_link_libraries(test_clamp_exported PRIVATE mk_core PkgConfig::CMOCKA)
target_include_directories(test_clamp_exported PRIVATE ${MK_TEST_COMMON_DIR})
set_target_properties(test_clamp_exported PROPERTIES ENABLE_EXPORTS ON)
add_test(NAME test_clamp_exported COMMAND test_clamp_exported)
set_tests_properties(test_clamp_exported PROPERTIES ENVIRONMENT_MODIFICATION "${MK_CLAMP_TEST_ENV_RESET}")

add_executable(check_exported_linked ${CMAKE_CURRENT_SOURCE_DIR}/clamp/check_exported_linked.c)
target_link_libraries(check_exported_linked PRIVATE d3d12)
add_test(NAME check_exported_linked COMMAND check_exported_linked)
set_tests_properties(check_exported_linked PROPERTIES ENVIRONMENT_MODIFICATION "${MK_CLAMP_TEST_ENV_RESET}")
