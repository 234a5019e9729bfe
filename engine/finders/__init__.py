"""What proposes edits: the model (ONNX Runtime sessions, IAD and greedy decoding, batches on
workers, the persistent result cache), the rules (``rules/``) and the speller."""
