"""numba-cuda's source, as a directory tree or as a bare git repository
(the read-only mirror on machines without a checkout). pykc reads files, so
a git repository is exported to a temporary tree for the time it is used."""
import contextlib
import hashlib
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


class Originals:
    """Finds the checkout file a copy was made from (the caching tests copy
    their use cases to a temporary directory and import the copy), by
    content: the checkout's .py files are hashed once, when first asked."""

    def __init__(self, root):
        self.root, self.by_digest = root, None

    def original(self, path):
        """The checkout file (relative path) with the bytes of `path`, or None."""
        try:
            with open(path, "rb") as f:
                digest = hashlib.sha1(f.read()).hexdigest()
        except OSError:
            return None
        if self.by_digest is None:
            self.by_digest = {}
            for directory, _, names in os.walk(self.root):
                for name in sorted(names):
                    if name.endswith(".py"):
                        full = os.path.join(directory, name)
                        with open(full, "rb") as f:
                            self.by_digest.setdefault(hashlib.sha1(f.read()).hexdigest(),
                                                      os.path.relpath(full, self.root))
        return self.by_digest.get(digest)
