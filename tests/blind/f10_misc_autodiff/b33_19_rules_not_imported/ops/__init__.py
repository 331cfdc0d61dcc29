from ops.core import clip_gradient, scaled_tanh

__all__ = ["clip_gradient", "scaled_tanh"]
