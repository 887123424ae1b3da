# pykc_add_kernels: compiles .pyk kernel files at build time into C headers
# (`pykc compile --emit=header`) and hands them to a target. Shared by the
# installed package (pykcConfig.cmake) and pykc's own build (examples/), so
# it only assumes the targets both provide: pykc::pykc (the compiler),
# pykc::pykrt and pykc::pykrt_static (the runtime).
#
#   pykc_add_kernels(<target> <file.pyk>... [STATIC] [ARCH <sm_XX[,sm_YY...]>]
#                    [OPTIONS <pykc flag>...])
#
# For each FILE.pyk, a build rule writes FILE.pyk.h into
# <target's binary dir>/pykc_kernels/<target>/, which is added to the
# target's include path: its sources `#include "FILE.pyk.h"` and get the
# embedded module and one typed launcher per kernel. The module is a fatbin
# (SASS for each ARCH, default sm_80, and the PTX of the lowest: no JIT at
# the first load on those GPUs) when pykc finds the CUDA toolkit's ptxas
# and fatbinary at build time ($CUDA_HOME, else /usr/local/cuda), the PTX
# otherwise; OPTIONS --embed=ptx asks for the PTX. The header is rebuilt when
# the .pyk or the pykc binary changes. The target is linked to libpykrt:
# the shared library, or with STATIC the static one (a program that then
# needs nothing but libc and, at run time, the NVIDIA driver). OPTIONS are
# passed to every compile (-O0, --weak-scalars, ...). Relative paths are
# relative to the calling directory, which must be the one that created the
# target (CMake attaches build rules to the targets of their own directory).
# The target's other target_link_libraries calls must use the keyword form
# (PRIVATE/PUBLIC/INTERFACE), as this function does.
include_guard(GLOBAL)

function(pykc_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "STATIC" "ARCH" "OPTIONS")
  if(NOT TARGET ${target})
    message(FATAL_ERROR "pykc_add_kernels: no target '${target}' (create it with add_executable or add_library first)")
  endif()
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pykc_add_kernels(${target}): no .pyk files given")
  endif()
  get_target_property(target_dir ${target} SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "pykc_add_kernels(${target}): call it in ${target_dir}, "
                        "the directory that creates the target")
  endif()
  set(runtime pykc::pykrt)
  if(arg_STATIC)
    set(runtime pykc::pykrt_static)
  endif()
  if(NOT TARGET ${runtime})
    message(FATAL_ERROR "pykc_add_kernels(${target}): ${runtime} does not exist: this pykc was "
                        "built without libpykrt (rebuild it where the CUDA toolkit's cuda.h is found)")
  endif()

  set(arch_option "")
  if(arg_ARCH)
    set(arch_option --arch=${arg_ARCH})
  endif()
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/pykc_kernels/${target})
  file(MAKE_DIRECTORY ${out_dir})
  set(headers "")
  foreach(source IN LISTS arg_UNPARSED_ARGUMENTS)
    get_filename_component(source ${source} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    get_filename_component(name ${source} NAME)
    if(NOT name MATCHES "\\.pyk$")
      message(FATAL_ERROR "pykc_add_kernels(${target}): '${source}' is not a .pyk file")
    endif()
    get_source_file_property(generated ${source} GENERATED)
    if(NOT EXISTS ${source} AND NOT generated)
      message(FATAL_ERROR "pykc_add_kernels(${target}): no file '${source}'")
    endif()
    set(header ${out_dir}/${name}.h)
    if(header IN_LIST headers)
      message(FATAL_ERROR "pykc_add_kernels(${target}): two files named ${name} would both "
                          "generate ${name}.h; rename one")
    endif()
    add_custom_command(
      OUTPUT ${header}
      COMMAND pykc::pykc compile ${source} --emit=header ${arch_option} ${arg_OPTIONS} -o ${header}
      DEPENDS ${source} pykc::pykc
      COMMENT "pykc ${name} -> ${name}.h"
      VERBATIM)
    list(APPEND headers ${header})
  endforeach()
  # As sources, the headers are generated before the target's C files compile.
  target_sources(${target} PRIVATE ${headers})
  target_include_directories(${target} PRIVATE ${out_dir})
  target_link_libraries(${target} PRIVATE ${runtime})
endfunction()
