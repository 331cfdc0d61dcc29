import jax
import jax.numpy as jnp

from params import default


def final_position(p, x0=1.0, v0=0.0, dt=0.05):
    x, v = x0, v0
    for _ in range(50):
        a = -p.stiffness * x - p.damping * v
        v = v + dt * a
        x = x + dt * v
    return x


def main():
    p = default()
    sens = jax.grad(final_position)(p)
    print(sens)
    return sens


if __name__ == "__main__":
    main()
