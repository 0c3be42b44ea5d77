# cmake -DLIBRARY=libd3d12.so -P check_needed.cmake: fails when the library
# names libjansson among its NEEDED entries (tests/jansson.cmake).
find_program(READELF NAMES readelf REQUIRED)
execute_process(COMMAND ${READELF} -d ${LIBRARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "readelf -d ${LIBRARY} failed")
endif()
if(NOT dynamic MATCHES "NEEDED")
  message(FATAL_ERROR "${LIBRARY} lists no NEEDED library at all: not what readelf -d of a shared library prints")
endif()
if(dynamic MATCHES "NEEDED[^\n]*libjansson")
  message(FATAL_ERROR "${LIBRARY} names libjansson as NEEDED: a jansson function without its line in src/lib/jansson_on_demand.c?")
endif()
message(STATUS "${LIBRARY}: libjansson is not NEEDED")
