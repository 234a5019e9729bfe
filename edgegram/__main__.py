"""``python -m edgegram``: the same as the ``edgegram`` command."""

import sys

from edgegram.cli import main

if __name__ == "__main__":  # not when a worker process (edgegram.engine.parallel) imports the main module
    sys.exit(main())
