"""Identify a friction coefficient from a sliding-block test rig."""
import jax
import jax.numpy as jnp

from tribology import coulomb_force

NORMAL_LOAD = 40.0


def rig_data(key):
    velocity = jnp.linspace(-0.2, 0.2, 64)
    true = -0.35 * NORMAL_LOAD * jnp.tanh(velocity / 0.01)
    return velocity, true + 0.2 * jax.random.normal(key, velocity.shape)


def loss(params, velocity, measured):
    predicted = coulomb_force(params, velocity, NORMAL_LOAD)
    return jnp.mean((predicted - measured) ** 2)


def fit(steps=60, lr=1e-3):
    velocity, measured = rig_data(jax.random.key(0))
    params = {"mu": jnp.float32(0.2), "log_v_eps": jnp.log(jnp.float32(0.03))}
    for _ in range(steps):
        grads = jax.grad(loss)(params, velocity, measured)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss(params, velocity, measured)


def main():
    params, final = fit()
    print(f"mu={float(params['mu']):.3f} loss={float(final):.3f}")


if __name__ == "__main__":
    main()
