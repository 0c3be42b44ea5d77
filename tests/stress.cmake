# The ThreadSanitizer stress test (label "stress"; docs/hardening.md). It runs
# in every build; scripts/test.sh runs it under -DMOCKD3D12_TSAN=ON with clang.
add_executable(stress_threads ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress.c)
target_include_directories(stress_threads PRIVATE ${MK_TEST_COMMON_DIR})
target_link_libraries(stress_threads PRIVATE d3d12 Threads::Threads)
add_test(NAME stress_threads COMMAND stress_threads)
set_tests_properties(stress_threads PROPERTIES LABELS "stress" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")

# The fences' stress test (tests/stress/stress_fence.c): CPU and queue signals,
# NULL-event, eventfd and multiple-fence waits on one device. Linux only (eventfd).
if(NOT WIN32)
  add_executable(stress_fence ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_fence.c)
  target_include_directories(stress_fence PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_fence PRIVATE d3d12 Threads::Threads)
  add_test(NAME stress_fence COMMAND stress_fence)
  set_tests_properties(stress_fence PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()

# The swap chains' stress test (tests/stress/stress_swapchain.c): Present
# behind queue Waits that another thread satisfies, the frame-latency
# semaphore taken by a blocking waiter, the chain's state read meanwhile.
# Linux only (the waitable object is an eventfd there).
if(NOT WIN32)
  add_executable(stress_swapchain ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_swapchain.c)
  target_include_directories(stress_swapchain PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_swapchain PRIVATE dxgi d3d12 Threads::Threads)
  add_test(NAME stress_swapchain COMMAND stress_swapchain)
  set_tests_properties(stress_swapchain PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()

# The descriptors' stress test (tests/stress/stress_descriptors.c): writes,
# raced writes, copies and heap churn on one device. Linked with mk_core: it
# reads the heaps' storage through the objects room's hook to check them.
add_executable(stress_descriptors ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_descriptors.c)
target_include_directories(stress_descriptors PRIVATE ${MK_TEST_COMMON_DIR})
target_link_libraries(stress_descriptors PRIVATE mk_core Threads::Threads)
add_test(NAME stress_descriptors COMMAND stress_descriptors)
set_tests_properties(stress_descriptors PROPERTIES LABELS "stress" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")

# The command lists' stress test (tests/stress/stress_command_list.c): lists
# created, recorded, executed and reset by threads at once, allocators
# released under their lists, one allocator contended by every thread.
# Linux only, as the fences' (POSIX barriers).
if(NOT WIN32)
  add_executable(stress_command_list ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_command_list.c)
  target_include_directories(stress_command_list PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_command_list PRIVATE d3d12 Threads::Threads)
  add_test(NAME stress_command_list COMMAND stress_command_list)
  set_tests_properties(stress_command_list PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()

# The capability trace's stress test (tests/stress/stress_trace.c): 4
# processes x 8 threads appending to one MOCKD3D12_TRACE file; every line one
# JSON object, none lost. Linux only (fork).
if(NOT WIN32)
  add_executable(stress_trace ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_trace.c)
  target_include_directories(stress_trace PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_trace PRIVATE d3d12 Threads::Threads PkgConfig::JANSSON)
  add_test(NAME stress_trace COMMAND stress_trace)
  set_tests_properties(stress_trace PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_TRACE=unset:")
endif()

# The answer sheets' thread test (threads racing to build one set's sheets)
# runs under TSan too, on its own (the whole suite would take minutes there).
if(TARGET test_answer_sheet)
  add_test(NAME test_answer_sheet_threads COMMAND test_answer_sheet --threads)
  set_tests_properties(test_answer_sheet_threads PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()

# The bad-input catalogue (tests/unit/test_bad_input.c) runs the CLI too.
if(TARGET test_bad_input AND TARGET mockd3d12_cli)
  set_property(TEST test_bad_input APPEND PROPERTY ENVIRONMENT "MOCKD3D12_CLI=$<TARGET_FILE:mockd3d12_cli>")
  add_dependencies(test_bad_input mockd3d12_cli)
endif()

# The pipelines' stress test (tests/stress/stress_pipelines.c): pipeline
# states created, stored, loaded and released by threads at once around one
# pipeline library. Linked with mk_core (its shaders come from
# tests/unit/dxbc_writer.h, which hashes with the library's checksum).
# Linux only (POSIX barriers).
if(NOT WIN32)
  add_executable(stress_pipelines ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_pipelines.c)
  target_include_directories(stress_pipelines PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_pipelines PRIVATE mk_core Threads::Threads)
  target_include_directories(stress_pipelines PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
  add_test(NAME stress_pipelines COMMAND stress_pipelines)
  set_tests_properties(stress_pipelines PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()
# The heaps' and resources' stress test (tests/stress/stress_resources.c):
# creation, Map and release of committed and placed resources from several
# threads, one heap shared by all. Linux only (POSIX barriers).
if(NOT WIN32)
  add_executable(stress_resources ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_resources.c)
  target_include_directories(stress_resources PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_resources PRIVATE d3d12 Threads::Threads)
  add_test(NAME stress_resources COMMAND stress_resources)
  set_tests_properties(stress_resources PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()
# The shader cache sessions' stress test (tests/stress/stress_shader_cache.c):
# sessions of one MEMORY cache opened, stored into, searched and released
# from several threads. Linux only (POSIX barriers).
if(NOT WIN32)
  add_executable(stress_shader_cache ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_shader_cache.c)
  target_include_directories(stress_shader_cache PRIVATE ${MK_TEST_COMMON_DIR})
  target_link_libraries(stress_shader_cache PRIVATE d3d12 Threads::Threads)
  add_test(NAME stress_shader_cache COMMAND stress_shader_cache)
  set_tests_properties(stress_shader_cache PROPERTIES LABELS "stress" TIMEOUT 300
    ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")
endif()

# The fault plan under threads (tests/stress/stress_faults.c, docs/faults.md):
# one plan of oom, budget and a queue's removal, run by 4 threads at once in
# each of 6 rounds; the counts and the hung queue's failed Signal are the
# same every time.
add_executable(stress_faults ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress_faults.c)
target_include_directories(stress_faults PRIVATE ${MK_TEST_COMMON_DIR})
target_link_libraries(stress_faults PRIVATE d3d12 Threads::Threads)
add_test(NAME stress_faults COMMAND stress_faults)
set_tests_properties(stress_faults PROPERTIES LABELS "stress" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_FAULTS=unset:;MOCKD3D12_TRACE=unset:")
