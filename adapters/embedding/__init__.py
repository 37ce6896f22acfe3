"""The optional semantic layer's model: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime (ADR 0080)."""
