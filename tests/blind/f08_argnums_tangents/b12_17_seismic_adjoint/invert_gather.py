"""Gradient descent on velocity and reflector depth, with gradients from jax.vjp."""
import jax
import jax.numpy as jnp

from seis.adjoint import l2_adjoint_source, misfit
from seis.forward import shot_gather

OFFSETS = jnp.linspace(50.0, 1500.0, 24)
TIMES = jnp.arange(0.0, 1.2, 0.004)


def observed_gather():
    truth = {"velocity": jnp.array(2150.0), "depth": jnp.array(600.0)}
    return shot_gather(truth, OFFSETS, TIMES).T     # stored time-major, as read from disk


def invert(n_iter=25, lr=(20.0, 5.0)):
    observed = observed_gather()
    model = {"velocity": jnp.array(2100.0), "depth": jnp.array(590.0)}
    history = []
    for _ in range(n_iter):
        synthetic, pullback = jax.vjp(lambda m: shot_gather(m, OFFSETS, TIMES), model)
        (grad,) = pullback(l2_adjoint_source(synthetic, observed))
        history.append(float(misfit(synthetic, observed)))
        scale = jnp.sqrt(grad["velocity"] ** 2 + grad["depth"] ** 2) + 1e-12
        model = {"velocity": model["velocity"] - lr[0] * grad["velocity"] / scale,
                 "depth": model["depth"] - lr[1] * grad["depth"] / scale}
        lr = (0.8 * lr[0], 0.8 * lr[1])
    return model, history


def main():
    model, history = invert()
    print("misfit", history[0], "->", min(history), model)


if __name__ == "__main__":
    main()
