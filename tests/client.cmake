# Clients of the INSTALLED package (tests/client/): `cmake --install` into a
# prefix inside the build tree, then a C11 client through find_package and a
# C++17 client (WRL ComPtr, IID_PPV_ARGS) through pkg-config, built out of tree
# and run; then examples/matrix through mockd3d12_add_test_matrix, and ctest on
# it. Included by tests/CMakeLists.txt.
set(MK_CLIENT_SANITIZE "")
if(MOCKD3D12_SANITIZE)
  # -fno-sanitize=vptr as for the in-tree C++ (CMakeLists.txt): the C++ client's
  # ComPtr calls C COM objects, which carry no C++ RTTI; the check reads
  # whatever precedes their vtables and fails as the library's data moves.
  set(MK_CLIENT_SANITIZE "-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-sanitize=vptr")
endif()
add_test(NAME installed_clients
  COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${CMAKE_BINARY_DIR}
    -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/client
    -DEXAMPLES_DIR=${PROJECT_SOURCE_DIR}/examples
    -DWORK_DIR=${CMAKE_BINARY_DIR}/installed-clients
    -DC_COMPILER=${CMAKE_C_COMPILER}
    -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DGENERATOR=${CMAKE_GENERATOR}
    "-DSANITIZE_FLAGS=${MK_CLIENT_SANITIZE}"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/client/run_clients.cmake)
set_tests_properties(installed_clients PROPERTIES TIMEOUT 600)
