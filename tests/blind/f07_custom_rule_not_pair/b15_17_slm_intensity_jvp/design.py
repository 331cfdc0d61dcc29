"""Design a phase hologram that projects a target pattern (gradient descent)."""
import jax
import jax.numpy as jnp

from optics.propagation import HolographicProjector

N = 32


def target_pattern():
    y, x = jnp.mgrid[:N, :N]
    ring = jnp.abs(jnp.hypot(x - N / 2, y - N / 2) - 8.0) < 1.5
    pattern = ring.astype(jnp.float32)
    return pattern / jnp.sum(pattern)


def design(iters=50, lr=200.0):
    projector = HolographicProjector(aperture=jnp.ones((N, N)))
    target = target_pattern()
    loss = lambda phase: jnp.sum((projector.image(phase) - target) ** 2)
    step = jax.jit(jax.value_and_grad(loss))
    phase = 2 * jnp.pi * jax.random.uniform(jax.random.key(0), (N, N))
    for _ in range(iters):
        value, g = step(phase)
        phase = phase - lr * g
    return phase, value


def main():
    _, value = design()
    print("pattern error", float(value))


if __name__ == "__main__":
    main()
