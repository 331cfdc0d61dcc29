"""Calibrate the temperature bias and degree-day factor against stake readings."""
import jax
import jax.numpy as jnp

from melt import mass_balance

N_DAYS, N_STAKES = 120, 6


def synthetic_season(key):
    k1, k2 = jax.random.split(key)
    days = jnp.arange(N_DAYS, dtype=jnp.float32)
    elev_offset = jnp.linspace(-3.0, 2.0, N_STAKES)
    seasonal = 272.0 + 6.0 * jnp.sin(jnp.pi * days / N_DAYS)
    temps = seasonal[:, None] - elev_offset[None, :] + jax.random.normal(k1, (N_DAYS, N_STAKES))
    snow = 0.004 * jax.random.uniform(k2, (N_DAYS, N_STAKES))
    return temps, snow


def misfit(params, temps, snow, observed):
    return jnp.mean((mass_balance(params, temps, snow) - observed) ** 2)


@jax.jit
def step(params, temps, snow, observed, lr=1e-3):
    loss, grads = jax.value_and_grad(misfit)(params, temps, snow, observed)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    temps, snow = synthetic_season(jax.random.key(0))
    observed = mass_balance((jnp.float32(0.8), jnp.float32(0.006)), temps, snow)
    params = (jnp.float32(0.0), jnp.float32(0.004))
    for _ in range(20):
        params, loss = step(params, temps, snow, observed)
    print("bias %.3f K, ddf %.5f, misfit %.3e" % (params[0], params[1], loss))


if __name__ == "__main__":
    main()
