from counts.reductions import reduce_loss
from counts.glm import PoissonGLM

__all__ = ["reduce_loss", "PoissonGLM"]
