# The caps room's C++ client: DirectX-Headers' CD3DX12FeatureSupport (d3dx12.h,
# unchanged) run against every built-in adapter through libd3d12.so.
add_executable(test_d3dx12_feature_support ${CMAKE_CURRENT_SOURCE_DIR}/cpp/test_d3dx12_feature_support.cpp)
target_link_libraries(test_d3dx12_feature_support PRIVATE d3d12)
target_compile_options(test_d3dx12_feature_support PRIVATE -Wall -Wextra -Werror)
add_test(NAME test_d3dx12_feature_support COMMAND test_d3dx12_feature_support)
set_tests_properties(test_d3dx12_feature_support PROPERTIES ENVIRONMENT_MODIFICATION
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
