# The capability trace across libd3d12, libdxgi and libd3d11 (docs/trace.md):
# linked as a real client, never mk_core, so each library writes through the
# exported mockd3d12_trace_* functions as it does for an application.
add_executable(test_trace_companions ${CMAKE_CURRENT_SOURCE_DIR}/trace/test_trace_companions.c)
target_link_libraries(test_trace_companions PRIVATE d3d11 dxgi d3d12 PkgConfig::CMOCKA PkgConfig::JANSSON)
target_include_directories(test_trace_companions PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_trace_companions COMMAND test_trace_companions)
set_tests_properties(test_trace_companions PROPERTIES LABELS "unit;memcheck"
  ENVIRONMENT_MODIFICATION "${MK_D3D11_TEST_ENV_RESET};MOCKD3D12_TRACE=unset:")
