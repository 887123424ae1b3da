# The CUDA toolkit is optional for building the compiler: it gives ptxas (to
# check the PTX in tests) and libdevice (math). Found under $CUDA_HOME or
# /usr/local/cuda; where absent, the tests that need it say UNSUPPORTED.
set(PYKC_CUDA_HOME "$ENV{CUDA_HOME}")
if(NOT PYKC_CUDA_HOME)
  set(PYKC_CUDA_HOME /usr/local/cuda)
endif()
find_program(PTXAS ptxas PATHS ${PYKC_CUDA_HOME}/bin NO_DEFAULT_PATH)
if(PTXAS)
  message(STATUS "ptxas: ${PTXAS}")
else()
  message(STATUS "ptxas: not found (ptxas tests will be UNSUPPORTED)")
  set(PTXAS "")
endif()
