# The mockd3d12 command, run as a user runs it (tests/cli/test_cli.py).
add_test(NAME cli COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_cli.py
  $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli PROPERTIES LABELS "cli")

# The docs' "$ mockd3d12 ..." examples print what the docs show.
add_test(NAME doc_examples COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/docs/test_doc_examples.py
  $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(doc_examples PROPERTIES LABELS "cli")

# mockd3d12 matrix over a small program (tests/cli/matrix_probe.c: exit 1
# when RaytracingTier < 1_1): grid, exit status, JUnit, JSON, shards, the
# timeout, a missing command, and the HTML page in headless Chromium.
add_executable(matrix_probe ${CMAKE_CURRENT_SOURCE_DIR}/cli/matrix_probe.c)
target_link_libraries(matrix_probe PRIVATE d3d12)
add_test(NAME cli_matrix COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_matrix.py
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:matrix_probe> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_matrix PROPERTIES LABELS "cli" TIMEOUT 300)
# The --html page in a real browser; skipped (77) when no chromium is installed.
add_test(NAME cli_matrix_html COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_matrix.py --html
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:matrix_probe> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_matrix_html PROPERTIES LABELS "cli" TIMEOUT 300 SKIP_RETURN_CODE 77)
