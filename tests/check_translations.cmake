# Fails when a user-visible string in the sources has no Chinese translation: runs Qt 6's
# lupdate over a copy of attnlab_zh_CN.ts (the real file is left alone) and looks for messages
# it had to add as unfinished.
set(copy ${WORK}/attnlab_zh_CN.check.ts)
file(COPY_FILE ${SRC}/resources/translations/attnlab_zh_CN.ts ${copy})
execute_process(COMMAND ${LUPDATE} -silent -tr-function-alias QT_TRANSLATE_NOOP+=ATTNLAB_MESSAGE -locations none -no-obsolete -I . core ui app
                        -source-language en -target-language zh_CN -ts ${copy}
                WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc})")
endif()
file(READ ${copy} ts)
string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"unfinished\"" missing "${ts}")
list(LENGTH missing count)
if(count GREATER 0)
  string(REGEX REPLACE "<translation type=\"unfinished\"" "" missing "${missing}")
  string(REPLACE ";" "\n" missing "${missing}")
  message(FATAL_ERROR "${count} source strings have no Chinese translation; run scripts/update-translations "
                      "and translate them:\n${missing}")
endif()
message(STATUS "every source string has a Chinese translation")
