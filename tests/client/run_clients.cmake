# Installs mockd3d12 into a prefix and builds/runs the two clients out of tree
# against it: the C11 one through find_package, the C++17 one through
# pkg-config. Run with cmake -P; variables: BUILD_DIR, SOURCE_DIR, WORK_DIR,
# C_COMPILER, CXX_COMPILER, GENERATOR, SANITIZE_FLAGS.
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
