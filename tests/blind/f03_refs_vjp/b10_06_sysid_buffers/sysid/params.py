"""The (A, B) matrices of x[t+1] = A x[t] + B u[t], stored in Refs."""
import jax
import jax.numpy as jnp


def create_system(cfg, key):
    ka, kb = jax.random.split(key)
    dtype = jnp.dtype(cfg.param_dtype)
    a = 0.1 * jax.random.normal(ka, (cfg.n_state, cfg.n_state))
    b = 0.1 * jax.random.normal(kb, (cfg.n_state, cfg.n_input))
    return {"A": jax.new_ref(a.astype(dtype)), "B": jax.new_ref(b.astype(dtype))}
