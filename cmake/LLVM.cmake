# Finds LLVM 19 through llvm-config and sets LLVM_INCLUDE_DIR and
# LLVM_STATIC_LIBS: the static archives of the NVPTX back end and the new pass
# manager, then the system libraries they need, zlib and zstd linked
# statically too so the binary runs where no -dev package is installed.
find_program(LLVM_CONFIG NAMES llvm-config-19 llvm-config
             PATHS /usr/lib/llvm-19/bin NO_DEFAULT_PATH)
find_program(LLVM_CONFIG NAMES llvm-config-19 llvm-config REQUIRED)

execute_process(COMMAND ${LLVM_CONFIG} --version
                OUTPUT_VARIABLE LLVM_VERSION OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT LLVM_VERSION MATCHES "^19\\.")
  message(FATAL_ERROR "pykc needs LLVM 19, found ${LLVM_VERSION} (${LLVM_CONFIG})")
endif()

execute_process(COMMAND ${LLVM_CONFIG} --includedir
                OUTPUT_VARIABLE LLVM_INCLUDE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG} --bindir
                OUTPUT_VARIABLE LLVM_TOOLS_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG} --link-static --libfiles nvptx passes bitreader linker
                OUTPUT_VARIABLE llvm_libfiles OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(llvm_libfiles UNIX_COMMAND "${llvm_libfiles}")

find_library(ZLIB_STATIC NAMES libz.a REQUIRED)
find_library(ZSTD_STATIC NAMES libzstd.a REQUIRED)
set(LLVM_STATIC_LIBS ${llvm_libfiles} ${ZSTD_STATIC} ${ZLIB_STATIC} pthread dl m rt)
message(STATUS "LLVM ${LLVM_VERSION}: ${LLVM_CONFIG}")
