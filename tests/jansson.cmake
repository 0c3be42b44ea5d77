# libjansson on demand (src/lib/jansson_on_demand.c, docs/performance.md):
# libd3d12.so does not name libjansson among its NEEDED libraries, a program
# creating a device on a built-in adapter never maps it, and a profile file
# maps it when it is read. Without a usable libjansson, the registration of a
# profile file fails with a message naming it: a file named libjansson.so.4
# that is no library, and a library of that name without jansson's functions,
# each found first through LD_LIBRARY_PATH.
if(WIN32)
  return()
endif()
add_executable(jansson_probe ${CMAKE_CURRENT_SOURCE_DIR}/jansson/probe.c)
target_link_libraries(jansson_probe PRIVATE d3d12)
add_library(mk_fake_jansson SHARED ${CMAKE_CURRENT_SOURCE_DIR}/jansson/empty.c)
set_target_properties(mk_fake_jansson PROPERTIES OUTPUT_NAME jansson SOVERSION 4
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fake-jansson)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/not-jansson/libjansson.so.4 "not a library\n")

add_test(NAME jansson_not_needed
  COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:d3d12> -P ${CMAKE_CURRENT_SOURCE_DIR}/jansson/check_needed.cmake)
add_test(NAME jansson_on_demand
  COMMAND jansson_probe ${CMAKE_CURRENT_SOURCE_DIR}/data/profiles/good.json)
add_test(NAME jansson_not_a_library
  COMMAND jansson_probe ${CMAKE_CURRENT_SOURCE_DIR}/data/profiles/good.json --refused
          "libjansson.so.4 is needed to read JSON and could not be opened")
add_test(NAME jansson_without_functions
  COMMAND jansson_probe ${CMAKE_CURRENT_SOURCE_DIR}/data/profiles/good.json --refused
          "libjansson.so.4 lacks json_array, which mockd3d12 calls")
set_tests_properties(jansson_not_needed jansson_on_demand jansson_not_a_library jansson_without_functions
  PROPERTIES LABELS "unit"
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_FAULTS=unset:;MOCKD3D12_TRACE=unset:")
set_property(TEST jansson_not_a_library APPEND PROPERTY ENVIRONMENT
  "LD_LIBRARY_PATH=${CMAKE_CURRENT_BINARY_DIR}/not-jansson")
set_property(TEST jansson_without_functions APPEND PROPERTY ENVIRONMENT
  "LD_LIBRARY_PATH=$<TARGET_FILE_DIR:mk_fake_jansson>")
set_property(TEST jansson_without_functions APPEND PROPERTY DEPENDS mk_fake_jansson)
