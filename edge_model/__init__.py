"""Training side of edgegram (needs torch): data pipeline, tokenizer, EdgeFormer model,
training, ONNX export, int8 quantisation and evaluation. Never imported at run time."""
