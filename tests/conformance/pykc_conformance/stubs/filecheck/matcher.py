"""Matcher: every check run is a skipped test (see __init__.py)."""
import unittest


class Matcher:
    def __init__(self, *args, **kwargs):
        self.stderr = None

    def run(self):
        raise unittest.SkipTest("the filecheck package is not installed")
