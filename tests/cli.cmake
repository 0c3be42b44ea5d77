# The mockd3d12 command, run as a user runs it (tests/cli/test_cli.py).
add_test(NAME cli COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_cli.py
  $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli PROPERTIES LABELS "cli")
