# The rooms' walls (docs/architecture.md): a room sees another's headers only
# when it links it. Each probe is one include, compiled with a room's include
# path and definitions, as a source of that room would be: across a wall the
# build must fail, along an allowed arrow it must pass (the controls prove
# that a failure is the wall's). Built on demand by the test, not by `all`.
set(MK_WALL_PROBES
  # room             header                      builds?
  "mk_caps_objs|clamp/clamp.h|no"
  "mk_caps_objs|debuglayer/debuglayer.h|no"
  "mk_caps_objs|device.h|no"
  "mk_caps_objs|control.h|no"
  "mk_clamp|caps/caps.h|no"
  "mk_clamp|debuglayer/debuglayer.h|no"
  "mk_debuglayer|caps/caps.h|no"
  "mk_debuglayer|clamp/clamp.h|no"
  "mk_tables|caps/caps.h|no"
  "mk_base|mk_tables.h|no"
  "mk_objects|device.h|no"
  "mk_objects|caps/caps.h|no"
  # The object base knows COM and nothing of D3D12's rooms.
  "mk_com|mk_tables.h|no"
  "mk_com|obj_device.h|no"
  "mk_com|debuglayer/debuglayer.h|no"
  "mk_objects|object.h|yes"
  "mk_device|control.h|no"
  "mk_caps_objs|mk_tables.h|yes"
  "mk_caps_objs|alloc.h|yes"
  "mk_clamp|mk_tables.h|yes"
  "mk_device|caps/caps.h|yes"
  "mk_device|clamp/clamp.h|yes"
  "mk_api|device.h|yes"
  # The CLI is a client of the public headers only: no room's header reaches it.
  "mockd3d12_cli|caps/caps.h|no"
  "mockd3d12_cli|clamp/clamp.h|no"
  "mockd3d12_cli|mk_tables.h|no"
  "mockd3d12_cli|mockd3d12/mockd3d12.h|yes"
  # libdxcore reaches libd3d12 only through the public headers and the control API.
  "dxcore|caps/caps.h|no"
  "dxcore|device.h|no"
  "dxcore|mockd3d12/dxcore.h|yes"
  "dxcore|object.h|yes"
  # libdxgi and libd3d11 share the object base and the platform layer, not the device.
  "dxgi|device.h|no"
  "dxgi|caps/caps.h|no"
  "dxgi|object.h|yes"
  "d3d11|device.h|no"
  "d3d11|caps/caps.h|no")
set(i 0)
foreach(probe ${MK_WALL_PROBES})
  string(REPLACE "|" ";" parts "${probe}")
  list(GET parts 0 room)
  list(GET parts 1 header)
  list(GET parts 2 builds)
  set(source ${CMAKE_CURRENT_BINARY_DIR}/walls/wall_${i}.c)
  file(WRITE ${source} "/* ${room} includes ${header}: ${builds} */\n#include \"${header}\"\nint mk_wall_probe_${i};\n")
  add_library(mk_wall_${i} OBJECT EXCLUDE_FROM_ALL ${source})
  target_include_directories(mk_wall_${i} PRIVATE $<TARGET_PROPERTY:${room},INCLUDE_DIRECTORIES>)
  target_compile_definitions(mk_wall_${i} PRIVATE $<TARGET_PROPERTY:${room},COMPILE_DEFINITIONS>)
  target_link_libraries(mk_wall_${i} PRIVATE mockd3d12_headers)
  string(MAKE_C_IDENTIFIER "${room}_includes_${header}" name)
  add_test(NAME room_wall_${name} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target mk_wall_${i})
  set_tests_properties(room_wall_${name} PROPERTIES LABELS "rooms" RESOURCE_LOCK room_walls)
  if(builds STREQUAL "no")
    # Fails for the wall's reason only: the header is not found.
    set_tests_properties(room_wall_${name} PROPERTIES PASS_REGULAR_EXPRESSION "No such file or directory|file not found")
  endif()
  math(EXPR i "${i} + 1")
endforeach()
