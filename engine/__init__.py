"""Grammar checking on CPU: ONNX Runtime inference of the shipped model, lossless
Input-guided Aggressive Decoding, sentence segmentation and character-level edits."""
