"""The ``edgegram`` command line: check files, correct stdin, serve LSP, benchmark decoders."""
