# Writes pykc's man page: the output of `pykc --man`, which prints it from
# the table `pykc --help` is printed from (driver/option_table.def), so the
# page is never kept by hand. Run at build time by PykcPackage.cmake:
#   cmake -DPYKC=path/to/pykc -DOUT=pykc.1 -P PykcManPage.cmake
execute_process(COMMAND ${PYKC} --man OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "pykc --man failed: ${status}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
