"""Keeping TLS out of the language server's process.

The server talks over stdio or plain TCP, never TLS, but asyncio imports ``ssl`` when it is
first imported (to offer TLS), and with it libssl: 2.1 MB of resident memory for the life of
the server (beside hashlib's libcrypto, which the server loads anyway). :func:`leave_out_ssl`,
called before asyncio is imported, marks ``ssl`` as absent, which asyncio supports (it is how
it runs on a Python built without ssl).
"""

from __future__ import annotations

import sys


def leave_out_ssl() -> bool:
    """Mark ``ssl`` absent for this process unless something imported it already; whether
    it is absent now. A later ``import ssl`` raises ImportError."""
    if "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]  # the import system's "not available"
    return sys.modules["ssl"] is None
