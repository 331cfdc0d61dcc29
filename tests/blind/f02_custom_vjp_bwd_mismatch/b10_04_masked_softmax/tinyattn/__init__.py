"""Single-head attention with a memory-light softmax."""
