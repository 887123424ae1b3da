# cmake -DINPUT=FILE -DOUTPUT=FILE.h -DNAME=ident -P embed_binary.cmake
# Writes FILE's bytes as `static const unsigned long long NAME[]` (64-bit
# little-endian words, so 8-byte aligned as cuModuleLoadData wants a
# binary) and NAME_size, for GPU tests that load a cubin or fatbin pykc
# wrote (tests/runtime/gpu/binary_load.c).
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
math(EXPR padding "(8 - ${size} % 8) % 8")
foreach(i RANGE 1 ${padding})
  if(padding GREATER 0)
    string(APPEND hex "00")
  endif()
endforeach()
string(LENGTH "${hex}" hex_len)
set(words "")
set(at 0)
while(at LESS hex_len)
  # The word's bytes in reverse order: little-endian.
  set(word "")
  foreach(byte RANGE 7 0 -1)
    math(EXPR from "${at} + ${byte} * 2")
    string(SUBSTRING "${hex}" ${from} 2 pair)
    string(APPEND word "${pair}")
  endforeach()
  string(APPEND words "0x${word}ULL,\n")
  math(EXPR at "${at} + 16")
endwhile()
file(WRITE ${OUTPUT} "/* ${INPUT}, embedded by tests/runtime/embed_binary.cmake */\n"
     "static const unsigned long long ${NAME}[] = {\n${words}};\n"
     "static const unsigned long ${NAME}_size = ${size};\n")
