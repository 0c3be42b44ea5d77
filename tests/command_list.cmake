# tests/unit/test_command_list_calls.c includes the generator's list of every
# recording method (cmake/gen_objects.cmake), made with the objects room.
target_include_directories(test_command_list_calls PRIVATE ${MK_GEN_DIR}/tests)
add_dependencies(test_command_list_calls mk_objects)
