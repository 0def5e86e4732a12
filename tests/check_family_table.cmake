# Model families are data (core/model/family/): the code asks a family's properties and never
# which family it is. Outside that folder no source of core/, ui/ or app/ may compare family
# identifiers: an enum of families, a model_type string, or a family object by address.
set(bad "")
file(GLOB_RECURSE files ${SRC}/core/*.h ${SRC}/core/*.cpp ${SRC}/ui/*.h ${SRC}/ui/*.cpp ${SRC}/app/*.h ${SRC}/app/*.cpp)
foreach(f ${files})
  if(f MATCHES "/core/model/family/")
    continue()
  endif()
  file(STRINGS ${f} lines REGEX
    "(==|!=)[ \t]*([A-Za-z_:]*::)?(Architecture|Family|ModelKind)::|modelType[ \t]*(==|!=)|(==|!=)[ \t]*\"(gpt2|bert)\"|(gpt2|bert)Family[ \t]*\\(|families\\.h\"|(==|!=)[ \t]*findFamily")
  if(lines)
    list(APPEND bad "${f}: ${lines}")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "Model families compared outside the family table (ask a property of the family):\n${bad}")
endif()
message(STATUS "no source outside core/model/family/ compares model families (${SRC})")
