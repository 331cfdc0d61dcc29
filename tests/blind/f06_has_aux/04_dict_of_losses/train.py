import jax
import jax.numpy as jnp

from losses import pinn_losses


def main(steps=5):
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"a": jax.random.normal(k1, (8,)), "b": jax.random.normal(k2, (8,)), "c": 0.1 * jax.random.normal(k3, (8,))}
    t_data = jnp.array([0.0])
    u_data = jnp.array([1.0])
    t_col = jnp.linspace(0.0, 2.0, 16)
    for _ in range(steps):
        losses, grads = jax.value_and_grad(pinn_losses)(params, t_data, u_data, t_col)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    print(losses)
    return losses


if __name__ == "__main__":
    main()
