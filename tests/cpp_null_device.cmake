# The null device's C++ client (tests/cpp/test_null_device.cpp): an engine's
# start-up with a WRL-style ComPtr on every built-in adapter, through
# libd3d12.so as an application links it.
add_executable(test_null_device ${CMAKE_CURRENT_SOURCE_DIR}/cpp/test_null_device.cpp)
target_link_libraries(test_null_device PRIVATE d3d12)
target_compile_options(test_null_device PRIVATE -Wall -Wextra -Werror)
add_test(NAME test_null_device COMMAND test_null_device)
set_tests_properties(test_null_device PROPERTIES LABELS "unit" ENVIRONMENT_MODIFICATION
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
