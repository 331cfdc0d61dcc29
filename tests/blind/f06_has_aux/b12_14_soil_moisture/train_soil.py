"""Fit the regressor on synthetic backscatter (VV, VH, incidence angle, NDVI)."""
import jax
import jax.numpy as jnp

from soilnet.layers import NormMLP
from soilnet.objective import make_loss

MODEL = NormMLP(n_in=4)
LOSS = make_loss(MODEL)


def make_batch(key, n=128):
    x = jax.random.normal(key, (n, 4)) * jnp.array([3.0, 2.0, 8.0, 0.2]) + jnp.array([-12.0, -19.0, 38.0, 0.5])
    theta = 0.25 + 0.02 * (x[:, 0] + 12.0) - 0.1 * (x[:, 3] - 0.5) + 0.003 * (x[:, 2] - 38.0)
    return {"x": x, "theta": theta}


@jax.jit
def train_step(params, state, batch, lr=0.05):
    (loss, (metrics, state)), grads = jax.value_and_grad(LOSS, has_aux=True)(params, state, batch)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, state, loss, metrics


def train(n_steps=200):
    params, state = MODEL.init(jax.random.PRNGKey(0))
    losses = []
    for i in range(n_steps):
        params, state, loss, metrics = train_step(params, state, make_batch(jax.random.PRNGKey(i)))
        losses.append(float(loss))
    return params, state, losses


def main():
    _, _, losses = train()
    print("loss", losses[0], "->", losses[-1])


if __name__ == "__main__":
    main()
