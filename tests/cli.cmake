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
# examples/device_lost.c (below), which cli_matrix and cli_fault_check run:
# its wrong path dies of SIGSEGV, as the tests expect, in the sanitizer build
# too: ASan leaves the signal alone (scripts/test.sh's options, appended to)
# and the example is built without UBSan's NULL check, which would end it
# with exit status 1 first.
set(MK_CRASHING_EXAMPLE_ENV "ASAN_OPTIONS=string_append::handle_segv=0")
add_test(NAME cli_matrix COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_matrix.py
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:matrix_probe> ${PROJECT_SOURCE_DIR} $<TARGET_FILE:device_lost>)
set_tests_properties(cli_matrix PROPERTIES LABELS "cli" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "${MK_CRASHING_EXAMPLE_ENV}")
# The --html page in a real browser; skipped (77) when no chromium is installed.
add_test(NAME cli_matrix_html COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_matrix.py --html
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:matrix_probe> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_matrix_html PROPERTIES LABELS "cli" TIMEOUT 300 SKIP_RETURN_CODE 77)

# mockd3d12 forward-check: examples/forward-check's ray tracer with the seed's
# `==` bug (flagged) and its `>=` correction (passed), and tests/cli/
# forward_probe.c's flags check, constant output, printed value and crash;
# the reports, usage errors, and the --html page in headless Chromium.
add_executable(ray_tracer_exact ${PROJECT_SOURCE_DIR}/examples/forward-check/ray_tracer_exact.c)
target_link_libraries(ray_tracer_exact PRIVATE d3d12)
add_executable(ray_tracer ${PROJECT_SOURCE_DIR}/examples/forward-check/ray_tracer.c)
target_link_libraries(ray_tracer PRIVATE d3d12)
add_executable(forward_probe ${CMAKE_CURRENT_SOURCE_DIR}/cli/forward_probe.c)
target_link_libraries(forward_probe PRIVATE d3d12)
add_test(NAME cli_forward_check COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_forward_check.py
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:ray_tracer_exact> $<TARGET_FILE:ray_tracer> $<TARGET_FILE:forward_probe>
  ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_forward_check PROPERTIES LABELS "cli" TIMEOUT 300)
add_test(NAME cli_forward_check_html COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_forward_check.py
  --html $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:ray_tracer_exact> $<TARGET_FILE:ray_tracer>
  $<TARGET_FILE:forward_probe> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_forward_check_html PROPERTIES LABELS "cli" TIMEOUT 300 SKIP_RETURN_CODE 77)

# The raises and the judgement, row by row (CMocka).
add_executable(test_forward_rules ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_forward_rules.c
  ${PROJECT_SOURCE_DIR}/tools/cli/forward_rules.c)
target_include_directories(test_forward_rules PRIVATE ${PROJECT_SOURCE_DIR}/tools/cli ${MK_TEST_COMMON_DIR})
target_link_libraries(test_forward_rules PRIVATE mockd3d12_headers PkgConfig::CMOCKA)
add_test(NAME test_forward_rules COMMAND test_forward_rules)
set_tests_properties(test_forward_rules PROPERTIES LABELS "unit")

# mockd3d12 fault-check: examples/device_lost.c's careful path handles every
# fault site, its wrong path crashes after an out-of-memory and hangs after a
# removal; the test checks the verdicts, the exit statuses and the reports.
add_executable(device_lost ${PROJECT_SOURCE_DIR}/examples/device_lost.c)
target_link_libraries(device_lost PRIVATE d3d12)
if(MOCKD3D12_SANITIZE)
  target_compile_options(device_lost PRIVATE -fno-sanitize=null)
endif()
# examples/budget_change.c: its careful path drops a cache when the budget
# falls below the usage, its wrong path goes on writing into it (a crash at
# the budget:0 sites of ExecuteCommandLists only).
add_executable(budget_change ${PROJECT_SOURCE_DIR}/examples/budget_change.c)
target_link_libraries(budget_change PRIVATE dxgi d3d12)
if(MOCKD3D12_SANITIZE)
  target_compile_options(budget_change PRIVATE -fno-sanitize=null)
endif()
# tests/cli/occlusion_probe.c: a present loop whose wrong path aborts on
# DXGI_STATUS_OCCLUDED (fault-check's occluded sites).
add_executable(occlusion_probe ${CMAKE_CURRENT_SOURCE_DIR}/cli/occlusion_probe.c)
target_link_libraries(occlusion_probe PRIVATE dxgi d3d12)
add_test(NAME cli_fault_check COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_fault_check.py
  $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:device_lost> ${PROJECT_SOURCE_DIR} $<TARGET_FILE:budget_change>
  $<TARGET_FILE:occlusion_probe>)
set_tests_properties(cli_fault_check PROPERTIES LABELS "cli" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "${MK_CRASHING_EXAMPLE_ENV}")
add_test(NAME cli_fault_check_html COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_fault_check.py
  --html $<TARGET_FILE:mockd3d12_cli> $<TARGET_FILE:device_lost> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli_fault_check_html PROPERTIES LABELS "cli" TIMEOUT 300 SKIP_RETURN_CODE 77
  ENVIRONMENT_MODIFICATION "${MK_CRASHING_EXAMPLE_ENV}")
