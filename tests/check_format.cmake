# Fails when a committed C++ source differs from what .clang-format asks for (Debian's
# clang-format, installed by scripts/setup.sh). Fix with: clang-format -i FILE.
file(GLOB_RECURSE files
  ${SRC}/core/*.h ${SRC}/core/*.cpp ${SRC}/ui/*.h ${SRC}/ui/*.cpp ${SRC}/app/*.h ${SRC}/app/*.cpp
  ${SRC}/tests/*.h ${SRC}/tests/*.cpp ${SRC}/bench/*.h ${SRC}/bench/*.cpp)
set(bad "")
foreach(f ${files})
  execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${f}
    WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    file(RELATIVE_PATH rel ${SRC} ${f})
    list(APPEND bad ${rel})
  endif()
endforeach()
if(bad)
  list(JOIN bad "\n  " listing)
  message(FATAL_ERROR "These files do not match .clang-format (run clang-format -i on them):\n  ${listing}")
endif()
