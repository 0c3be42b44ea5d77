# Installs mockd3d12 into a prefix and builds/runs the two clients out of tree
# against it: the C11 one through find_package, the C++17 one through
# pkg-config. Then examples/matrix through the package's
# mockd3d12_add_test_matrix, and ctest on it. Run with cmake -P; variables:
# BUILD_DIR, SOURCE_DIR, EXAMPLES_DIR, WORK_DIR, C_COMPILER, CXX_COMPILER,
# GENERATOR, SANITIZE_FLAGS.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGV}")
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  message("${out}${err}")
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# The installed CLI starts as installed: its RPATH finds libd3d11/libdxgi
# (no LD_LIBRARY_PATH yet).
run(${prefix}/bin/mockd3d12 adapters)

# The library directory the install used (lib or lib/<multiarch>).
file(GLOB_RECURSE pcs ${prefix}/*/mockd3d12.pc)
list(GET pcs 0 pc)
get_filename_component(pcdir ${pc} DIRECTORY)
get_filename_component(libdir ${pcdir} DIRECTORY)
set(ENV{LD_LIBRARY_PATH} "${libdir}:$ENV{LD_LIBRARY_PATH}")
# The clients never read the user's settings.
foreach(v MOCKD3D12_ADAPTER MOCKD3D12_PROFILE_PATH MOCKD3D12_SDK_VERSION MOCKD3D12_PREVIEW_SDK_VERSION
    MOCKD3D12_RUNTIME_KIND MOCKD3D12_DEBUG)
  unset(ENV{${v}})
endforeach()

# C11 client: find_package(mockd3d12 CONFIG).
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/c -B ${WORK_DIR}/c -G ${GENERATOR}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} "-DCMAKE_C_FLAGS=${SANITIZE_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZE_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/c)
run(${WORK_DIR}/c/client_c)

# C++17 client: pkg-config mockd3d12.
set(ENV{PKG_CONFIG_PATH} "${pcdir}:$ENV{PKG_CONFIG_PATH}")
find_program(PKG_CONFIG pkg-config REQUIRED)
execute_process(COMMAND ${PKG_CONFIG} --cflags --libs mockd3d12 OUTPUT_VARIABLE flags RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config mockd3d12 failed")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(sanitize UNIX_COMMAND "${SANITIZE_FLAGS}")
file(MAKE_DIRECTORY ${WORK_DIR}/cpp)
run(${CXX_COMPILER} -std=c++17 -Wall -Wextra -Werror ${sanitize} ${SOURCE_DIR}/cpp/client.cpp ${flags}
    -o ${WORK_DIR}/cpp/client_cpp)
run(${WORK_DIR}/cpp/client_cpp)

# DXCore clients: C11 through find_package (mockd3d12::dxcore), and the C++
# client of tests/dxcore (DirectX-Headers' C++ dxcore.h) through
# pkg-config mockd3d12-dxcore.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/dxcore -B ${WORK_DIR}/dxcore -G ${GENERATOR}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} "-DCMAKE_C_FLAGS=${SANITIZE_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZE_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/dxcore)
run(${WORK_DIR}/dxcore/client_dxcore)
execute_process(COMMAND ${PKG_CONFIG} --cflags --libs mockd3d12-dxcore OUTPUT_VARIABLE flags RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config mockd3d12-dxcore failed")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX_COMPILER} -std=c++17 -Wall -Wextra -Werror ${sanitize} ${SOURCE_DIR}/../dxcore/cxx_client.cpp ${flags}
    -o ${WORK_DIR}/dxcore/client_dxcore_cpp)
set(ENV{MOCKD3D12_ADAPTERS} "intel-iris-xe,nvidia-rtx-4090,warp-22621")
run(${WORK_DIR}/dxcore/client_dxcore_cpp)
unset(ENV{MOCKD3D12_ADAPTERS})

# The CTest helper out of tree: examples/matrix adds one test per built-in
# adapter x 2 runtimes through mockd3d12_add_test_matrix, and 2 cells of
# device_lost under fault plans (FAULTS).
run(${CMAKE_COMMAND} -S ${EXAMPLES_DIR}/matrix -B ${WORK_DIR}/matrix -G ${GENERATOR}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} "-DCMAKE_C_FLAGS=${SANITIZE_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZE_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/matrix)
get_filename_component(cmake_bin ${CMAKE_COMMAND} DIRECTORY)
find_program(CTEST ctest HINTS ${cmake_bin} REQUIRED)

function(ctest_output out)
  execute_process(COMMAND ${CTEST} --test-dir ${WORK_DIR}/matrix ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text
      ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ctest ${ARGN} failed (${rc}):\n${text}\n${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(expect text pattern what)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "examples/matrix: ${what}: no match for '${pattern}' in:\n${text}")
  endif()
endfunction()

# As many tests as the command has cells, named NAME[adapter,runtime].
execute_process(COMMAND ${prefix}/bin/mockd3d12 matrix --list --runtimes retail:616,retail:620 OUTPUT_VARIABLE cells)
string(REGEX MATCHALL "\n" lines "${cells}")
list(LENGTH lines cell_count)
if(cell_count LESS 40)
  message(FATAL_ERROR "examples/matrix: only ${cell_count} cells:\n${cells}")
endif()
# examples/device_lost.c's 2 cells (FAULTS none "oom@CreateFence#1") come on top.
math(EXPR test_count "${cell_count} + 2")
ctest_output(listed -N)
expect("${listed}" "Total Tests: ${test_count}\n" "one test per cell")
expect("${listed}" "render_path\\[warp,retail:616\\]" "the test names")
expect("${listed}" "render_path\\[nvidia-rtx-4090,retail:620\\]" "the test names")
# Every cell passes, in parallel.
ctest_output(all -j2 --output-on-failure)
expect("${all}" "100% tests passed, 0 tests failed out of ${test_count}" "every cell passes")
# The labels select a row; the cell's environment wins over the caller's.
set(ENV{MOCKD3D12_ADAPTER} nextgen)
set(ENV{MOCKD3D12_SDK_VERSION} 610)
ctest_output(row -L "^adapter=warp$" -R "^render_path" -V)
expect("${row}" "render_path: warp on retail SDK 616: ray traced" "the cell's adapter and runtime")
expect("${row}" "render_path: warp on retail SDK 620: ray traced" "the cell's adapter and runtime")
expect("${row}" "out of 2\n" "the adapter=warp label selects its 2 cells")
ctest_output(cell -R "^render_path\\[fl11-minimal,retail:620\\]$" -V)
expect("${cell}" "render_path: fl11-minimal on retail SDK 620: compute fallback" "one cell by name")
math(EXPR half "${cell_count} / 2")
ctest_output(column -L "^runtime=retail:616$")
expect("${column}" "out of ${half}\n" "the runtime=retail:616 label selects its column")
ctest_output(labelled -L "^example$" -N)
expect("${labelled}" "Total Tests: ${test_count}\n" "LABELS")
# FAULTS: a cell per plan, named and labelled by it, with its MOCKD3D12_FAULTS
# (the caller's plan does not reach the cell without one).
set(ENV{MOCKD3D12_FAULTS} "oom@CreateCommandQueue#1")
ctest_output(faulted -L "^faults=oom@CreateFence#1$" -V)
expect("${faulted}" "device_lost\\[warp,retail:620,oom@CreateFence#1\\]" "the plan in the test's name")
expect("${faulted}" "device_lost: CreateFence failed: 0x8007000e" "the cell's plan fires")
expect("${faulted}" "out of 1\n" "the faults= label selects its cell")
ctest_output(unfaulted -L "^faults=none$" -V)
expect("${unfaulted}" "device_lost: 3 frames, fence at 3" "the cell without a plan runs without one")
unset(ENV{MOCKD3D12_FAULTS})
