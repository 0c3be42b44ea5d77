# The mockd3d12 command, run as a user runs it (tests/cli/test_cli.py).
add_test(NAME cli COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_cli.py
  $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli PROPERTIES LABELS "cli")

# The docs' "$ mockd3d12 ..." examples print what the docs show.
add_test(NAME doc_examples COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/docs/test_doc_examples.py
  $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(doc_examples PROPERTIES LABELS "cli")
