from qat.quantize import fake_quant
from qat.layers import QuantDense, MLP

__all__ = ["fake_quant", "QuantDense", "MLP"]
