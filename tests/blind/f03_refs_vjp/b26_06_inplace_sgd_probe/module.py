"""A torch.nn.Module-like container whose parameters live in mutable JAX Refs."""
import jax
import jax.numpy as jnp


class Parameter:
    """Factory for in-place-updatable parameters."""

    def __new__(cls, value):
        return jax.new_ref(jnp.asarray(value, dtype=jnp.float32))


class LinearProbe:
    def __init__(self, key, d_in, n_classes):
        self.weight = Parameter(jax.random.normal(key, (d_in, n_classes)) * 0.01)
        self.bias = Parameter(jnp.zeros(n_classes))

    def named_parameters(self):
        return {"weight": self.weight, "bias": self.bias}

    @staticmethod
    def apply(params, x):
        return x @ params["weight"][...] + params["bias"][...]


class SGD:
    def __init__(self, params, lr):
        self.params = params
        self.lr = lr

    def step(self, grads):
        for name, p in self.params.items():
            p[...] -= self.lr * grads[name]
