"""Retrieve an atmospheric temperature profile from sounder radiances."""
import jax
import jax.numpy as jnp

from sounder import channel_radiances

N_LAYERS = 12
WAVELENGTHS_UM = jnp.array([13.3, 13.6, 13.9, 14.2, 14.5])


def weighting_functions():
    levels = jnp.linspace(0.0, 1.0, N_LAYERS)
    peaks = jnp.linspace(0.15, 0.85, WAVELENGTHS_UM.shape[0])
    w = jnp.exp(-((levels[None, :] - peaks[:, None]) / 0.15) ** 2)
    return w / w.sum(axis=1, keepdims=True)


def retrieve(observed, prior, weighting, iters=200, lr=20.0, reg=1e-3):
    def cost(temp):
        misfit = channel_radiances(temp, WAVELENGTHS_UM, weighting) - observed
        return jnp.sum(misfit**2) + reg * jnp.sum((temp - prior) ** 2)

    grad = jax.jit(jax.grad(cost))
    temp = prior
    for _ in range(iters):
        temp = temp - lr * grad(temp)
    return temp


def main():
    weighting = weighting_functions()
    truth = 285.0 - 55.0 * jnp.linspace(0.0, 1.0, N_LAYERS) + 3.0 * jnp.sin(jnp.arange(N_LAYERS))
    prior = 280.0 - 50.0 * jnp.linspace(0.0, 1.0, N_LAYERS)
    observed = channel_radiances(truth, WAVELENGTHS_UM, weighting)
    temp = retrieve(observed, prior, weighting)
    print("prior rmse %.2f K, retrieved rmse %.2f K" % (
        jnp.sqrt(jnp.mean((prior - truth) ** 2)), jnp.sqrt(jnp.mean((temp - truth) ** 2))))
    return prior, temp, truth


if __name__ == "__main__":
    main()
