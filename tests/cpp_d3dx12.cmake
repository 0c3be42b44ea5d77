# The caps room's C++ client: DirectX-Headers' CD3DX12FeatureSupport (d3dx12.h,
# unchanged) run against every built-in adapter through libd3d12.so.
add_executable(test_d3dx12_feature_support ${CMAKE_CURRENT_SOURCE_DIR}/cpp/test_d3dx12_feature_support.cpp)
target_link_libraries(test_d3dx12_feature_support PRIVATE d3d12)
target_compile_options(test_d3dx12_feature_support PRIVATE -Wall -Wextra -Werror)
# The reports' format tables carry bits newer than the installed headers'
# enums (D3D12_FORMAT_SUPPORT2_DISPLAYABLE, 0x10000, is SDK 1.618's; AMD's
# Granite Ridge answers it), and d3dx12.h stores Support2 in the enum type: a
# C++ enum without a fixed type cannot hold it, which UBSan's enum check
# reports. That is what such a program gets from a real driver too; the check
# is off for this client only.
if(MOCKD3D12_SANITIZE)
  target_compile_options(test_d3dx12_feature_support PRIVATE -fno-sanitize=enum)
endif()
add_test(NAME test_d3dx12_feature_support COMMAND test_d3dx12_feature_support)
set_tests_properties(test_d3dx12_feature_support PROPERTIES ENVIRONMENT_MODIFICATION
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")

# The same getters against `mockd3d12 caps --json` (tests/cpp/check_d3dx12_vs_cli.py):
# the C++ program prints one line per getter, the script resolves the CLI's JSON
# from data/reference/ and compares; the self-test feeds edited JSON and checks
# that every edit is caught. The script reads the d3dx12.h the program was built
# with for the inputs CD3DX12FeatureSupport::Init chooses.
find_file(MK_D3DX12_HEADER d3dx12.h PATHS ${DIRECTX_HEADERS_INCLUDEDIR}/directx ${DIRECTX_HEADERS_INCLUDE_DIRS}
  NO_DEFAULT_PATH)
if(MK_D3DX12_HEADER)
  foreach(mode check self-test)
    set(args $<TARGET_FILE:test_d3dx12_feature_support> $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR}
      ${MK_D3DX12_HEADER})
    if(mode STREQUAL "self-test")
      list(APPEND args --self-test)
    endif()
    add_test(NAME d3dx12_vs_cli_${mode} COMMAND Python3::Interpreter
      ${CMAKE_CURRENT_SOURCE_DIR}/cpp/check_d3dx12_vs_cli.py ${args})
    set_tests_properties(d3dx12_vs_cli_${mode} PROPERTIES LABELS "cli" ENVIRONMENT_MODIFICATION
      "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
  endforeach()
else()
  message(WARNING "directx/d3dx12.h not found: the d3dx12_vs_cli tests are not built")
endif()
