"""What proposes edits: the model (ONNX Runtime sessions, IAD and greedy decoding, batches on
workers, the persistent result cache), the rules (``rules/``), the speller, the word pairs that
help rank its candidates (``word_pairs``) and the real-word slips the model then judges
(``word_slips``)."""
