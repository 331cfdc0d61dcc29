"""Experiment settings for the two-tower retrieval model."""

SETTINGS = {
    "query_vocab": 80,
    "doc_vocab": 120,
    "embed_dim": 16,
    "temperature": 1,
    "learn_temperature": True,
    "lr": 0.1,
    "epochs": 3,
}
