# cmake -DJANSSON=exe -DOURS=exe -DDIR=dir -DOUT=dir -P compare.cmake: runs
# both programs over every *.json file of DIR (by relative name, so that
# their lines name the files alike), writes what each printed to OUT, and
# fails when the two differ (printing the lines that do, with diff).
file(GLOB files RELATIVE ${DIR} ${DIR}/*.json)
list(SORT files)
list(LENGTH files count)
if(count LESS 50)
  message(FATAL_ERROR "${DIR}: ${count} files, expected the whole corpus")
endif()
foreach(program JANSSON OURS)
  execute_process(COMMAND ${${program}} ${files} WORKING_DIRECTORY ${DIR}
    OUTPUT_FILE ${OUT}/json-errors-${program}.txt RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${${program}} exited with ${rc}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/json-errors-JANSSON.txt ${OUT}/json-errors-OURS.txt
  RESULT_VARIABLE differ)
if(differ)
  execute_process(COMMAND diff ${OUT}/json-errors-JANSSON.txt ${OUT}/json-errors-OURS.txt)
  message(FATAL_ERROR "src/win32/json.c (>) reports these files differently from jansson (<)")
endif()
message("${count} files: src/win32/json.c reports each as jansson does")
