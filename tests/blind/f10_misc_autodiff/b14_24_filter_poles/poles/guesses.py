"""Starting points for polynomial root polishing."""
import jax.numpy as jnp


def ring_guesses(n, radius=0.9):
    """n points spread over [-radius, radius], one per root to polish."""
    return jnp.linspace(-radius, radius, n)


def unit_circle_guesses(n, radius=0.9, twist=0.4):
    k = jnp.arange(n)
    return radius * jnp.exp(1j * (2 * jnp.pi * k / n + twist))
