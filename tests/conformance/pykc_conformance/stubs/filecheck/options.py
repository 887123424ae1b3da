"""Options: accepted and ignored (see __init__.py)."""


class Options:
    def __init__(self, *args, **kwargs):
        self.__dict__.update(kwargs)
