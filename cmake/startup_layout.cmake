# The start-up layout of libd3d12.so: mk_startup_layout(LIST SCRIPT) reads
# the list (src/lib/startup.list: `function NAME`, `data NAME`, `strings FILE`,
# `archive NAME`, `aside NAME`)
# and writes the GNU ld script that gathers them (read beside ld's default
# script: -T with INSERT). Written at configure time; a change to the list
# configures again. The library links with -z max-page-size=0x10000 (see the
# top-level CMakeLists.txt), so the loader maps it at a 64 KiB boundary and
# the kernel's 64 KiB fault-around windows fall on fixed places of the file:
# the start-up data goes in the first segment, beside the ELF headers the
# loader reads anyway (one window), and the start-up code at the start of the
# code segment with .init, the PLT and .fini, which every exit runs (the next
# window). tests/startup/check_startup_order.cmake checks both fit.
# .dynamic goes after .data, out of RELRO: the loader reads it as it maps the
# library and writes it (its addresses relocated), which in RELRO's last page
# cost a read fault and then a copy; after .data it lies in the page the
# loader has just written (the zeroed tail of the file's data), at no fault.
# With -z now (the top-level CMakeLists.txt) nothing of .got.plt is read
# before it is written either.
function(mk_startup_layout list script)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list})
  file(STRINGS ${list} lines)
  set(text "    *(.text.exit .text.exit.*)\n")
  set(rodata "")
  set(aside "")
  foreach(line ${lines})
    if(line MATCHES "^(function|data|strings|archive|aside) ([A-Za-z_][A-Za-z0-9_.-]*)$")
      set(kind ${CMAKE_MATCH_1})
      set(name ${CMAKE_MATCH_2})
      if(kind STREQUAL "function")
        string(APPEND text "    *(.text.${name} .text.${name}.*)\n")
        string(APPEND rodata "    *(.rodata.${name} .rodata.${name}.*)\n")
      elseif(kind STREQUAL "data")
        string(APPEND rodata "    *(.rodata.${name} .rodata.${name}.*)\n")
      elseif(kind STREQUAL "strings")
        string(APPEND rodata "    *${name}.o(.rodata.str1.* .rodata.cst*)\n")
      elseif(kind STREQUAL "archive")
        string(APPEND rodata "    *${name}:*(.rodata .rodata.*)\n")
      else()
        string(APPEND aside "    *(.bss.${name})\n")
      endif()
    elseif(NOT line MATCHES "^(#.*)?$")
      message(FATAL_ERROR "${list}: \"${line}\" is no `function`, `data`, `strings`, `archive` or `aside` line")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${script} CONTENT "/* Generated from ${list} by cmake/startup_layout.cmake: do not edit. */
SECTIONS
{
  .text.mk_startup :
  {
${text}    KEEP (*(SORT_NONE(.fini)))
  }
}
INSERT BEFORE .text;
SECTIONS
{
  .rodata.mk_startup :
  {
${rodata}  }
}
INSERT AFTER .rela.plt;
SECTIONS
{
  .bss.mk_aside (NOLOAD) :
  {
${aside}  }
}
INSERT AFTER .bss;
SECTIONS
{
  .dynamic : { *(.dynamic) }
}
INSERT AFTER .data;
" @ONLY)
endfunction()
