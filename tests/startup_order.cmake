# The start-up path kept together (src/lib/startup.ld, docs/performance.md):
# the script's names are functions of the sources, and the library's copies
# of them lie in .text.mk_startup. ELF only (the script is GNU ld's).
if(WIN32)
  return()
endif()
add_test(NAME startup_order
  COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:d3d12> -DSCRIPT=${PROJECT_SOURCE_DIR}/src/lib/startup.ld
          -DSOURCES=${PROJECT_SOURCE_DIR}/src -P ${CMAKE_CURRENT_SOURCE_DIR}/startup/check_startup_order.cmake)
set_tests_properties(startup_order PROPERTIES LABELS "unit")
