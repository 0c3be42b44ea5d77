# The start-up layout (src/lib/startup.list, cmake/startup_layout.cmake,
# docs/performance.md): the list's names are the sources', and the library's
# copies of them lie in the sections the list puts them in. ELF only (the
# script is GNU ld's).
# Not under the sanitizers either: they pad and move variables (the layout is
# a Release build's; the Debug suite checks it).
if(WIN32 OR MOCKD3D12_SANITIZE OR MOCKD3D12_TSAN OR MOCKD3D12_FUZZ)
  return()
endif()
add_test(NAME startup_order
  COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:d3d12> -DLIST=${PROJECT_SOURCE_DIR}/src/lib/startup.list
          -DSOURCES=${PROJECT_SOURCE_DIR}/src -DTOOLS=${PROJECT_SOURCE_DIR}/tools
          -P ${CMAKE_CURRENT_SOURCE_DIR}/startup/check_startup_order.cmake)
set_tests_properties(startup_order PROPERTIES LABELS "unit" TIMEOUT 120)
