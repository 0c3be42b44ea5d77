# An engine's start-up on the null device (examples/engine-startup/,
# docs/objects.md): on every built-in adapter the checking run goes to the
# end, and the run that skips the checks is refused at the first step the
# checking run adapted, with a message naming the capability it named
# (tests/examples/check_engine_startup.py). Its shaders are the output of
# tests/examples/make_engine_shaders.c, checked in; engine_startup_shaders
# regenerates them and compares. Under Wine: tests/windows/run-wine.sh.
add_executable(make_engine_shaders ${CMAKE_CURRENT_SOURCE_DIR}/examples/make_engine_shaders.c)
target_link_libraries(make_engine_shaders PRIVATE mk_core)
target_include_directories(make_engine_shaders PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
add_test(NAME engine_startup_shaders
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/examples/check_engine_startup.py shaders
          $<TARGET_FILE:make_engine_shaders> ${PROJECT_SOURCE_DIR}/examples/engine-startup/shaders)
add_test(NAME engine_startup
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/examples/check_engine_startup.py run
          $<TARGET_FILE:mockd3d12_cli> ${PROJECT_SOURCE_DIR}/examples/engine-startup/shaders $<TARGET_FILE:engine_startup>)
set_tests_properties(engine_startup_shaders engine_startup PROPERTIES LABELS "unit"
  ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTER=unset:;MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_PROFILE_PATH=unset:;MOCKD3D12_SDK_VERSION=unset:;MOCKD3D12_PREVIEW_SDK_VERSION=unset:;MOCKD3D12_RUNTIME_KIND=unset:;MOCKD3D12_DEBUG=unset:;MOCKD3D12_TRACE=unset:")
