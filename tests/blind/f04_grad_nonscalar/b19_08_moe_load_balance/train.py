"""Train the MoE layer with a config of weighted auxiliary losses."""

import functools

import jax
import jax.numpy as jnp

from aux_losses import AUX_LOSSES
from moe import init_moe, moe_forward

CONFIG = {
    "model": {"d_in": 8, "d_out": 2, "n_experts": 4},
    "aux_losses": {"load_balance": 0.01, "router_z": 0.001},
    "lr": 0.05,
    "steps": 4,
}


def make_objective(aux_weights):
    def objective(params, x, y):
        pred, (router_logits, expert_index) = moe_forward(params, x)
        total = jnp.mean((pred - y) ** 2)
        for name, weight in aux_weights.items():
            total = total + weight * AUX_LOSSES[name](router_logits, expert_index)
        return total
    return objective


@functools.partial(jax.jit, static_argnums=(0, 4))
def step(objective, params, x, y, lr):
    loss, grads = jax.value_and_grad(objective)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(config=CONFIG):
    key = jax.random.PRNGKey(0)
    params = init_moe(key, **config["model"])
    x = jax.random.normal(jax.random.fold_in(key, 1), (64, config["model"]["d_in"]))
    y = jnp.stack([jnp.sin(x[:, 0]), x[:, 1] * x[:, 2]], axis=1)
    objective = make_objective(config["aux_losses"])
    for _ in range(config["steps"]):
        params, loss = step(objective, params, x, y, config["lr"])
    print("loss:", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
