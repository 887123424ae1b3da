"""The pipe between a test process and its device runner: each message is
a pickled object preceded by its length (8 bytes, big-endian). Reads take a
deadline, so that a test process never waits for ever on a pykc kernel that
does not finish."""
import os
import pickle
import select
import struct
import time

_HEADER = struct.Struct(">Q")


def send(fd, message):
    """Writes one message to a file descriptor."""
    payload = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    data = memoryview(_HEADER.pack(len(payload)) + payload)
    while data:
        data = data[os.write(fd, data):]


def _read_exactly(fd, size, deadline):
    """`size` bytes from fd, or None at end of file or once `deadline`
    (time.monotonic()) has passed; no deadline waits as long as it takes."""
    chunks, left = [], size
    while left:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                return None
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(fd, deadline=None):
    """The next message, or None at end of file or past the deadline."""
    header = _read_exactly(fd, _HEADER.size, deadline)
    if header is None:
        return None
    payload = _read_exactly(fd, _HEADER.unpack(header)[0], deadline)
    return None if payload is None else pickle.loads(payload)
