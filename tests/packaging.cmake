# What the packages carry besides the libraries (tests/packaging/): docs/cli.md's
# generated blocks equal tools/cli/commands.txt's text; the manual pages render
# without a groff warning; the bash completion completes commands, options and
# adapter ids; --version says VERSION. The packages themselves are built,
# installed and used by scripts/package.sh (scripts/test.sh's "packages" stage).
add_test(NAME cli_doc COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/tools/gen_cli.py
  ${PROJECT_SOURCE_DIR}/tools/cli/commands.txt --check-doc ${PROJECT_SOURCE_DIR}/docs/cli.md)
set_tests_properties(cli_doc PROPERTIES LABELS "cli")
add_test(NAME cli_manuals COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/packaging/test_manuals.sh
  $<TARGET_FILE:mockd3d12_cli> ${CMAKE_BINARY_DIR}/man/man1 ${CMAKE_BINARY_DIR}/completion/mockd3d12
  ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_manuals PROPERTIES LABELS "cli")
