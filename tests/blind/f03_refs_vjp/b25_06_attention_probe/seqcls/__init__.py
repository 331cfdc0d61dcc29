from seqcls.inspect.recorder import AttentionRecorder
from seqcls.layers.attention import SelfAttention
from seqcls.model import Classifier

__all__ = ["AttentionRecorder", "SelfAttention", "Classifier"]
