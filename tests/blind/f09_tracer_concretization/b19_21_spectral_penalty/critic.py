"""A Lipschitz-regularised critic for a toy Wasserstein distance estimate."""

import jax
import jax.numpy as jnp

from spectral import spectral_norm

REGULARIZERS = {
    "spectral": lambda params: sum(jax.nn.relu(spectral_norm(w) - 1.0) ** 2 for w in (params["w1"], params["w2"])),
    "l2": lambda params: sum(jnp.sum(w**2) for w in jax.tree.leaves(params)),
}


def critic(params, x):
    return (jnp.tanh(x @ params["w1"]) @ params["w2"])[:, 0]


def make_objective(reg_name, reg_weight):
    reg = REGULARIZERS[reg_name]

    def objective(params, real, fake):
        gap = jnp.mean(critic(params, real)) - jnp.mean(critic(params, fake))
        return -gap + reg_weight * reg(params)

    return objective
