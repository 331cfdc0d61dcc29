"""Annealed Langevin dynamics for a batch of walkers."""
import jax
import jax.numpy as jnp
from jax import lax

import schedule
from landscape import energy

force = jax.vmap(jax.grad(lambda x: -energy(x)))


def anneal(key, x0):
    def sweep(i, carry):
        x, key = carry
        temperature = schedule.TEMPERATURES[i // schedule.SWEEPS_PER_LEVEL]
        eps = schedule.step_size(temperature)
        key, sub = jax.random.split(key)
        noise = jax.random.normal(sub, x.shape)
        x = x + eps * force(x) + jnp.sqrt(2.0 * eps * temperature) * noise
        return x, key

    x, _ = lax.fori_loop(0, schedule.total_sweeps(), sweep, (x0, key))
    return x


def main(walkers=256):
    key, init_key = jax.random.split(jax.random.key(42))
    x0 = jax.random.normal(init_key, (walkers, 2))
    x = anneal(key, x0)
    right = jnp.mean(x[:, 0] > 0.0)
    print(f"mean energy {float(jnp.mean(energy(x))):.3f}, fraction in right well {float(right):.2f}")
    return x


if __name__ == "__main__":
    main()
