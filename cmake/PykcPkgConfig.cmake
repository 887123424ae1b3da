# What `cmake --install` adds for hosts built without CMake: pykrt.pc in
# LIBDIR/pkgconfig (when libpykrt is built), and the Python launch helper
# (python/pykc_launch.py, docs/python.md) in DATADIR/pykc/python.
include(GNUInstallDirs)

install(FILES ${PROJECT_SOURCE_DIR}/python/pykc_launch.py
        DESTINATION ${CMAKE_INSTALL_DATADIR}/pykc/python)

if(TARGET pykrt_shared)
  # ${pcfiledir} is LIBDIR/pkgconfig: one "../" per part of LIBDIR, and one
  # for pkgconfig, lead back to the prefix. Absolute directories are kept.
  string(REGEX REPLACE "[^/]+" ".." PYKRT_PC_TO_PREFIX "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
  set(PYKRT_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(PYKRT_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(PYKRT_PC_TO_PREFIX "")
    set(PYKRT_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
  endif()
  if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
    set(PYKRT_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
  endif()
  # libpykrt.a's own needs (the shared library records them itself).
  set(PYKRT_PC_PRIVATE_LIBS "${CMAKE_THREAD_LIBS_INIT}")
  foreach(lib ${CMAKE_DL_LIBS})
    string(APPEND PYKRT_PC_PRIVATE_LIBS " -l${lib}")
  endforeach()
  string(STRIP "${PYKRT_PC_PRIVATE_LIBS}" PYKRT_PC_PRIVATE_LIBS)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/pykrt.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/pykrt.pc @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/pkgconfig/pykrt.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
