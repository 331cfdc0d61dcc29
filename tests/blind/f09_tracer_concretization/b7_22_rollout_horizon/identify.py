"""System identification: fit gravity and damping to a measured final state."""

import jax
import jax.numpy as jnp

from dynamics import rollout

EXPERIMENT = {"dt": 0.01, "horizon": 150, "theta0": 1.0, "lr": 0.5, "iters": 25}


def final_state_loss(params, target, exp):
    state0 = jnp.array([exp["theta0"], 0.0])
    final = rollout(params, state0, exp["dt"], exp["horizon"])
    return jnp.sum((final - target) ** 2)


def identify(exp=EXPERIMENT):
    truth = {"g_over_l": jnp.array(9.0), "damping": jnp.array(0.3)}
    target = rollout(truth, jnp.array([exp["theta0"], 0.0]), exp["dt"], exp["horizon"])
    params = {"g_over_l": jnp.array(7.0), "damping": jnp.array(0.1)}
    grad_fn = jax.grad(final_state_loss)
    for _ in range(exp["iters"]):
        grads = grad_fn(params, target, exp)
        params = jax.tree.map(lambda p, g: p - exp["lr"] * g, params, grads)
    loss = float(final_state_loss(params, target, exp))
    print("loss", loss, {k: float(v) for k, v in params.items()})
    return loss


def main():
    return identify()


if __name__ == "__main__":
    main()
