# The CMake package `pykc`: what `cmake --install BUILD --prefix P` puts in P,
# and the same package seen from the build tree. Users write
#
#   find_package(pykc REQUIRED)            # CMAKE_PREFIX_PATH=P (or =BUILD)
#   add_executable(app main.c)
#   pykc_add_kernels(app kernels.pyk)      # cmake/PykcKernels.cmake
#
# and get the imported targets pykc::pykc (the compiler), pykc::pykrt (shared
# libpykrt) and pykc::pykrt_static, plus PYKC_EXECUTABLE. Included by the
# top-level CMakeLists after runtime/, whose targets may be absent (no
# cuda.h): the package then holds the compiler alone.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PYKC_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pykc)
# The build tree mirrors the install layout, so CMAKE_PREFIX_PATH=BUILD works.
set(PYKC_BUILD_PACKAGE_DIR ${CMAKE_BINARY_DIR}/${PYKC_PACKAGE_DIR})

set(PYKC_PACKAGE_TARGETS pykc)
if(TARGET pykrt_shared)
  list(APPEND PYKC_PACKAGE_TARGETS pykrt_shared pykrt_static)
  # Exported as pykc::pykrt and pykc::pykrt_static.
  set_target_properties(pykrt_shared PROPERTIES EXPORT_NAME pykrt)
  set_target_properties(pykrt_static PROPERTIES EXPORT_NAME pykrt_static)
  install(FILES ${PROJECT_SOURCE_DIR}/runtime/include/pykrt.h
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  # pykc's own CMake code (examples/) uses the package's names too.
  add_library(pykc::pykrt ALIAS pykrt_shared)
  add_library(pykc::pykrt_static ALIAS pykrt_static)
endif()
add_executable(pykc::pykc ALIAS pykc)
set(PYKC_EXECUTABLE $<TARGET_FILE:pykc>)

install(TARGETS ${PYKC_PACKAGE_TARGETS} EXPORT pykcTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT pykcTargets NAMESPACE pykc:: DESTINATION ${PYKC_PACKAGE_DIR})
export(EXPORT pykcTargets NAMESPACE pykc:: FILE ${PYKC_BUILD_PACKAGE_DIR}/pykcTargets.cmake)

# One template serves both trees: it finds its targets and PykcKernels.cmake
# next to itself.
set(PYKC_PACKAGE_HAS_RUNTIME OFF)
if(TARGET pykrt_shared)
  set(PYKC_PACKAGE_HAS_RUNTIME ON)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/pykcConfig.cmake.in
  ${PYKC_BUILD_PACKAGE_DIR}/pykcConfig.cmake
  INSTALL_DESTINATION ${PYKC_PACKAGE_DIR})
# 0.x: a new minor version may change the API, so only 0.N.* matches 0.N.
write_basic_package_version_file(${PYKC_BUILD_PACKAGE_DIR}/pykcConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
configure_file(${CMAKE_CURRENT_LIST_DIR}/PykcKernels.cmake
               ${PYKC_BUILD_PACKAGE_DIR}/PykcKernels.cmake COPYONLY)
install(FILES ${PYKC_BUILD_PACKAGE_DIR}/pykcConfig.cmake
              ${PYKC_BUILD_PACKAGE_DIR}/pykcConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/PykcKernels.cmake
        DESTINATION ${PYKC_PACKAGE_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/PykcKernels.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/PykcPkgConfig.cmake)   # pykrt.pc, the Python helper
