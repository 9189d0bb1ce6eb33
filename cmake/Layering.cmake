# Include roots that make the dependency rules of docs/architecture.md compile-time facts.
#
# A target never gets the project root as an include directory. It gets a folder in the build tree that holds
# one symbolic link per source folder it may include from (build/<preset>/include_roots/<root>/core/data ->
# <source>/core/data, ...). `#include "core/learners/learner.h"` then resolves only where core/learners is linked:
# anywhere else it is "No such file or directory".

set(ML_INCLUDE_ROOTS "${CMAKE_BINARY_DIR}/include_roots")

# ml_include_root(<root> <relative source folder>...): creates include_roots/<root> holding a link for each folder
# (relative to the project root, e.g. core/data or app) and returns the root's path in ML_INCLUDE_ROOT. A folder
# that does not exist yet gets its link anyway (it resolves once the folder appears).
function(ml_include_root root)
  set(dir "${ML_INCLUDE_ROOTS}/${root}")
  foreach(folder IN LISTS ARGN)
    set(link "${dir}/${folder}")
    get_filename_component(parent "${link}" DIRECTORY)
    file(MAKE_DIRECTORY "${parent}")
    if(NOT IS_SYMLINK "${link}")
      file(CREATE_LINK "${PROJECT_SOURCE_DIR}/${folder}" "${link}" SYMBOLIC)
    endif()
  endforeach()
  set(ML_INCLUDE_ROOT "${dir}" PARENT_SCOPE)
endfunction()
