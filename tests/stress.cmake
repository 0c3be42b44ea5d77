# A stress test (label "stress", run under TSan by scripts/test.sh): NAME
# built from tests/stress/SOURCE, linked with LIBS and the thread library,
# run with the variables that choose an adapter, a runtime or the debug
# layer unset (and the UNSET ones too), so that the caller's environment
# cannot change what it checks.
set(MK_STRESS_UNSET MOCKD3D12_ADAPTER MOCKD3D12_PROFILE_PATH MOCKD3D12_SDK_VERSION MOCKD3D12_PREVIEW_SDK_VERSION
  MOCKD3D12_RUNTIME_KIND MOCKD3D12_DEBUG)
function(mk_stress_test name source)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "" "LIBS;INCLUDES;UNSET")
  add_executable(${name} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/stress/${source})
  target_include_directories(${name} PRIVATE ${MK_TEST_COMMON_DIR} ${ARG_INCLUDES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} Threads::Threads)
  add_test(NAME ${name} COMMAND ${name})
  set(environment)
  foreach(variable IN LISTS MK_STRESS_UNSET ARG_UNSET)
    list(APPEND environment "${variable}=unset:")
  endforeach()
  set_tests_properties(${name} PROPERTIES LABELS "stress" TIMEOUT 300 ENVIRONMENT_MODIFICATION "${environment}")
endfunction()

# The ThreadSanitizer stress test (docs/hardening.md). It runs in every
# build; scripts/test.sh runs it under -DMOCKD3D12_TSAN=ON with clang.
mk_stress_test(stress_threads stress.c LIBS d3d12)

# The fences' stress test (tests/stress/stress_fence.c): CPU and queue signals,
# NULL-event, eventfd and multiple-fence waits on one device. Linux only (eventfd).
if(NOT WIN32)
  mk_stress_test(stress_fence stress_fence.c LIBS d3d12)
endif()

# A device's count under its children's lives (tests/stress/stress_children.c):
# threads create and release fences of a device the application let go, which
# dies with its last child. Linux only, as the fences' (POSIX barriers).
if(NOT WIN32)
  mk_stress_test(stress_children stress_children.c LIBS d3d12)
endif()

# The swap chains' stress test (tests/stress/stress_swapchain.c): Present
# behind queue Waits that another thread satisfies, the frame-latency
# semaphore taken by a blocking waiter, the chain's state read meanwhile.
# Linux only (the waitable object is an eventfd there).
if(NOT WIN32)
  mk_stress_test(stress_swapchain stress_swapchain.c LIBS dxgi d3d12 UNSET MOCKD3D12_ADAPTERS)
endif()

# The descriptors' stress test (tests/stress/stress_descriptors.c): writes,
# raced writes, copies and heap churn on one device. Linked with mk_core: it
# reads the heaps' storage through the objects room's hook to check them.
mk_stress_test(stress_descriptors stress_descriptors.c LIBS mk_core)

# The command lists' stress test (tests/stress/stress_command_list.c): lists
# created, recorded, executed and reset by threads at once, allocators
# released under their lists, one allocator contended by every thread.
# Linux only, as the fences' (POSIX barriers).
if(NOT WIN32)
  mk_stress_test(stress_command_list stress_command_list.c LIBS d3d12)
endif()

# The capability trace's stress test (tests/stress/stress_trace.c): 4
# processes x 8 threads appending to one MOCKD3D12_TRACE file; every line one
# JSON object, none lost. Linux only (fork).
if(NOT WIN32)
  mk_stress_test(stress_trace stress_trace.c LIBS d3d12 PkgConfig::JANSSON UNSET MOCKD3D12_TRACE)
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
  mk_stress_test(stress_pipelines stress_pipelines.c LIBS mk_core INCLUDES ${CMAKE_CURRENT_SOURCE_DIR}/unit)
endif()
# The heaps' and resources' stress test (tests/stress/stress_resources.c):
# creation, Map and release of committed and placed resources from several
# threads, one heap shared by all. Linux only (POSIX barriers).
if(NOT WIN32)
  mk_stress_test(stress_resources stress_resources.c LIBS d3d12)
endif()
# The shader cache sessions' stress test (tests/stress/stress_shader_cache.c):
# sessions of one MEMORY cache opened, stored into, searched and released
# from several threads. Linux only (POSIX barriers).
if(NOT WIN32)
  mk_stress_test(stress_shader_cache stress_shader_cache.c LIBS d3d12)
endif()

# The fault plan under threads (tests/stress/stress_faults.c, docs/faults.md):
# one plan of oom, budget and a queue's removal, run by 4 threads at once in
# each of 6 rounds; the counts and the hung queue's failed Signal are the
# same every time.
mk_stress_test(stress_faults stress_faults.c LIBS d3d12 UNSET MOCKD3D12_FAULTS MOCKD3D12_TRACE)
