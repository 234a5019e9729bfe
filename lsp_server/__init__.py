"""The edgegram language server: serves grammar diagnostics and fixes from a checker over LSP."""
