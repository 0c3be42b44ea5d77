# The start-up layout of libd3d12.so: mk_startup_layout(LIST SCRIPT) reads
# the list (src/lib/startup.list: `function NAME`, `data NAME`, `strings FILE`,
# `archive NAME`, `aside NAME`)
# and writes the GNU ld script that gathers them (read beside ld's default
# script: -T with INSERT). Written at configure time; a change to the list
# configures again.
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
${text}  }
}
INSERT BEFORE .text;
SECTIONS
{
  .rodata.mk_startup :
  {
${rodata}  }
}
INSERT BEFORE .rodata;
SECTIONS
{
  .bss.mk_aside (NOLOAD) :
  {
${aside}  }
}
INSERT AFTER .bss;
" @ONLY)
endfunction()
