"""What every stage stands on: edits and their types, errors, caches, text geometry, the
model files' contract, the version, and the readers of the shared data for evaluation."""
