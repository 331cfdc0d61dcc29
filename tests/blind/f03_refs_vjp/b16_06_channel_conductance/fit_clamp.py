"""Fit channel densities to voltage-clamp recordings with Ref-held parameters."""
import jax
import jax.numpy as jnp

from channels import clamp_currents, grad_buffer, holding_potentials
from config import CableConfig


def sse(gbar_ref, v, area, recorded):
    return jnp.sum((clamp_currents(gbar_ref, v, area) - recorded) ** 2)


def fit(cfg=CableConfig(), n_iter=20):
    v = holding_potentials(cfg)
    area = jnp.linspace(1.0, 0.4, cfg.n_compartments)
    truth = jax.new_ref(jnp.array([1.2, 0.36, 0.003]))
    recorded = clamp_currents(truth, v, area)
    gbar = jax.new_ref(jnp.array([1.0, 0.5, 0.01]))
    for _ in range(n_iter):
        value, f_vjp = jax.vjp(sse, gbar, v, area, recorded)
        g = grad_buffer(cfg)
        nope = jax.ad.DontWant()
        f_vjp.with_refs(g, nope, nope, nope)(jnp.ones_like(value))
        gbar[...] = gbar[...] - cfg.lr * g[...]
    return gbar[...], value


def main():
    gbar, value = fit()
    print("densities", gbar, "sse", float(value))


if __name__ == "__main__":
    main()
