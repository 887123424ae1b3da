#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal (what a
person at a terminal sees, for -fdiagnostics-color=auto) and prints what it
wrote there to standard output; exits with the command's status.
Usage: on_terminal.py COMMAND [ARG...]"""
import os
import pty
import subprocess
import sys


def main():
    leader, follower = pty.openpty()
    proc = subprocess.Popen(sys.argv[1:], stderr=follower, stdout=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:   # EIO: the command closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    status = proc.wait()
    os.close(leader)
    # the terminal turns "\n" into "\r\n"
    sys.stdout.write(b"".join(chunks).replace(b"\r\n", b"\n").decode("utf-8", "replace"))
    return status


if __name__ == "__main__":
    sys.exit(main())
