"""``python -m edgegram``: the same as the ``edgegram`` command."""

import sys

from edgegram.cli import main

sys.exit(main())
