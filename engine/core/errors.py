"""Exceptions of the engine; each message names the file or setting that is wrong."""


class EdgegramError(Exception):
    """Base class of every error edgegram raises on purpose."""


class ModelLoadError(EdgegramError):
    """The model directory or one of its files is missing, truncated or inconsistent."""


class DataError(EdgegramError):
    """Missing, empty or malformed benchmark, evaluation or training data; the message names
    the file (and line) at fault."""


class CheckStopped(EdgegramError):
    """A check was stopped between sentences because its caller no longer wants it."""
