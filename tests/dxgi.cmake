# The mock DXGI library's tests (docs/dxgi.md). They link libdxgi.so and
# libd3d12.so, never mk_core: one adapter registry, as in a real client.

set(MK_DXGI_TEST_ENV_RESET
  "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:")

add_executable(test_dxgi ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/test_dxgi.c)
target_link_libraries(test_dxgi PRIVATE dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_dxgi PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_dxgi COMMAND test_dxgi)
set_tests_properties(test_dxgi PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION "${MK_DXGI_TEST_ENV_RESET}")

# Swap chains on a D3D12 direct queue (tests/dxgi/test_swapchain.c, docs/dxgi.md "Swap chains").
add_executable(test_dxgi_swapchain ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/test_swapchain.c)
target_include_directories(test_dxgi_swapchain PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated_outputs)
target_link_libraries(test_dxgi_swapchain PRIVATE dxgi d3d12 PkgConfig::CMOCKA Threads::Threads)
target_include_directories(test_dxgi_swapchain PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_dxgi_swapchain COMMAND test_dxgi_swapchain)
set_tests_properties(test_dxgi_swapchain PROPERTIES LABELS "unit;memcheck" ENVIRONMENT_MODIFICATION "${MK_DXGI_TEST_ENV_RESET}")

# The windowed start-up that presents frames (examples/present_frames.cpp),
# ten frames in an 800x600 simulated window, with tearing and HDR10 as the
# machine offers them: name | MOCKD3D12_ADAPTERS ("-": unset) | tearing |
# colour space. The default machine allows tearing (its profiles'
# allowTearing) and has no display; desktop-hdr's first monitor is in HDR10;
# desktop-sdr has an SDR monitor and no tearing (docs/dxgi.md "Displays").
set(MK_PRESENT_FRAMES_ROWS
  "|-|yes|sRGB"
  "_hdr|desktop-hdr|yes|HDR10"
  "_sdr|desktop-sdr|no|sRGB")
foreach(row ${MK_PRESENT_FRAMES_ROWS})
  mk_row_fields("${row}" suffix adapters tearing colour)
  set(env "${MK_DXGI_TEST_ENV_RESET}")
  if(NOT adapters STREQUAL "-")
    string(APPEND env ";MOCKD3D12_ADAPTERS=set:${adapters}")
  endif()
  add_test(NAME example_present_frames${suffix} COMMAND present_frames 10)
  set_tests_properties(example_present_frames${suffix} PROPERTIES LABELS "unit"
    ENVIRONMENT_MODIFICATION "${env}"
    PASS_REGULAR_EXPRESSION
      "^presented 10 frames at 800x600, tearing ${tearing}, colour space ${colour}, present count 10\n$")
endforeach()

# mockd3d12 fault-check's Present sites (remove:hung@Present#N, budget:0@Present#N,
# occluded@Present#N): examples/present_frames.cpp exits 1 on any failed call
# and takes DXGI_STATUS_OCCLUDED as the success it is, so each of its two
# Presents is handled under each fault, and a third never fires.
add_test(NAME cli_fault_check_present COMMAND $<TARGET_FILE:mockd3d12_cli> fault-check --adapters warp --timeout 10
  --max-calls 3 $<TARGET_FILE:present_frames> 2)
set_tests_properties(cli_fault_check_present PROPERTIES LABELS "cli" TIMEOUT 300
  ENVIRONMENT_MODIFICATION "${MK_DXGI_TEST_ENV_RESET}"
  PASS_REGULAR_EXPRESSION "0 flagged\n.*  ok       Present#1 remove:hung: handled \\(exit status 1\\)\n.*  ok       Present#1 budget:0: handled \\(exit status 0\\)\n  ok       Present#1 occluded: handled \\(exit status 0\\)\n.*  ok       Present#2 remove:hung: handled \\(exit status 1\\)\n.*  ok       Present#2 occluded: handled \\(exit status 0\\)\n"
  FAIL_REGULAR_EXPRESSION "Present#3|Present1#")

# <mockd3d12/dxgi.h> compiles as C11 and C++17 with -Wall -Wextra -Werror
# (and the C++ __uuidof of DXGI interfaces works); building is the test.
add_executable(test_dxgi_header_c ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/header_check.c)
target_link_libraries(test_dxgi_header_c PRIVATE dxgi)
add_test(NAME test_dxgi_header_c COMMAND test_dxgi_header_c)
add_executable(test_dxgi_header_cxx ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/header_check.cpp)
target_link_libraries(test_dxgi_header_cxx PRIVATE dxgi)
add_test(NAME test_dxgi_header_cxx COMMAND test_dxgi_header_cxx)

# The seed sample's adapter selection (examples/adapter_selection.cpp) under
# several machines: name | MOCKD3D12_ADAPTERS ("-": unset) | arguments | what it
# must pick | MOCKD3D12_ADAPTER (optional). With no hardware adapter the sample
# passes a null adapter to D3D12CreateDevice, which uses the machine's first
# adapter, WARP here, as on Windows (docs/dxgi.md): the "no-hardware" row sets
# MOCKD3D12_ADAPTERS only (test_dxgi's test_null_adapter has the precedence).
set(MK_DXGI_EXAMPLE_ROWS
  "default|-||NVIDIA GeForce RTX 5070 Ti"
  "first-hardware|intel-iris-xe,nvidia-rtx-4090||Intel\\(R\\) Iris\\(R\\) Xe Graphics"
  "discrete-first|amd-rx-7900-xtx,intel-hd-530||AMD Radeon RX 7900 XTX"
  "high-performance|intel-iris-xe,nvidia-rtx-4090|--high-performance|NVIDIA GeForce RTX 4090"
  "warp-device|nvidia-rtx-4090|--warp|Microsoft Basic Render Driver \\[software\\]"
  "warp-device-22621|nvidia-rtx-4090,warp-22621|--warp|Microsoft Basic Render Driver \\[software\\]"
  "skips-software|warp-22621,amd-rx-580||AMD Radeon RX 580"
  "no-hardware|warp||Microsoft Basic Render Driver \\[software\\]")
foreach(row ${MK_DXGI_EXAMPLE_ROWS})
  mk_row_fields("${row}" name adapters args expected default_adapter)
  separate_arguments(args)
  add_test(NAME example_adapter_selection_${name} COMMAND adapter_selection ${args})
  set(env "${MK_DXGI_TEST_ENV_RESET}")
  if(NOT adapters STREQUAL "-")
    string(APPEND env ";MOCKD3D12_ADAPTERS=set:${adapters}")
  endif()
  if(default_adapter)
    string(APPEND env ";MOCKD3D12_ADAPTER=set:${default_adapter}")
  endif()
  set_tests_properties(example_adapter_selection_${name} PROPERTIES
    ENVIRONMENT_MODIFICATION "${env}"
    PASS_REGULAR_EXPRESSION "^picked: ${expected}\n$")
endforeach()

# An unknown adapter makes the sample fail loudly instead of picking another.
add_test(NAME example_adapter_selection_unknown COMMAND adapter_selection)
set_tests_properties(example_adapter_selection_unknown PROPERTIES
  ENVIRONMENT_MODIFICATION "${MK_DXGI_TEST_ENV_RESET};MOCKD3D12_ADAPTERS=set:no-such-gpu"
  WILL_FAIL TRUE)

# Outputs (tests/dxgi/test_dxgi_outputs.c): the two-monitor profile of
# tests/data/profiles/outputs.json, embedded as a C string (so the Windows
# build, tests/windows/CMakeLists.txt, reads no Linux path).
function(mk_embed_outputs_profile dir)
  set(src ${PROJECT_SOURCE_DIR}/tests/data/profiles/outputs.json)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
  file(READ ${src} hex HEX)
  string(REGEX REPLACE "(..)" "0x\\1," bytes "${hex}")
  file(WRITE ${dir}/outputs_profile.h
    "/* Generated from tests/data/profiles/outputs.json by tests/dxgi.cmake. */\nstatic const char outputs_profile[] = {${bytes}0};\n")
endfunction()
mk_embed_outputs_profile(${CMAKE_CURRENT_BINARY_DIR}/generated_outputs)
add_executable(test_dxgi_outputs ${CMAKE_CURRENT_SOURCE_DIR}/dxgi/test_dxgi_outputs.c)
target_include_directories(test_dxgi_outputs PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated_outputs)
target_link_libraries(test_dxgi_outputs PRIVATE dxgi d3d12 PkgConfig::CMOCKA)
target_include_directories(test_dxgi_outputs PRIVATE ${MK_TEST_COMMON_DIR})
add_test(NAME test_dxgi_outputs COMMAND test_dxgi_outputs)
set_tests_properties(test_dxgi_outputs PROPERTIES LABELS "unit;memcheck"
  ENVIRONMENT_MODIFICATION "${MK_DXGI_TEST_ENV_RESET}")
