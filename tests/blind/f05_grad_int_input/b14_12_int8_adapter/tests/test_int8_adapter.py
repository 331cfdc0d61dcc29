from finetune import finetune
from qlora.config import QuantConfig


def test_finetune_runs():
    assert finetune(QuantConfig(), steps=2) >= 0
