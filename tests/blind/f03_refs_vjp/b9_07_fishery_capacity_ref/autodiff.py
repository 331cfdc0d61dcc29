"""Small autodiff helpers shared by the project's models."""
import jax
import jax.numpy as jnp


def value_and_first_grad(f, *args):
    """f(*args) and its gradient with respect to the first argument, via one VJP."""
    out, f_vjp = jax.vjp(f, *args)
    cts = f_vjp(jnp.ones_like(out))
    return out, cts[0]
