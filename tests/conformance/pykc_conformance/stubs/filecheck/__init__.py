"""A stand-in for the `filecheck` package (a Python FileCheck), which
numba-cuda's test helpers import at start-up and which the GPU machine may
lack: with it the test modules import, and the few tests that check
Numba's own IR with FileCheck are skipped instead of crashing the whole
module. Installed only where the real package is missing."""
