"""Locate a local earthquake from P picks at a small seismic network."""
import jax
import jax.numpy as jnp

from locate import ensemble_misfit, travel_times
from velocity import sample_velocities

STATIONS = jnp.array([
    [0.0, 0.0], [12.0, 3.0], [-8.0, 10.0], [5.0, -14.0],
    [20.0, 18.0], [-15.0, -6.0], [3.0, 25.0], [-22.0, 15.0],
])
TRUE_HYPO = jnp.array([4.0, 6.0, 9.0, 1.5])


def synthetic_picks(key):
    return travel_times(TRUE_HYPO, 6.1, STATIONS) + 0.02 * jax.random.normal(key, (len(STATIONS),))


def locate(picks, velocities, steps=3000, lr=jnp.array([20.0, 20.0, 20.0, 0.5])):
    hypo = jnp.array([0.0, 0.0, 5.0, 0.0])
    grad_fn = jax.jit(jax.grad(ensemble_misfit))
    for _ in range(steps):
        hypo = hypo - lr * grad_fn(hypo, velocities, STATIONS, picks)
    return hypo


def main():
    k_pick, k_vel = jax.random.split(jax.random.key(2024))
    hypo = locate(synthetic_picks(k_pick), sample_velocities(k_vel, 16))
    print("hypocentre x=%.2f y=%.2f z=%.2f km, t0=%.3f s" % tuple(hypo))
    print("epicentral error %.2f km" % jnp.linalg.norm(hypo[:2] - TRUE_HYPO[:2]))


if __name__ == "__main__":
    main()
