"""The forward-gradient estimate (grad . v) v, unbiased for Gaussian v."""
import jax

from fwdgrad.probes import gaussian_probe


def forward_gradient(loss_fn, params, key, *args):
    probe = gaussian_probe(key, params)
    loss, slope = jax.jvp(lambda p: loss_fn(p, *args), (params,), (probe,))
    return loss, jax.tree.map(lambda v: slope * v, probe)
