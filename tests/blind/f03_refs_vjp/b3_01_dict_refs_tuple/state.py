"""Model weights kept in mutable Refs, keyed by layer name."""
import jax
import jax.numpy as jnp


def init_weights(key, n_in, n_out):
    return {
        "w": jax.new_ref(jax.random.normal(key, (n_in, n_out)) * 0.1),
        "b": jax.new_ref(jnp.zeros((n_out,))),
    }


def zeros_like_refs(refs):
    return {name: jax.new_ref(jnp.zeros_like(ref[...])) for name, ref in refs.items()}


def predict(weights, x):
    return x @ weights["w"][...] + weights["b"][...]
