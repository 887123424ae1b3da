#!/usr/bin/env python3
"""Describes a cubin or fatbin that pykc wrote, for lit to check.

Usage: binary_info.py FILE [--facts]

A cubin (ELF, machine EM_CUDA = 190) prints "cubin sm_XX"; a fatbin (magic
0xBA55ED50) prints "fatbin" and one line per image it holds, "elf sm_XX" or
"ptx sm_XX" (the image headers as the toolkit lays them out: kind, header
size and payload size, the SM number at byte 28). With --facts it prints,
instead, the text of the cubin's __pykc_facts global (docs/abi.md), read
from its ELF symbol table and section data, without its final NUL (the
tests hand it to the runtime's parsers). Exits 1 on anything else."""
import struct
import sys

ELF_MAGIC = b"\x7fELF"
FATBIN_MAGIC = 0xBA55ED50
EM_CUDA = 190


def fail(message):
    sys.stderr.write("binary_info: %s\n" % message)
    sys.exit(1)


def elf_sm(data):
    """The SM of a CUDA ELF: in e_flags' second byte from ELF ABI version 8
    (CUDA 13), in its low byte before."""
    flags = struct.unpack_from("<I", data, 48)[0]
    return (flags >> 8) & 0xFF if data[8] >= 8 else flags & 0xFF


def elf_sections(data):
    shoff = struct.unpack_from("<Q", data, 40)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 58)
    sections = []
    for i in range(shnum):
        name, kind, _, _, offset, size, link, _, _, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize)
        sections.append({"name": name, "type": kind, "offset": offset, "size": size,
                         "link": link, "entsize": entsize})
    return sections


def c_string(data, at):
    return data[at:data.index(b"\0", at)].decode()


def facts_text(data):
    sections = elf_sections(data)
    for symtab in (s for s in sections if s["type"] == 2):  # SHT_SYMTAB
        strtab = sections[symtab["link"]]
        for at in range(symtab["offset"], symtab["offset"] + symtab["size"], symtab["entsize"]):
            name, _, _, shndx, value, size = struct.unpack_from("<IBBHQQ", data, at)
            if c_string(data, strtab["offset"] + name) == "__pykc_facts":
                start = sections[shndx]["offset"] + value
                return data[start:start + size]
    fail("no __pykc_facts symbol")


def main():
    if len(sys.argv) < 2:
        fail("usage: binary_info.py FILE [--facts]")
    data = open(sys.argv[1], "rb").read()
    if data[:4] == ELF_MAGIC:
        if data[4] != 2 or struct.unpack_from("<H", data, 18)[0] != EM_CUDA:
            fail("an ELF file, but not a 64-bit CUDA one")
        if "--facts" in sys.argv:
            text = facts_text(data)
            if not text.endswith(b"\0") or b"\0" in text[:-1]:
                fail("__pykc_facts is not one NUL-terminated text")
            sys.stdout.write(text[:-1].decode())
            return
        print("cubin sm_%d" % elf_sm(data))
        return
    if len(data) >= 16 and struct.unpack_from("<I", data, 0)[0] == FATBIN_MAGIC:
        header_size, fat_size = struct.unpack_from("<HQ", data, 6)[0], struct.unpack_from("<Q", data, 8)[0]
        if header_size + fat_size != len(data):
            fail("fatbin header says %d bytes, file has %d" % (header_size + fat_size, len(data)))
        print("fatbin")
        at = header_size
        while at < len(data):
            kind, _, image_header, payload = struct.unpack_from("<HHIQ", data, at)
            sm = struct.unpack_from("<I", data, at + 28)[0]
            print("%s sm_%d" % ({1: "ptx", 2: "elf"}.get(kind, "kind%d" % kind), sm))
            at += image_header + payload
        return
    fail("neither a cubin nor a fatbin")


main()
