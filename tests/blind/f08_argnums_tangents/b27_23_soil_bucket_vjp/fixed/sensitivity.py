"""Which soil parameters does root-zone water depend on? A weighted adjoint sensitivity."""
import jax
import jax.numpy as jnp

from bucket import SoilParams, simulate

ROOT_WEIGHTS = jnp.array([0.5, 0.35, 0.15])


def root_zone_sensitivity(params, rain, theta0):
    storage, pullback = jax.vjp(lambda p: simulate(p, rain, theta0), params)
    (grads,) = pullback(jnp.broadcast_to(ROOT_WEIGHTS / rain.shape[0], storage.shape))
    return grads


def main():
    params = SoilParams(jnp.array([40.0, 60.0, 80.0]), jnp.array([0.2, 0.1, 0.05]),
                        jnp.array([0.03, 0.02, 0.01]))
    rain = 10.0 * jax.random.exponential(jax.random.key(0), (90,)) * (
        jax.random.uniform(jax.random.key(1), (90,)) < 0.3)
    grads = root_zone_sensitivity(params, rain, jnp.array([20.0, 30.0, 40.0]))
    for name, g in zip(SoilParams._fields, grads):
        print(f"{name:>12}: {g}")


if __name__ == "__main__":
    main()
