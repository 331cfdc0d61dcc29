"""Travel times along straight rays, t = L @ s, with a VJP written by hand for speed."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def travel_times(slowness, lengths):
    """slowness: (n_cells,) s/km, lengths: (n_rays, n_cells) km of each ray in each cell."""
    return lengths @ slowness


def _tt_fwd(slowness, lengths):
    return lengths @ slowness, (slowness, lengths)


def _tt_bwd(res, g):
    slowness, lengths = res
    g_slowness = jnp.sum(lengths * g[:, None], axis=1)
    g_lengths = jnp.outer(g, slowness)
    return g_slowness, g_lengths


travel_times.defvjp(_tt_fwd, _tt_bwd)
