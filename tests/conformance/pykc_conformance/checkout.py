"""numba-cuda's source, as a directory tree or as a bare git repository
(the read-only mirror on machines without a checkout). pykc reads files, so
a git repository is exported to a temporary tree for the time it is used."""
import contextlib
import io
import os
import subprocess
import tarfile
import tempfile

TESTS = os.path.join("numba_cuda", "numba", "cuda", "tests")


def is_tree(path):
    """A checkout laid out as files: DIR/numba_cuda/numba/cuda/tests."""
    return os.path.isdir(os.path.join(path, TESTS))


def _export(git_dir, rev, destination):
    """Writes the tree of `rev` under `destination` (git archive, unpacked
    with tarfile so no tar program is needed)."""
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", "--format=tar", rev],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        try:
            tar.extractall(destination, filter="data")  # Pythons that know filters warn without one
        except TypeError:
            tar.extractall(destination)


@contextlib.contextmanager
def opened(path, rev="HEAD"):
    """Yields the root of a directory tree holding the checkout's files:
    `path` itself when it is one, else an export of `rev` of the git
    repository at `path`, removed afterwards."""
    path = os.path.abspath(path)
    if is_tree(path):
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="pykc-checkout-") as root:
        try:
            _export(path, rev, root)
        except (OSError, subprocess.CalledProcessError) as error:
            raise SystemExit("%s is neither a numba-cuda checkout (no %s) nor a git repository "
                             "with a revision %s: %s" % (path, TESTS, rev, error))
        if not is_tree(root):
            raise SystemExit("%s at %s has no %s" % (path, rev, TESTS))
        yield root
