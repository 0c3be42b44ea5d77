# mockd3d12_add_test_matrix(NAME COMMAND cmd [args...] [ADAPTERS ...] [RUNTIMES ...] [FAULTS ...]
#                           [LABELS ...])
#
# Adds one CTest test per cell of adapters x runtimes (x fault plans), named
# NAME[adapter,runtime] (NAME[adapter,runtime,plan] with FAULTS), each running
# COMMAND with the cell's MOCKD3D12_ADAPTER, MOCKD3D12_RUNTIME_KIND,
# MOCKD3D12_SDK_VERSION and MOCKD3D12_PREVIEW_SDK_VERSION (and MOCKD3D12_FAULTS)
# (ENVIRONMENT_MODIFICATION) and the labels adapter=ID, runtime=RUNTIME,
# faults=PLAN (with FAULTS), mockd3d12-matrix and LABELS. FAULTS are the plans
# of `mockd3d12 matrix --faults` (docs/faults.md), one rule each or @FILE
# (a CMake list item cannot hold the ';' between rules), and none for the cell
# without a plan.
# ADAPTERS and RUNTIMES are the items of `mockd3d12 matrix --adapters/--runtimes`
# (ids, files, the sets all, hardware, software, dumps, baselines; KIND:SDK[:PREVIEW]);
# defaults: all, and the runtime configured where CMake runs. The cells come
# from `mockd3d12 matrix --list` (MOCKD3D12_EXECUTABLE), run when CMake
# configures, so the expansion of the sets is the command's own. docs/matrix.md.
# Installed with the package and included by mockd3d12Config.cmake.
function(mockd3d12_add_test_matrix name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "COMMAND;ADAPTERS;RUNTIMES;FAULTS;LABELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "mockd3d12_add_test_matrix(${name}): unexpected arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_COMMAND)
    message(FATAL_ERROR "mockd3d12_add_test_matrix(${name}): needs COMMAND cmd [args...]")
  endif()
  if(NOT MOCKD3D12_EXECUTABLE OR NOT EXISTS "${MOCKD3D12_EXECUTABLE}")
    message(FATAL_ERROR "mockd3d12_add_test_matrix(${name}): the mockd3d12 command is not found "
      "(MOCKD3D12_EXECUTABLE='${MOCKD3D12_EXECUTABLE}')")
  endif()
  set(labels "")
  if(arg_LABELS)
    set(labels ";${arg_LABELS}")
  endif()
  set(list_args matrix --list)
  if(arg_ADAPTERS)
    list(JOIN arg_ADAPTERS "," adapters)
    list(APPEND list_args --adapters "${adapters}")
  endif()
  if(arg_RUNTIMES)
    list(JOIN arg_RUNTIMES "," runtimes)
    list(APPEND list_args --runtimes "${runtimes}")
  endif()
  if(arg_FAULTS)
    list(JOIN arg_FAULTS "," faults)
    list(APPEND list_args --faults "${faults}")
  endif()
  execute_process(COMMAND "${MOCKD3D12_EXECUTABLE}" ${list_args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE cells ERROR_VARIABLE error)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mockd3d12_add_test_matrix(${name}): mockd3d12 matrix --list failed (${rc}):\n${error}")
  endif()
  # One cell a line: ADAPTER, RUNTIME, VAR=VALUE... tab-separated.
  string(REPLACE ";" "\\;" cells "${cells}")
  string(REGEX REPLACE "\n$" "" cells "${cells}")
  string(REPLACE "\n" ";" cells "${cells}")
  foreach(cell IN LISTS cells)
    string(REPLACE "\t" ";" fields "${cell}")
    list(POP_FRONT fields adapter runtime)
    set(environment "")
    set(plan "")
    foreach(assignment IN LISTS fields)
      string(FIND "${assignment}" "=" equals)
      string(SUBSTRING "${assignment}" 0 ${equals} variable)
      math(EXPR start "${equals} + 1")
      string(SUBSTRING "${assignment}" ${start} -1 value)
      if(variable STREQUAL "MOCKD3D12_FAULTS")
        # --list gives it with --faults only: "" is the cell without a plan.
        set(plan "${value}")
        if(plan STREQUAL "")
          set(plan "none")
        endif()
        if(value STREQUAL "")
          list(APPEND environment "${variable}=unset:")
          continue()
        endif()
      endif()
      list(APPEND environment "${variable}=set:${value}")
    endforeach()
    if(plan STREQUAL "")
      set(test "${name}[${adapter},${runtime}]")
      set(plan_label "")
    else()
      set(test "${name}[${adapter},${runtime},${plan}]")
      set(plan_label ";faults=${plan}")
    endif()
    add_test(NAME "${test}" COMMAND ${arg_COMMAND})
    set_tests_properties("${test}" PROPERTIES
      ENVIRONMENT_MODIFICATION "${environment}"
      LABELS "mockd3d12-matrix;adapter=${adapter};runtime=${runtime}${plan_label}${labels}")
  endforeach()
endfunction()
