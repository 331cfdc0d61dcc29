"""A minimal torch.nn-like layer whose weights live in mutable JAX Refs."""
import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, key, in_features, out_features):
        bound = 1.0 / jnp.sqrt(in_features)
        self.weight = jax.new_ref(
            jax.random.uniform(key, (in_features, out_features), minval=-bound, maxval=bound))
        self.bias = jax.new_ref(jnp.zeros(out_features))

    @staticmethod
    def apply(weight, bias, x):
        return x @ weight[...] + bias[...]

    def __call__(self, x):
        return self.apply(self.weight, self.bias, x)

    def parameters(self):
        return [self.weight, self.bias]
