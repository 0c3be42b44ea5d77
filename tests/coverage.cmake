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
