# src/win32/json.c against Debian's jansson (label "unit"): the Windows
# build parses profiles with its own implementation of the part of jansson it
# uses, so a malformed profile must be reported there in jansson's words,
# line, column and position. tests/json/json_errors.c is built with each,
# and tests/json/compare.cmake runs both over tests/data/json-errors/ (each
# file one kind of error, and one valid document) and compares the lines.
add_executable(json_errors_jansson ${CMAKE_CURRENT_SOURCE_DIR}/json/json_errors.c)
target_link_libraries(json_errors_jansson PRIVATE PkgConfig::JANSSON)

# src/win32/jansson.h comes first, so <jansson.h> is ours; alloc.c is the
# library's allocator, which json.c allocates through.
add_executable(json_errors_win32 ${CMAKE_CURRENT_SOURCE_DIR}/json/json_errors.c
  ${PROJECT_SOURCE_DIR}/src/win32/json.c ${PROJECT_SOURCE_DIR}/src/base/alloc.c)
target_include_directories(json_errors_win32 BEFORE PRIVATE ${PROJECT_SOURCE_DIR}/src/win32 ${PROJECT_SOURCE_DIR}/src/base)
target_link_libraries(json_errors_win32 PRIVATE m)

add_test(NAME json_errors_match_jansson COMMAND ${CMAKE_COMMAND}
  -DJANSSON=$<TARGET_FILE:json_errors_jansson> -DOURS=$<TARGET_FILE:json_errors_win32>
  -DDIR=${CMAKE_CURRENT_SOURCE_DIR}/data/json-errors -DOUT=${CMAKE_CURRENT_BINARY_DIR}
  -P ${CMAKE_CURRENT_SOURCE_DIR}/json/compare.cmake)
set_tests_properties(json_errors_match_jansson PROPERTIES LABELS "unit")
