"""Linear regression trained in one lax.scan over steps (notebook-to-script port)."""
import jax
import jax.numpy as jnp
from jax import lax

import schedules

SCHEDULE = {"kind": "warmup_cosine", "lr": 0.1, "warmup": 10, "total": 100}


def mse(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def run(w0, x, y, cfg=SCHEDULE):
    lr_at = schedules.build(cfg)

    def body(w, step):
        loss, g = jax.value_and_grad(mse)(w, x, y)
        return w - lr_at(step) * g, loss

    return lax.scan(body, w0, jnp.arange(cfg["total"]))


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (128, 4))
    y = x @ jnp.array([1.0, -2.0, 0.5, 3.0])
    w, losses = run(jnp.zeros(4), x, y)
    print("w", w, "final loss", losses[-1])


if __name__ == "__main__":
    main()
