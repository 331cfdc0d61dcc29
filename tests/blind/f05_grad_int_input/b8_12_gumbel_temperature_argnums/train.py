"""Learn the encoder, decoder and the relaxation temperature jointly."""
import jax
import jax.numpy as jnp

from relaxed import loss


def train(n_steps=3, lr=0.05):
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (32, 6))
    params = {
        "enc": 0.1 * jax.random.normal(jax.random.PRNGKey(1), (6, 4)),
        "dec": 0.1 * jax.random.normal(jax.random.PRNGKey(2), (4, 6)),
    }
    temperature = jnp.array(1.0)
    for step in range(n_steps):
        key, sub = jax.random.split(key)
        g_params, g_temp = jax.grad(loss, argnums=(0, 2))(params, (sub, x), step, temperature)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, g_params)
        temperature = jnp.clip(temperature - lr * g_temp, 0.1, 5.0)
    return params, temperature


def main():
    _, temperature = train()
    print("temperature", float(temperature))


if __name__ == "__main__":
    main()
