"""Named initializers for bead coordinates, looked up from run settings."""
import jax.numpy as jnp

INITIALIZERS = {}


def register(name):
    def deco(fn):
        INITIALIZERS[name] = fn
        return fn
    return deco


@register("straight")
def straight(n_beads, bond=1.0):
    x = jnp.arange(n_beads) * bond
    return jnp.stack([x, jnp.zeros_like(x)], axis=1)


@register("zigzag")
def zigzag(n_beads, bond=1.0):
    x = jnp.arange(n_beads) * bond * 0.9
    y = jnp.where(jnp.arange(n_beads) % 2 == 0, 0.0, 0.4 * bond)
    return jnp.stack([x, y], axis=1)


def make_chain(settings):
    return INITIALIZERS[settings["init"]](settings["n_beads"], settings.get("bond", 1.0))
