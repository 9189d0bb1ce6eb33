# Turns the GLSL sources of shaders/ into a C++ header of string constants (the web build has no file
# system, and both builds must compile the very same text). Run as a script:
#   cmake -DOUT=<header> -DSOURCES="a.vert;b.frag" -P embed.cmake
# Each file `name.stage` becomes `inline constexpr const char kShader_name_stage[]`, its text without
# a version line: app/ui/view.cpp prepends "#version 330 core" (desktop) or "#version 300 es" (browser).
set(text "// Generated from shaders/*.{vert,frag} by shaders/embed.cmake. Do not edit.\n#pragma once\n\nnamespace ml::shaders {\n")
foreach(src IN LISTS SOURCES)
  get_filename_component(name "${src}" NAME)
  string(REPLACE "." "_" ident "${name}")
  file(READ "${src}" body)
  string(FIND "${body}" ")glsl\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${src} contains the raw-string delimiter )glsl\"")
  endif()
  string(APPEND text "\n// ${name}\ninline constexpr const char kShader_${ident}[] = R\"glsl(${body})glsl\";\n")
endforeach()
string(APPEND text "\n}  // namespace ml::shaders\n")
# Rewrite only when the text changed, so dependents do not rebuild needlessly.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL text)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${text}")
