# cmake -DPYTHON=... -DGENERATOR=tools/gen_x.py -DDATA=data -DOUT=build/x.md
#       -DCOMMITTED=docs/x.md -DSOURCE_DIR=... -P check_generated.cmake
# Runs a doc generator into the build tree and fails unless its output equals
# the committed file, saying how to regenerate it (a committed generated doc
# otherwise drifts silently from the data it shows).
get_filename_component(out_dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${out_dir})
execute_process(COMMAND ${PYTHON} ${GENERATOR} ${DATA} ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${COMMITTED} RESULT_VARIABLE differs)
if(differs)
  file(RELATIVE_PATH gen ${SOURCE_DIR} ${GENERATOR})
  file(RELATIVE_PATH data ${SOURCE_DIR} ${DATA})
  file(RELATIVE_PATH doc ${SOURCE_DIR} ${COMMITTED})
  message(FATAL_ERROR "${doc} is not what ${gen} writes (its output: ${OUT}).\n"
          "Regenerate it from the source directory with:\n  python3 ${gen} ${data} ${doc}")
endif()
