# Header tests (the d3d12_next.h room). Every file in tests/headers/ is compiled
# as part of ALL: the .c ones as C11 and again as C++17, the .cpp ones as C++17,
# all with -Wall -Wextra -Werror. A header that does not compile alone, after a
# client's own DirectX-Headers includes, or whose version guards let a block
# through twice, breaks the build. test_abi reads a table generated from the
# reference data.

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/test_abi_table.h
  COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/tools/gen_next_header.py --abi-table ${MK_DATA_DIR}
          ${MK_GEN_DIR}/test_abi_table.h
  DEPENDS ${PROJECT_SOURCE_DIR}/tools/gen_next_header.py ${MK_GEN_COMMON} ${MK_DATA_DIR}/state-object-interfaces.tsv
          ${MK_DATA_DIR}/api-extension-interfaces.tsv
  COMMENT "Generating the ABI table for test_abi")
if(TARGET test_abi)
  target_sources(test_abi PRIVATE ${MK_GEN_DIR}/test_abi_table.h)
endif()

file(GLOB MK_HEADER_TESTS_C CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/headers/*.c)
file(GLOB MK_HEADER_TESTS_CXX CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/headers/*.cpp)
set(MK_HEADER_TEST_OBJECTS)
foreach(src ${MK_HEADER_TESTS_C})
  get_filename_component(name ${src} NAME_WE)
  configure_file(${src} ${CMAKE_CURRENT_BINARY_DIR}/headers/${name}_cxx.cpp COPYONLY)
  add_library(header_${name}_c OBJECT ${src})
  set_target_properties(header_${name}_c PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF)
  add_library(header_${name}_cxx OBJECT ${CMAKE_CURRENT_BINARY_DIR}/headers/${name}_cxx.cpp)
  set_target_properties(header_${name}_cxx PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS OFF)
  list(APPEND MK_HEADER_TEST_OBJECTS header_${name}_c header_${name}_cxx)
endforeach()
foreach(src ${MK_HEADER_TESTS_CXX})
  get_filename_component(name ${src} NAME_WE)
  add_library(header_${name}_cxx OBJECT ${src})
  set_target_properties(header_${name}_cxx PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS OFF)
  list(APPEND MK_HEADER_TEST_OBJECTS header_${name}_cxx)
endforeach()
foreach(t ${MK_HEADER_TEST_OBJECTS})
  # Public include paths only: what an installed client sees.
  target_link_libraries(${t} PRIVATE mockd3d12_headers)
  target_include_directories(${t} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/headers)
  target_compile_options(${t} PRIVATE -Wall -Wextra -Werror)
endforeach()
