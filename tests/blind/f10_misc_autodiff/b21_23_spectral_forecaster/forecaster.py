"""Lift -> Fourier block -> project; trained to map the past window to the next one."""
import jax
import jax.numpy as jnp

from spectral import fourier_block, init_spectral

SETTINGS = {"length": 64, "width": 8, "modes": 12, "lr": 1e-2, "steps": 3}


def init_model(key, s=SETTINGS):
    ks = jax.random.split(key, 4)
    return {
        "lift": jax.random.normal(ks[0], (1, s["width"])),
        "blocks": [init_spectral(k, s["modes"], s["width"]) for k in ks[1:2]],
        "proj": jax.random.normal(ks[3], (s["width"], 1)) / s["width"],
    }


def predict(params, window):
    h = window[:, None] @ params["lift"]
    for block in params["blocks"]:
        h = fourier_block(block, h)
    return (h @ params["proj"])[:, 0]


def loss_fn(params, past, future):
    preds = jax.vmap(predict, in_axes=(None, 0))(params, past)
    return jnp.mean((preds - future) ** 2)


def load_load_curves(key, n=16, length=SETTINGS["length"]):
    t = jnp.arange(2 * length)
    phase = jax.random.uniform(key, (n, 1), maxval=2 * jnp.pi)
    series = jnp.sin(2 * jnp.pi * t / 24 + phase) + 0.5 * jnp.sin(2 * jnp.pi * t / 12 + 2 * phase)
    return series[:, :length], series[:, length:]


def main():
    params = init_model(jax.random.key(0))
    past, future = load_load_curves(jax.random.key(1))
    step = jax.jit(jax.value_and_grad(loss_fn))
    for i in range(SETTINGS["steps"]):
        loss, grads = step(params, past, future)
        params = jax.tree.map(lambda p, g: p - SETTINGS["lr"] * g, params, grads)
        print(f"step {i}: mse {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
