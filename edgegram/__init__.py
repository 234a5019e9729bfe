"""The ``edgegram`` command line: check files, correct stdin, serve LSP, benchmark decoders.

``edgegram.engine`` and ``edgegram.lsp_server`` are the repository's ``engine/`` and
``lsp_server/`` folders, linked here, so a checkout on ``PYTHONPATH`` runs its own engine.
"""
