# The Windows drop-in, tested from the Linux build (docs/windows.md): one
# ctest that cross-builds d3d12.dll, mockd3d12.exe and tests/windows/wintest.c
# with mingw-w64 in <build>/windows and runs them under Wine with our DLL
# forced (tests/windows/run-wine.sh). It also compares the Windows CLI's
# output with this build's. The cross build finds jansson and CMocka for
# mingw-w64 in MOCKD3D12_MINGW_PREFIX, which scripts/install-deps.sh test
# builds from Debian's source packages (scripts/mingw-deps.sh). Skipped (exit
# 77) without mingw-w64, Wine or that prefix; scripts/install-deps.sh test
# provides all three. Not in the sanitizer and fuzz builds: the cross build is
# the same whatever this build's flags are.
if(NOT WIN32 AND NOT MOCKD3D12_SANITIZE AND NOT MOCKD3D12_TSAN AND NOT MOCKD3D12_FUZZ)
  set(MOCKD3D12_MINGW_PREFIX ${CMAKE_SOURCE_DIR}/out/mingw-deps/x86_64-w64-mingw32 CACHE PATH
    "jansson and CMocka for x86_64-w64-mingw32, for the windows_wine test's cross build (scripts/mingw-deps.sh)")
  add_test(NAME windows_wine
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/windows/run-wine.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/windows
            $<TARGET_FILE:mockd3d12_cli> ${MOCKD3D12_MINGW_PREFIX})
  set_tests_properties(windows_wine PROPERTIES
    LABELS "windows"
    SKIP_RETURN_CODE 77
    RUN_SERIAL TRUE
    TIMEOUT 2400
    # The cross build bakes its built-in adapters with this build's baker.
    ENVIRONMENT "MOCKD3D12_HOST_BAKER=${CMAKE_BINARY_DIR}/tools/bake/mk_bake"
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()
