"""Runs one of numba-cuda's test modules, in a process the run started
with the conformance sitecustomize.py on its path (so the hook is in and
`numba.cuda.tests` is the checkout's):

    python -m pykc_conformance.worker pytest|unittest CHECKOUT STATE MODULE

pytest is numba-cuda's own runner (its tests import pytest, and its
CUDATestCase uses a fixture of the checkout's testing/conftest.py, loaded
here as a plugin). pytest is not given the module's file, whose package
path it would turn into a module name of its own (differently from one
pytest version to the next); it gets a proxy module in the run's directory
that imports the test module by its dotted name and exposes its contents.
Exits with the runner's status."""
import importlib.util
import os
import sys

from pykc_conformance import exec_sources

PROXY = '''"""Written by pykc's conformance harness: pytest collects %(name)s,
imported by its name (from the checkout), through this module."""
import importlib

globals().update((key, value) for key, value in vars(importlib.import_module(%(name)r)).items()
                 if not key.startswith("__"))
'''

def checkout_conftest(checkout):
    """The checkout's testing/conftest.py as a plugin module, or None."""
    path = os.path.join(checkout, "testing", "conftest.py")
    if not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location("numba_cuda_testing_conftest", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_proxy(state, name):
    """state/proxies/test_<name>.py (the run wrote a pytest.ini there)."""
    path = os.path.join(state, "proxies", "test_%s.py" % name.replace(".", "_"))
    with open(path, "w") as f:
        f.write(PROXY % {"name": name})
    return path


def run_pytest(checkout, state, name):
    import pytest
    proxy = write_proxy(state, name)
    directory = os.path.dirname(proxy)
    plugin = checkout_conftest(checkout)
    args = [proxy, "-q", "-p", "no:cacheprovider", "-c", os.path.join(directory, "pytest.ini"),
            "--rootdir", directory]
    return int(pytest.main(args, plugins=[plugin] if plugin else []))


def run_unittest(name):
    import unittest
    program = unittest.main(module=name, argv=["worker"], exit=False)
    return 0 if program.result.wasSuccessful() else 1


def main(argv):
    runner, checkout, state, name = argv
    os.environ[exec_sources.TEST_MODULE_ENV] = name   # for the `python -c` processes it starts
    if runner == "pytest":
        return run_pytest(checkout, state, name)
    return run_unittest(name)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
