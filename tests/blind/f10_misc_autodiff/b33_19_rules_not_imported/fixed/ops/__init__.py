from ops.core import clip_gradient, scaled_tanh
from ops import rules  # noqa: F401  (attaches the custom_vjp rules)

__all__ = ["clip_gradient", "scaled_tanh"]
