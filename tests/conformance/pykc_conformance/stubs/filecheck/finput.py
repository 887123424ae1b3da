"""FInput: accepted and ignored (see __init__.py)."""


class FInput:
    def __init__(self, *args, **kwargs):
        pass
