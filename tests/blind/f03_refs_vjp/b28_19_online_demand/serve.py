# Streaming fit: one SGD step per incoming hour batch.
import jax
import jax.numpy as jnp
import numpy as np

from demand_model import OnlineDemandModel, features, mse

rng = np.random.default_rng(4)
LR = 0.05


def stream(n_batches, batch=24):
    for d in range(n_batches):
        hour = jnp.arange(batch, dtype=jnp.float32)
        temp = jnp.asarray(18 + 8 * np.sin(2 * np.pi * (np.arange(batch) - 9) / 24) + rng.normal(0, 1, batch), jnp.float32)
        x = features(hour, temp)
        y = x @ jnp.array([0.8, -0.5, 1.2, 0.9]) + 3.0 + 0.1 * jnp.asarray(rng.normal(size=batch), jnp.float32)
        yield x, y


def main():
    model = OnlineDemandModel(4)
    for day, (x, y) in enumerate(stream(60)):
        grads = jax.grad(mse)(model.params(), x, y)
        model.apply_update(grads, LR)
        if day % 20 == 0:
            print(f"day {day}: mse {float(mse({'w': model.w[...], 'b': model.b[...]}, x, y)):.3f}")
    print("weights", model.w[...], "bias", model.b[...])
    return model


if __name__ == "__main__":
    main()
