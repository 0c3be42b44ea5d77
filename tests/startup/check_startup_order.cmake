# cmake -DLIBRARY=libd3d12.so -DLIST=src/lib/startup.list -DSOURCES=src
#   -DTOOLS=tools -P check_startup_order.cmake (tests/startup_order.cmake)
# The start-up layout (src/lib/startup.list) stays true: each name it lists
# is still one of the sources' (a rename would silently scatter the start-up
# path again), and each of the library's symbols of those names (a clone too:
# NAME.constprop.0) lies in the section the list puts it in: a function in
# .text.mk_startup, a datum in .rodata.mk_startup, a variable put aside in
# .bss.mk_aside.
find_program(READELF NAMES readelf REQUIRED)
find_program(NM NAMES nm REQUIRED)

file(STRINGS ${LIST} lines REGEX "^(function|data|aside) ")
set(names "")
foreach(line ${lines})
  string(REGEX REPLACE "^(function|data|aside) (.*)$" "\\2" name "${line}")
  string(REGEX REPLACE "^(function|data|aside) (.*)$" "\\1" kind "${line}")
  list(APPEND names ${name})
  set(kind_${name} ${kind})
endforeach()
list(LENGTH names count)
if(count LESS 60)
  message(FATAL_ERROR "${LIST}: ${count} names read; its lines are `function NAME`, `data NAME`, `aside NAME` (and others)")
endif()

# Every name, somewhere in the sources (a macro-made method is named where its
# vtable lists it, a generated table where its header or generator does).
set(text "")
foreach(dir ${SOURCES} ${TOOLS})
  file(GLOB_RECURSE sources ${dir}/*.c ${dir}/*.h ${dir}/*.py)
  foreach(f ${sources})
    file(READ ${f} content)
    string(APPEND text "${content}")
  endforeach()
endforeach()
foreach(name ${names})
  string(FIND "${text}" "${name}" at)
  if(at LESS 0)
    message(FATAL_ERROR "${LIST} names ${name}, which no source under ${SOURCES} or ${TOOLS} has: renamed? Refresh the list.")
  endif()
endforeach()

# Each name of a table of names held in place (caps_name, src/caps/adapter.h:
# 64 bytes, so no pointer is relocated at load) leaves room for its NUL: C
# takes a 64-character literal there silently, unterminated.
string(REGEX MATCHALL "caps_name [A-Za-z_]+\\[[^]]*\\] = {[^}]*}" tables "${text}")
string(REGEX MATCHALL "#define CAPS_EXTRA_KEYS[^\n]*(\\\\\n[^\n]*)*" extra "${text}")
list(LENGTH tables table_count)
if(table_count LESS 20)
  message(FATAL_ERROR "only ${table_count} caps_name tables found in ${SOURCES}: is the pattern stale?")
endif()
foreach(table ${tables} ${extra})
  string(REGEX MATCHALL "\"[^\"]*\"" literals "${table}")
  foreach(literal ${literals})
    string(LENGTH "${literal}" length)
    if(length GREATER 65)
      message(FATAL_ERROR "${literal} is longer than a caps_name holds (63 characters and its NUL)")
    endif()
  endforeach()
endforeach()

# The sections, and where the library's symbols of those names are.
execute_process(COMMAND ${READELF} -SW ${LIBRARY} OUTPUT_VARIABLE sections RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "readelf -SW ${LIBRARY} failed")
endif()
foreach(section text.mk_startup rodata.mk_startup bss.mk_aside)
  string(REPLACE "." "\\." pattern "${section}")
  if(NOT sections MATCHES "\\.${pattern} +[A-Z]+ +([0-9a-f]+) +[0-9a-f]+ +([0-9a-f]+)")
    message(FATAL_ERROR "${LIBRARY} has no section .${section}: is the script made from ${LIST} passed to the linker?")
  endif()
  math(EXPR first_${section} "0x${CMAKE_MATCH_1}" OUTPUT_FORMAT DECIMAL)
  math(EXPR end_${section} "0x${CMAKE_MATCH_1} + 0x${CMAKE_MATCH_2}" OUTPUT_FORMAT DECIMAL)
endforeach()
# Each start-up group within one of the kernel's 64 KiB fault-around windows
# of a library mapped at a 64 KiB boundary (cmake/startup_layout.cmake): the
# data with the ELF headers in the first, .init to .fini (the start-up code
# between) in one other.
if(NOT sections MATCHES "\\.init +PROGBITS +([0-9a-f]+) ")
  message(FATAL_ERROR "${LIBRARY} has no .init section")
endif()
math(EXPR init_window "0x${CMAKE_MATCH_1} / 65536" OUTPUT_FORMAT DECIMAL)
math(EXPR text_last_window "(${end_text.mk_startup} - 1) / 65536" OUTPUT_FORMAT DECIMAL)
if(end_rodata.mk_startup GREATER 65536)
  math(EXPR over "${end_rodata.mk_startup} - 65536" OUTPUT_FORMAT DECIMAL)
  message(FATAL_ERROR "${LIBRARY}: the headers and .rodata.mk_startup end ${over} bytes past the first 64 KiB: "
          "the start-up data outgrew its fault-around window (linked without -z max-page-size=0x10000, "
          "or a `data` line too many in ${LIST}?)")
endif()
if(NOT init_window EQUAL text_last_window)
  message(FATAL_ERROR "${LIBRARY}: .init and the end of .text.mk_startup (with .fini) lie in 64 KiB windows "
          "${init_window} and ${text_last_window}: the start-up code outgrew its fault-around window, "
          "or the library is not linked with -z max-page-size=0x10000")
endif()
# .dynamic after .data, out of RELRO, and symbols bound at load
# (cmake/startup_layout.cmake): RELRO's pages are each written once, never
# read first.
if(NOT sections MATCHES "\\.data +PROGBITS +([0-9a-f]+) " )
  message(FATAL_ERROR "${LIBRARY} has no .data section")
endif()
math(EXPR data_at "0x${CMAKE_MATCH_1}" OUTPUT_FORMAT DECIMAL)
if(NOT sections MATCHES "\\.dynamic +DYNAMIC +([0-9a-f]+) ")
  message(FATAL_ERROR "${LIBRARY} has no .dynamic section")
endif()
math(EXPR dynamic_at "0x${CMAKE_MATCH_1}" OUTPUT_FORMAT DECIMAL)
if(dynamic_at LESS data_at)
  message(FATAL_ERROR "${LIBRARY}: .dynamic lies before .data (in RELRO): is the script made from ${LIST} passed to "
          "the linker?")
endif()
execute_process(COMMAND ${READELF} -dW ${LIBRARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT dynamic MATCHES "BIND_NOW")
  message(FATAL_ERROR "${LIBRARY} is not linked with -z now")
endif()
set(section_function text.mk_startup)
set(section_data rodata.mk_startup)
set(section_aside bss.mk_aside)
execute_process(COMMAND ${NM} --defined-only ${LIBRARY} OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nm ${LIBRARY} failed")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(placed 0)
foreach(line ${lines})
  if(NOT line MATCHES "^([0-9a-f]+) [tTrRbB] ([A-Za-z0-9_]+)(\\.[a-z]+\\.[0-9]+)*$")
    continue()
  endif()
  set(address ${CMAKE_MATCH_1})
  set(name ${CMAKE_MATCH_2})
  if(NOT DEFINED kind_${name})
    continue()
  endif()
  set(section ${section_${kind_${name}}})
  math(EXPR at "0x${address}" OUTPUT_FORMAT DECIMAL)
  if(at LESS first_${section} OR NOT at LESS end_${section})
    message(FATAL_ERROR "${LIBRARY}: ${line} lies outside .${section} (compiled without -ffunction-sections -fdata-sections?)")
  endif()
  math(EXPR placed "${placed} + 1")
endforeach()
if(placed LESS 60)
  message(FATAL_ERROR "${LIBRARY}: only ${placed} of the ${count} names of ${LIST} found in it")
endif()
message(STATUS "${LIBRARY}: ${placed} symbols where ${LIST} puts them (${count} names)")
