"""The one error type of the data pipeline: it always names the file (and line) at fault."""


class DataError(Exception):
    """Missing, empty or malformed training/evaluation data."""
