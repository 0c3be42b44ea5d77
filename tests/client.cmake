# Clients of the INSTALLED package (tests/client/): `cmake --install` into a
# prefix inside the build tree, then a C11 client through find_package and a
# C++17 client (WRL ComPtr, IID_PPV_ARGS) through pkg-config, built out of tree
# and run. Included by tests/CMakeLists.txt.
set(MK_CLIENT_SANITIZE "")
if(MOCKD3D12_SANITIZE)
  set(MK_CLIENT_SANITIZE "-fsanitize=address,undefined -fno-sanitize-recover=undefined")
endif()
add_test(NAME installed_clients
  COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${CMAKE_BINARY_DIR}
    -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/client
    -DWORK_DIR=${CMAKE_BINARY_DIR}/installed-clients
    -DC_COMPILER=${CMAKE_C_COMPILER}
    -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DGENERATOR=${CMAKE_GENERATOR}
    "-DSANITIZE_FLAGS=${MK_CLIENT_SANITIZE}"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/client/run_clients.cmake)
set_tests_properties(installed_clients PROPERTIES TIMEOUT 600)
