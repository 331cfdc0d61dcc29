"""Parameters as Refs, and the simulated gauge flows."""

import jax
import jax.numpy as jnp


def init_store(cfg, key):
    k1, k2 = jax.random.split(key)
    return {
        "recession": jax.new_ref(jnp.full((cfg.n_res,), 0.3)),
        # a column, so it broadcasts against the (n_res, n_days) rain routing below
        "gain": jax.new_ref(0.5 + 0.1 * jax.random.uniform(k1, (cfg.n_res, 1))),
        "mix": jax.new_ref(jax.random.dirichlet(k2, jnp.ones(cfg.n_res), (cfg.n_gauges,))),
    }


def simulate(store, rain):
    recession = jax.nn.sigmoid(store["recession"][...])
    inflow = store["gain"][...] * rain[None, :]  # (n_res, n_days)

    def day(storage, q_in):
        out = recession * storage
        return storage - out + q_in, out

    _, outflow = jax.lax.scan(day, jnp.zeros_like(recession), inflow.T)
    return outflow @ store["mix"][...].T  # (n_days, n_gauges)


def misfit(store, rain, observed):
    return jnp.mean((simulate(store, rain) - observed) ** 2)
