import jax
import jax.numpy as jnp

from objective import objective


def fit(steps=3, lr=0.2):
    kv, kg, kx = jax.random.split(jax.random.key(42), 3)
    w_val = jax.random.normal(kv, (5, 4))
    w_gate = jax.random.normal(kg, (5, 4))
    x = jax.random.normal(kx, (16, 5))
    batch = (x, x[:, 0] - x[:, 1])
    grad_fn = jax.grad(objective, argnums=(0, 1))
    for _ in range(steps):
        g_val, g_gate = grad_fn(w_val, w_gate, batch)
        w_val, w_gate = w_val - lr * g_val, w_gate - lr * g_gate
    final = objective(w_val, w_gate, batch)
    print("final loss", final)
    return final


if __name__ == "__main__":
    fit()
